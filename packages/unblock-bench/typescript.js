/**
 * What the runner needs to read TypeScript fixtures: which files are TypeScript, the parser the
 * Unblock rules read them with, and the ESLint language options for any project file.
 *
 * The parser is `@typescript-eslint/parser`, taken from the fixture's own project first (a
 * TypeScript project linted with ESLint has it), else from the runner's; it is loaded only when a
 * fixture has a TypeScript file, so JavaScript fixtures never pay for it.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { BenchError, oneLine } from './errors.js';

/** Extensions Node's type stripping runs (.tsx needs a JSX transform, which Node does not do). */
export const TYPESCRIPT_EXTENSIONS = ['.ts', '.mts', '.cts'];

/**
 * A flat config's `files` for every file the runner lints: ESLint lints no file that only
 * universal patterns (`**\/*`) match, and none but .js, .mjs and .cjs by default.
 */
export const LINTED_FILES = ['**/*.js', '**/*.mjs', '**/*.cjs', '**/*.jsx', ...TYPESCRIPT_EXTENSIONS.map((ext) => `**/*${ext}`)];

/** @param {string} file */
export function isTypeScriptFile(file) {
  return TYPESCRIPT_EXTENSIONS.includes(path.extname(file));
}

/** @type {Map<string, any>} folder the parser was looked for from → the parser */
const parsers = new Map();

/**
 * `@typescript-eslint/parser`, resolved from `fromDir` (the fixture's folder) or else from the
 * runner's own install. One line naming what to install when neither has it.
 * @param {string} fromDir
 * @param {string} forFile shown in the error
 */
export function loadTypeScriptParser(fromDir, forFile) {
  const cached = parsers.get(fromDir);
  if (cached) return cached;
  /** @type {unknown} */
  let lastError;
  for (const base of [path.join(fromDir, 'noop.js'), import.meta.url]) {
    try {
      const parser = createRequire(base)('@typescript-eslint/parser');
      parsers.set(fromDir, parser);
      return parser;
    } catch (error) {
      lastError = error;
    }
  }
  throw new BenchError(
    `${forFile} is TypeScript, and the Unblock rules read TypeScript through @typescript-eslint/parser, which is not installed in the project (npm i -D @typescript-eslint/parser): ${oneLine(lastError)}`,
    { code: 'TYPESCRIPT_PARSER_MISSING' },
  );
}

/**
 * ESLint's sourceType for a file: `.cjs` and `.cts` are CommonJS; everything else is parsed as a
 * module, which also accepts CommonJS code that does not use top-level `return`.
 * @param {string} filename
 * @returns {'module' | 'commonjs'}
 */
export function sourceTypeOf(filename) {
  return /\.c[jt]s$/.test(filename) ? 'commonjs' : 'module';
}

/**
 * The language options the rules lint one project file with: ESLint's own parser for JavaScript,
 * `@typescript-eslint/parser` for TypeScript.
 * @param {string} filename
 * @param {string} projectDir where the TypeScript parser is looked for first
 * @returns {import('eslint').Linter.LanguageOptions}
 */
export function languageOptionsFor(filename, projectDir) {
  const sourceType = sourceTypeOf(filename);
  if (!isTypeScriptFile(filename)) return { ecmaVersion: 'latest', sourceType, parserOptions: { ecmaFeatures: { jsx: true } } };
  return {
    parser: loadTypeScriptParser(projectDir, filename),
    sourceType,
    // The rules read no type information: no program, no node maps (as the editor lints).
    parserOptions: { warnOnUnsupportedTypeScriptVersion: false, jsDocParsingMode: 'none', preserveNodeMaps: false },
  };
}
