// The extension's in-process lint (run-lint.js with the real Linter, plugin and tooling hooks, as
// dist/lint-engine.js wires them) in a process of its own, so that it can start with the native
// helpers' bindings hidden. argv: the workspace folder, then the files to lint in turn (relative
// to it). Prints one JSON line: per lint, the rule ids reported and the warnings returned with it,
// and the process warnings given besides.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Linter } from 'eslint/universal';
import unblock from '../../../packages/eslint-plugin-unblock/index.js';
import { onLintWarning } from '../../../packages/eslint-plugin-unblock/tooling.js';
import { createLintRunner } from '../../../extension/src/lint/run-lint.js';

const [cwd, ...files] = process.argv.slice(2);
/** @type {string[]} */
const processWarnings = [];
process.on('warning', (warning) => processWarnings.push(warning.message));

const { lintText } = createLintRunner({ Linter, plugin: unblock, loadTsParser: () => undefined, onLintWarning });
const settings = { severity: {}, ruleOptions: {} };
const lints = files.map((file) => {
  const result = lintText(readFileSync(path.join(cwd, file), 'utf8'), { fileName: file, cwd, languageId: 'javascript', settings });
  return { file, reports: result?.messages.map((m) => m.ruleId) ?? [], warnings: result?.warnings ?? [] };
});
// Process warnings are emitted on the next tick.
await new Promise((resolve) => setImmediate(resolve));
process.stdout.write(`${JSON.stringify({ lints, processWarnings })}\n`);
