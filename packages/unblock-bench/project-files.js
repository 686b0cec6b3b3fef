import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Linter } from 'eslint';
import { ResolverFactory } from 'oxc-resolver';
import { BenchError } from './errors.js';
import { LINTED_FILES, TYPESCRIPT_EXTENSIONS, languageOptionsFor } from './typescript.js';

/** Files the rules can read: the runner rewrites these and nothing else (no JSON, no templates). */
const SOURCE_EXTENSIONS = ['.js', '.mjs', '.cjs', '.jsx', ...TYPESCRIPT_EXTENSIONS];
/**
 * TypeScript's own resolution: `import './db.js'` in TypeScript names db.ts when that is what
 * exists (the server host resolves it the same way, see server-host.js).
 */
const EXTENSION_ALIAS = { '.js': ['.js', '.ts'], '.mjs': ['.mjs', '.mts'], '.cjs': ['.cjs', '.cts'] };

/**
 * @typedef {object} ProjectFile
 * @property {string} path absolute path
 * @property {string} relative path relative to the fixture directory, with "/" separators
 * @property {string} source the file's text as the servers will load it ("before")
 */

/**
 * The fixture's own source files: the entry and every file it reaches through relative imports
 * (`import … from './x.js'`, `export … from`, `import('./x.js')`, `require('./x')`), resolved the
 * way Node resolves them (oxc-resolver with Node's conditions), in the order they are first
 * reached. Bare specifiers and anything under node_modules or outside the fixture directory are
 * never followed: the runner fixes the project's code, not its dependencies. TypeScript files are
 * read with @typescript-eslint/parser; their type-only imports are not followed (Node never loads them).
 * @param {{ dir: string, entryPath: string, source: string }} fixture `source` is the entry's text
 * @param {{ onUnresolved?: (file: string, specifier: string) => void }} [hooks] told of each relative import
 *   that resolves to no file (the report says what the rules could not read)
 * @returns {Promise<ProjectFile[]>}
 */
export async function collectProjectFiles(fixture, hooks = {}) {
  const resolver = new ResolverFactory({ conditionNames: ['node', 'import', 'require', 'default'], extensions: SOURCE_EXTENSIONS, extensionAlias: EXTENSION_ALIAS });
  /** @type {ProjectFile[]} */
  const files = [];
  const seen = new Set([fixture.entryPath]);
  const queue = [{ path: fixture.entryPath, source: fixture.source }];
  while (queue.length > 0) {
    const current = /** @type {{ path: string, source: string }} */ (queue.shift());
    const relative = relativeName(fixture.dir, current.path);
    files.push({ ...current, relative });
    for (const specifier of importSpecifiers(current.source, relative, fixture.dir)) {
      const resolved = resolver.sync(path.dirname(current.path), specifier);
      const target = resolved.path;
      if (!target) hooks.onUnresolved?.(relative, specifier);
      if (!target || seen.has(target) || !isProjectFile(fixture.dir, target)) continue;
      seen.add(target);
      const source = await readFile(target, 'utf8').catch(() => null);
      if (source !== null) queue.push({ path: target, source });
    }
  }
  return files;
}

/**
 * The relative specifiers a module imports, read from its syntax tree with ESLint's parser (or
 * TypeScript's) and scope analysis: `require` counts only when it is Node's (the global one, or one
 * made by `createRequire`), so a local function that happens to be called require is not followed.
 * Type-only imports and exports (`import type`, `export type … from`) are left out: nothing loads them.
 * @param {string} source
 * @param {string} filename shown in the parse error; its extension decides the parser
 * @param {string} [projectDir] where the TypeScript parser is looked for first
 * @returns {string[]}
 */
export function importSpecifiers(source, filename, projectDir = process.cwd()) {
  /** @type {string[]} */
  const found = [];
  /** @param {any} node */
  const take = (node) => {
    if (node?.type === 'Literal' && typeof node.value === 'string' && /^\.{1,2}(\/|$)/.test(node.value)) found.push(node.value);
  };
  const collector = {
    meta: { type: /** @type {const} */ ('problem'), schema: [] },
    /** @param {any} context */
    create(context) {
      return {
        /** @param {any} node */
        'ImportDeclaration, ExportNamedDeclaration, ExportAllDeclaration, ImportExpression'(node) {
          if (node.importKind === 'type' || node.exportKind === 'type') return;
          take(node.source);
        },
        /** @param {any} node */
        CallExpression(node) {
          if (node.callee.type === 'Identifier' && node.callee.name === 'require' && isNodeRequire(context, node)) take(node.arguments[0]);
        },
      };
    },
  };
  const linter = new Linter();
  const messages = linter.verify(
    source,
    /** @type {any} */ ([
      {
        files: LINTED_FILES,
        plugins: { collect: { rules: { imports: collector } } },
        languageOptions: languageOptionsFor(filename, projectDir),
        rules: { 'collect/imports': 'error' },
      },
    ]),
    { filename },
  );
  const fatal = messages.find((m) => m.fatal);
  if (fatal) {
    throw new BenchError(`cannot parse ${filename}: ${fatal.message} (line ${fatal.line}, column ${fatal.column})`, { code: 'FIX_FAILED' });
  }
  return [...new Set(found)];
}

/**
 * @param {any} context
 * @param {any} node a call of an identifier named require
 */
function isNodeRequire(context, node) {
  for (let scope = context.sourceCode.getScope(node); scope; scope = scope.upper) {
    const variable = scope.set.get('require');
    if (!variable) continue;
    if (variable.defs.length === 0) return true; // an implicit global
    const init = variable.defs[0].node?.init;
    return init?.type === 'CallExpression' && /createRequire$/.test(init.callee.name ?? init.callee.property?.name ?? '');
  }
  return true; // not declared anywhere: Node's own in CommonJS
}

/**
 * @param {string} dir
 * @param {string} file
 */
function isProjectFile(dir, file) {
  const relative = path.relative(dir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return false;
  if (relative.split(path.sep).includes('node_modules')) return false;
  return SOURCE_EXTENSIONS.includes(path.extname(file));
}

/**
 * @param {string} dir
 * @param {string} file
 */
function relativeName(dir, file) {
  return path.relative(dir, file).split(path.sep).join('/');
}
