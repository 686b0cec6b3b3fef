/**
 * Lints files of a project folder with the plugin's recommended rules, in a process of its own,
 * and prints one JSON line: the rule ids reported per file and the warnings the process gave.
 * Run by lint-in-child.js, so that a lint that hangs or runs out of memory fails a test instead of
 * stopping the test run. argv: the project folder, then the files to lint (relative to it).
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import plugin from '../../../index.js';

const [cwd, ...files] = process.argv.slice(2);
/** @type {string[]} */
const warnings = [];
process.on('warning', (warning) => warnings.push(warning.message));

const eslint = new ESLint({
  cwd,
  overrideConfigFile: true,
  overrideConfig: [
    { files: ['**/*.js', '**/*.ts'], plugins: { unblock: plugin }, rules: plugin.configs.recommended.rules },
    { files: ['**/*.js'], languageOptions: { ecmaVersion: 'latest', sourceType: 'module' } },
    { files: ['**/*.ts'], languageOptions: { parser: tsParser } },
  ],
});
const results = await eslint.lintFiles(files);
/** @type {Record<string, string[]>} */
const reports = {};
for (const result of results) reports[path.relative(cwd, result.filePath).split(path.sep).join('/')] = result.messages.map((message) => message.ruleId ?? message.message);
// Warnings are emitted on the next tick.
await new Promise((resolve) => setImmediate(resolve));
process.stdout.write(`${JSON.stringify({ reports, warnings })}\n`);
