/**
 * The lint child of the project cache's tests: lints files of a project folder as
 * test/support/lint-child.js does, and reports each message as `ruleId message`
 * (the tests read routes out of the messages).
 */
import { lintProject } from '../../support/lint-project.js';

const [cwd, ...files] = process.argv.slice(2);
/** @type {string[]} */
const warnings = [];
process.on('warning', (warning) => warnings.push(warning.message));

const byFile = await lintProject(cwd, files);
const reports = Object.fromEntries(Object.entries(byFile).map(([file, messages]) => [file, messages.map((message) => `${message.ruleId} ${message.message}`)]));
await new Promise((resolve) => setImmediate(resolve));
process.stdout.write(`${JSON.stringify({ reports, warnings })}\n`);
