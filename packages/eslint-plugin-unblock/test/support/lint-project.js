/**
 * Lints files of a project folder in this process through the `ESLint` class, as `npx eslint`
 * run in that folder would (its cwd is the lint's folder), with the recommended rules.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import plugin from '../../index.js';

/**
 * @param {string} cwd
 * @param {string[]} files relative to cwd
 * @param {Record<string, object>} [ruleOptions] options of some rules, by id (`no-await-waterfall`), over the recommended setup
 * @returns {Promise<Record<string, Array<{ ruleId: string | null, line: number, message: string }>>>}
 */
export async function lintProject(cwd, files, ruleOptions = {}) {
  /** @type {import('eslint').Linter.RulesRecord} */
  const rules = { ...plugin.configs.recommended.rules };
  for (const [id, options] of Object.entries(ruleOptions)) rules[`unblock/${id}`] = ['warn', options];
  const eslint = new ESLint({
    cwd,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.js', '**/*.ts'], plugins: { unblock: plugin }, rules },
      { files: ['**/*.js'], languageOptions: { ecmaVersion: 'latest', sourceType: 'module' } },
      { files: ['**/*.ts'], languageOptions: { parser: tsParser } },
    ],
  });
  /** @type {Record<string, Array<{ ruleId: string | null, line: number, message: string }>>} */
  const byFile = {};
  for (const result of await eslint.lintFiles(files)) {
    byFile[path.relative(cwd, result.filePath).split(path.sep).join('/')] = result.messages.map(({ ruleId, line, message }) => ({ ruleId, line, message }));
  }
  return byFile;
}

/**
 * The rule ids reported in one file.
 * @param {Record<string, Array<{ ruleId: string | null }>>} reports
 * @param {string} file
 */
export const ruleIdsIn = (reports, file) => (reports[file] ?? []).map((message) => message.ruleId);
