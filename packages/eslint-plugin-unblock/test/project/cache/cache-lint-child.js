/**
 * The lint child of the project cache's tests: lints files of a project folder as
 * test/support/lint-child.js does, and reports each message as `ruleId message`
 * (the tests read routes out of the messages). `UNBLOCK_TEST_RULE_OPTIONS` (JSON, by rule id) sets
 * some rules' options over the recommended ones.
 */
import { lintProject } from '../../support/lint-project.js';

const [cwd, ...files] = process.argv.slice(2);
/** @type {string[]} */
const warnings = [];
process.on('warning', (warning) => warnings.push(warning.message));

// Rule options over the recommended setup, when a test sets them (a setting changed between two runs).
const byFile = await lintProject(cwd, files, JSON.parse(process.env.UNBLOCK_TEST_RULE_OPTIONS ?? '{}'));
const reports = Object.fromEntries(Object.entries(byFile).map(([file, messages]) => [file, messages.map((message) => `${message.ruleId} ${message.message}`)]));
await new Promise((resolve) => setImmediate(resolve));
process.stdout.write(`${JSON.stringify({ reports, warnings })}\n`);
