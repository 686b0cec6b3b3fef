/**
 * An editor lints a file's unsaved text while the project index reads the files from disk and
 * knows each function by where it starts. A function of the unsaved text may be known by that key
 * only while the text up to its body is the same as on disk: then it is the function the index read.
 * Otherwise another function may start there (one inserted above it), and the disk function's
 * callers are not its callers: its verdict is unknown, and no route is named for it.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Linter } from 'eslint';
import plugin from '../../index.js';
import { fixturesDir } from './lint-fixture.js';

const file = path.join(fixturesDir, 'route-messages', 'dashboard.js');
const onDisk = fs.readFileSync(file, 'utf8');
const tokensFile = path.join(fixturesDir, 'route-messages', 'tokens.js');
const tokensOnDisk = fs.readFileSync(tokensFile, 'utf8');

/**
 * One rule's messages for `text` linted under the name of a fixture file.
 * @param {string} text
 * @param {string} [at] the file's name (default: dashboard.js)
 * @param {string} [rule]
 */
function messagesFor(text, at = file, rule = 'no-await-waterfall') {
  const linter = new Linter({ configType: 'flat', cwd: path.dirname(at) });
  return linter.verify(text, [{
    files: ['**/*.js'],
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
    plugins: { unblock: plugin },
    rules: { [`unblock/${rule}`]: 'warn' },
  }], at).map((message) => `${message.line}: ${message.message}`);
}

describe('project index: a file linted with unsaved text', () => {
  it('names the route of a function whose text up to its body is as on disk (an edit inside it)', () => {
    const edited = onDisk.replace('return { totals, alerts };', 'return { totals, alerts, at: Date.now() };');
    assert.deepEqual(messagesFor(edited), [
      "4: `readTotals()` and `readAlerts()` wait for each other though neither uses the other's result (reached from GET /a in routes.js and from two other routes); start them together with Promise.all.",
    ]);
  });

  it('does not lend that route to another function inserted where it started on disk', () => {
    // `rebuildTotals` now starts where `loadDashboard` starts on disk: the routes call `loadDashboard`, not it.
    const start = onDisk.indexOf('export async function loadDashboard');
    const inserted = 'export async function rebuildTotals(id) {\n  const totals = await store.readTotals(id);\n  const alerts = await store.readAlerts(id);\n  return [totals, alerts];\n}\n\n';
    const messages = messagesFor(onDisk.slice(0, start) + inserted + onDisk.slice(start));
    assert.equal(messages.length, 2, messages.join('\n'));
    for (const message of messages) assert.doesNotMatch(message, /reached from/);
  });

  it('does not take an inserted function for the request path the disk function is on (the blocking rule)', () => {
    // On disk, `fingerprint` is reached from two routes and its pbkdf2Sync is reported. The function
    // inserted where it started is called by nothing known: unknown callers are not a request path.
    const start = tokensOnDisk.indexOf('export function fingerprint');
    const inserted = "export function derive(key) {\n  return crypto.pbkdf2Sync(key, 'derive', 100000, 32, 'sha256');\n}\n\n";
    const messages = messagesFor(tokensOnDisk.slice(0, start) + inserted + tokensOnDisk.slice(start), tokensFile, 'no-blocking-sync-call');
    // The functions below it moved: the index knows them by places they no longer start at, so they are unknown too.
    assert.deepEqual(messages, []);
    assert.equal(messagesFor(tokensOnDisk, tokensFile, 'no-blocking-sync-call').filter((message) => message.startsWith('8:')).length, 1, 'fingerprint on disk is');
  });
});
