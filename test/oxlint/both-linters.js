/**
 * Lays out the rule test cases and the server fixtures as files in one folder, each with the
 * rules (and options) its test runs, and lints that folder with ESLint and with oxlint, so the
 * parity test can compare both tools report for report and fix for fix.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import plugin from '../../packages/eslint-plugin-unblock/index.js';
import { oxlintConfig, runOxlint } from '../../scripts/oxlint/run-oxlint.js';

const fixturesDir = fileURLToPath(new URL('../../fixtures/', import.meta.url));

/**
 * @typedef {object} CaseFile
 * @property {string} file absolute path
 * @property {string} code
 * @property {Record<string, import('eslint').Linter.RuleEntry>} rules
 */

/**
 * The file name a case is linted under: its own `filename`, else `file.<ext>` by parser and
 * source type (a script becomes `.cjs`, the one way to tell oxlint a file is not a module).
 * @param {any} testCase
 * @param {'js' | 'ts'} kind
 * @returns {string | undefined} undefined when the case does not run under this parser
 */
function caseFileName(testCase, kind) {
  if (testCase.only && testCase.only !== kind) return undefined;
  const script = ['script', 'commonjs'].includes(testCase.languageOptions?.sourceType);
  if (testCase.filename) return kind === 'ts' && !/\.tsx?$/.test(testCase.filename) ? undefined : testCase.filename;
  if (script) return kind === 'js' ? 'file.cjs' : undefined;
  return kind === 'ts' ? 'file.ts' : 'file.js';
}

/**
 * Writes every case (under each parser it runs with) to `<dir>/<rule>-<n>/<file name>`, and
 * every fixture's JavaScript to `<dir>/fixtures/...` with all rules on.
 * @param {string} dir an empty folder
 * @param {Array<{ name: string, cases: { valid: Array<any>, invalid: Array<any> } }>} recorded
 * @returns {CaseFile[]}
 */
export function writeCaseFiles(dir, recorded) {
  /** @type {CaseFile[]} */
  const files = [];
  // Several test files may record cases for one rule: the block's place keeps their folders apart.
  recorded.forEach(({ name, cases }, block) => {
    [...cases.valid, ...cases.invalid].forEach((raw, index) => {
      const testCase = typeof raw === 'string' ? { code: raw } : raw;
      /** @type {import('eslint').Linter.RuleEntry} */
      const entry = testCase.options ? ['warn', ...testCase.options] : 'warn';
      for (const kind of /** @type {const} */ (['js', 'ts'])) {
        const fileName = caseFileName(testCase, kind);
        if (fileName) files.push({ file: path.join(dir, `${name}-${block}-${index}-${kind}`, fileName), code: testCase.code, rules: { [`unblock/${name}`]: entry } });
      }
    });
  });
  const allRules = Object.fromEntries(Object.keys(plugin.rules).map((id) => [`unblock/${id}`, /** @type {const} */ ('warn')]));
  for (const entry of fs.readdirSync(fixturesDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js') || entry.parentPath.includes('node_modules')) continue;
    const source = path.join(entry.parentPath, entry.name);
    files.push({ file: path.join(dir, 'fixtures', path.relative(fixturesDir, source)), code: fs.readFileSync(source, 'utf8'), rules: allRules });
  }
  for (const { file, code } of files) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, code);
  }
  return files;
}

/**
 * ESLint's reports for one case file, linted as oxlint sees it: same absolute path, same cwd,
 * the parser and source type its extension says.
 * @param {CaseFile} caseFile
 * @param {string} cwd
 */
export function eslintMessages(caseFile, cwd) {
  const typescript = /\.tsx?$/.test(caseFile.file);
  /** @type {'commonjs' | 'module'} */
  const sourceType = caseFile.file.endsWith('.cjs') ? 'commonjs' : 'module';
  const linter = new Linter({ cwd });
  const config = {
    files: ['**/*.js', '**/*.cjs', '**/*.ts'],
    plugins: { unblock: plugin },
    languageOptions: { ecmaVersion: /** @type {const} */ ('latest'), sourceType, ...(typescript ? { parser: tsParser } : {}) },
    rules: caseFile.rules,
  };
  return linter.verify(caseFile.code, [config], { filename: caseFile.file });
}

/**
 * Runs oxlint over `dir` with each case file's rules as a per-file override.
 * @param {string} dir the folder writeCaseFiles filled (the config is written there)
 * @param {CaseFile[]} files
 * @param {string[]} [extraArgs]
 */
export function oxlintCaseFiles(dir, files, extraArgs = []) {
  const overrides = files.map(({ file, rules }) => ({ files: [path.relative(dir, file).split(path.sep).join('/')], rules }));
  return runOxlint({ targets: ['.'], cwd: dir, configDir: dir, config: oxlintConfig({}, overrides), extraArgs });
}
