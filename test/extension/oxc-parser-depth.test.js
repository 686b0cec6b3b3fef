/**
 * The editor's TypeScript parser hands a document to oxc-parser, in the lint worker: a thread of the
 * extension host. A document nested deeper than oxc's native stack allows (a 20,000-deep array) was
 * a SIGSEGV of the host, every extension with it. Such a text now goes to typescript-eslint's parser,
 * which fails on it, if it does, with an error. Run in a worker thread of a child process, as the
 * editor runs it, so that a crash fails this test instead of ending the test run.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CHILD = fileURLToPath(new URL('./support/parse-in-worker.js', import.meta.url));

/** @param {number} depth */
const parseInWorker = (depth) => spawnSync(process.execPath, ['--conditions=unblock-source', CHILD, String(depth)], { encoding: 'utf8', timeout: 60_000 });

describe('extension: the oxc TypeScript parser and deep documents', function () {
  this.timeout(60_000);

  it('gives a 20,000-deep array to typescript-eslint instead of crashing the worker', () => {
    const child = parseInWorker(20_000);
    assert.equal(child.signal, null, `no crash: ${child.stderr}`);
    assert.equal(child.status, 0, child.stderr);
    assert.equal(JSON.parse(child.stdout.trim()).path, 'fallback');
  });

  it('still parses a document nested 50 deep itself', () => {
    const child = parseInWorker(50);
    assert.equal(child.status, 0, child.stderr);
    const result = JSON.parse(child.stdout.trim());
    assert.deepEqual(result, { path: 'oxc', error: null });
  });
});
