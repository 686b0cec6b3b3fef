// The extension lints documents on a worker thread, one request at a time, and a lint cannot be
// interrupted: one document whose lint never ends held up every other document for good. Each
// request now has a time limit, after which that lint is stopped with one line and the requests
// behind it go to a fresh worker; the document then lints on a worker of its own. The worker here
// is a stand-in whose lint of `slow*` documents never ends.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { LintClient } from '../../extension/src/lint/lint-client.js';

const FAKE_WORKER = fileURLToPath(new URL('./support/fake-lint-worker.js', import.meta.url));
const settings = { severity: {}, ruleOptions: {} };
const args = (/** @type {string} */ fileName) => ({ fileName, cwd: '/ws', languageId: 'javascript', settings });

describe('extension: one slow document cannot hold up the others', function () {
  this.timeout(30_000);
  /** @type {LintClient} */
  let client;
  /** @type {string[]} */
  let log;
  beforeEach(() => {
    log = [];
    // Long enough that a stand-in worker always starts within it, even on a loaded machine.
    client = new LintClient(FAKE_WORKER, (line) => log.push(line), { timeLimitMs: 2000 });
  });
  afterEach(() => client.dispose());

  it('stops a lint that never ends with one line, and answers the documents queued behind it', async () => {
    const slow = client.lint('', args('slow.js'));
    const fast = client.lint('', args('fast.js'));
    await assert.rejects(slow, { message: 'Unblock: the lint of slow.js took over 2 s and was stopped; that file is linted on a worker of its own from now on, so that it cannot hold up the others.' });
    assert.deepEqual(await fast, { linted: 'fast.js' });
    assert.equal(log.length, 1);
  });

  it('lints that document on a worker of its own afterwards: the others are answered while it runs', async () => {
    await assert.rejects(client.lint('', args('slow.js')));
    /** @type {string[]} */
    const settled = [];
    const again = client.lint('', args('slow.js')).catch(() => settled.push('slow.js'));
    const others = Promise.all(['a.js', 'b.js', 'c.js'].map((name) => client.lint('', args(name)).then(() => settled.push(name))));
    await Promise.all([again, others]);
    assert.deepEqual(settled, ['a.js', 'b.js', 'c.js', 'slow.js']);
  });
});
