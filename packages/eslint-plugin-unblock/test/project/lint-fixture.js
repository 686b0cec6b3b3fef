/**
 * Lints one multi-file fixture folder from disk through the `ESLint` class,
 * as a user's `npx eslint .` would: the project index reads the imported
 * files from disk. Returns the reports per file (relative path).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import plugin from '../../index.js';

export const fixturesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

/**
 * @param {string} name fixture folder under fixtures/
 * @param {import('eslint').Linter.RulesRecord} [rules] rule options, default: the recommended rules
 * @param {{ sourceType?: 'module' | 'commonjs', at?: string }} [options] sourceType: what the .js files are parsed as
 *   (default: module); at: the folder to lint it from, when not the fixture's own (a symlink to it)
 * @returns {Promise<Record<string, Array<{ ruleId: string | null, line: number, message: string }>>>}
 */
export async function lintFixture(name, rules, { sourceType = 'module', at } = {}) {
  const cwd = at ?? path.join(fixturesDir, name);
  const eslint = new ESLint({
    cwd,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.js', '**/*.ts'], plugins: { unblock: plugin }, rules: rules ?? plugin.configs.recommended.rules },
      { files: ['**/*.js'], languageOptions: { ecmaVersion: 'latest', sourceType } },
      { files: ['**/*.ts'], languageOptions: { parser: tsParser } },
    ],
  });
  const results = await eslint.lintFiles(['.']);
  /** @type {Record<string, Array<{ ruleId: string | null, line: number, message: string }>>} */
  const byFile = {};
  for (const result of results) {
    const file = path.relative(cwd, result.filePath).split(path.sep).join('/');
    byFile[file] = result.messages.map(({ ruleId, line, message }) => ({ ruleId, line, message }));
  }
  return byFile;
}
