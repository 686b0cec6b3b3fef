/**
 * Lints files of a project folder with the plugin's recommended rules, in a process of its own,
 * and prints one JSON line: the rule ids reported per file and the warnings the process gave.
 * Run by lint-in-child.js, so that a lint that hangs or runs out of memory fails a test instead of
 * stopping the test run. argv: the project folder, then the files to lint (relative to it).
 */
import { lintProject } from './lint-project.js';

const [cwd, ...files] = process.argv.slice(2);
/** @type {string[]} */
const warnings = [];
process.on('warning', (warning) => warnings.push(warning.message));

const byFile = await lintProject(cwd, files);
const reports = Object.fromEntries(Object.entries(byFile).map(([file, messages]) => [file, messages.map((message) => message.ruleId ?? message.message)]));
// Warnings are emitted on the next tick.
await new Promise((resolve) => setImmediate(resolve));
process.stdout.write(`${JSON.stringify({ reports, warnings })}\n`);
