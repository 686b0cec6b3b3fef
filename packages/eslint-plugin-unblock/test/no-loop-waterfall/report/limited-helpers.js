/**
 * Shared by the p-map / p-limit rewrite tests: lint a snippet as a file of
 * one of the fixture packages under fixtures/limited/ (each a package.json
 * declaring which helper it depends on), and read back a suggestion's output.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import rule from '../../../rules/no-loop-waterfall.js';
import { outputOfSuggestion } from './loop-helpers.js';

export const limitedFixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'limited');

/**
 * @param {string} code
 * @param {{ project: string, file?: string, options?: object, sourceType?: 'module' | 'commonjs' | 'script' }} settings
 *   project: a folder under fixtures/limited; file: the linted file's name in it (its extension picks the parser)
 */
export function lintInProject(code, { project, file = 'routes.js', options = {}, sourceType = 'module' }) {
  const cwd = path.join(limitedFixtures, project);
  const linter = new Linter({ cwd });
  const typescript = /\.[cm]?ts$/.test(file);
  return linter.verify(
    code,
    [
      {
        files: ['**/*.js', '**/*.cjs', '**/*.mjs', '**/*.ts', '**/*.cts', '**/*.mts'],
        plugins: { unblock: { rules: { 'no-loop-waterfall': rule } } },
        // The rewrite tests cover loops of every effect: loops that write are rewritten as carefully (includeWrites).
        rules: { 'unblock/no-loop-waterfall': ['warn', { includeWrites: true, ...options }] },
        languageOptions: { ecmaVersion: 'latest', sourceType, ...(typescript ? { parser: tsParser } : {}) },
      },
    ],
    path.join(cwd, file),
  );
}

/**
 * The suggestion ids of the first report, in the order they are offered.
 * @param {string} code
 * @param {Parameters<typeof lintInProject>[1]} settings
 */
export function suggestionIds(code, settings) {
  const [message] = lintInProject(code, settings);
  if (!message) throw new Error(`no report for:\n${code}`);
  return (message.suggestions ?? []).map((suggestion) => suggestion.messageId);
}

/**
 * The source after applying one suggestion of the first report.
 * @param {string} code
 * @param {string} messageId
 * @param {Parameters<typeof lintInProject>[1]} settings
 */
export function limitedOutput(code, messageId, settings) {
  return outputOfSuggestion(code, lintInProject(code, settings), messageId);
}
