/**
 * Temporary folders carry their owner's pid; the sweep removes those whose owner is gone and
 * leaves live runs' folders (and unrelated folders) alone.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { makeOwnedTempDir, sweepStaleTempDirs } from '../../processes/temp-folders.js';

describe('bench-runner: stale temporary folders', () => {
  /** @type {string} */
  let parent;
  beforeEach(async () => {
    parent = await mkdtemp(path.join(os.tmpdir(), 'unblock-sweep-test-'));
  });
  afterEach(async () => {
    await rm(parent, { recursive: true, force: true });
  });

  it('names a folder after the process that made it', async () => {
    const dir = await makeOwnedTempDir('unblock-bench-', parent);
    assert.match(path.basename(dir), new RegExp(`^unblock-bench-${process.pid}-\\w{6}$`));
  });

  it('removes folders whose owner process is gone, keeps live owners\' and unrelated ones', async () => {
    const names = ['unblock-bench-111-aaaaaa', 'unblock-function-111-bbbbbb', 'unblock-bench-222-cccccc', `unblock-harness-${process.pid}-dddddd`, 'other-111-eeeeee', 'unblock-bench-legacy', 'unblock-bench-fresh'];
    for (const name of names) await mkdir(path.join(parent, name));
    // A folder from before names carried a pid: removed only once it is a day old.
    const old = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    await utimes(path.join(parent, 'unblock-bench-legacy'), old, old);
    const removed = await sweepStaleTempDirs({ parent, isAlive: (pid) => pid === 222 });
    assert.deepEqual(removed.map((p) => path.basename(p)).sort(), ['unblock-bench-111-aaaaaa', 'unblock-bench-legacy', 'unblock-function-111-bbbbbb']);
    assert.deepEqual((await readdir(parent)).sort(), ['other-111-eeeeee', 'unblock-bench-222-cccccc', 'unblock-bench-fresh', `unblock-harness-${process.pid}-dddddd`]);
  });
});
