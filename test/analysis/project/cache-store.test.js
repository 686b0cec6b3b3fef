/**
 * The persistent cache's files (rules/project/cache/store.js): what is written is read back; what
 * cannot be trusted (another key's entry, a truncated file, a FIFO put there) is a miss, never an
 * error or a wait; a folder that cannot be written makes writing a no-op.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { storeIn, forgetStores } from '../../../packages/eslint-plugin-unblock/rules/project/cache/store.js';
import { makeFifo } from '../../robustness/support/temp-project.js';

describe('analysis/project/cache-store', () => {
  /** @type {string} */
  let dir;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-store-'));
    forgetStores();
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** The one entry file the store wrote. */
  const onlyEntry = (/** @type {string} */ folder) => {
    const files = fs.readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    assert.equal(files.length, 1);
    return path.join(files[0].parentPath, files[0].name);
  };

  it('reads back what it wrote, by kind and key', () => {
    const store = storeIn(dir);
    store.write('scan', 'ab12', { ops: [1, 2], inputs: [['module', '/a.js', null]] });
    assert.deepEqual(store.read('scan', 'ab12'), { ops: [1, 2], inputs: [['module', '/a.js', null]] });
    assert.equal(store.read('scan', 'ab13'), undefined);
    assert.equal(store.read('imports', 'ab12'), undefined);
    assert.ok(onlyEntry(dir).startsWith(path.join(store.folder, 'scan')), 'under the code version, then the kind');
  });

  it('takes an entry that names another key, or does not parse, for a miss, and writes it again', () => {
    const store = storeIn(dir);
    store.write('scan', 'cd34', { n: 1 });
    const file = onlyEntry(dir);
    fs.writeFileSync(file, JSON.stringify({ kind: 'scan', key: 'other', value: { n: 2 } }));
    assert.equal(store.read('scan', 'cd34'), undefined);
    fs.writeFileSync(file, '{"kind":"scan","key":"cd34","val');
    assert.equal(store.read('scan', 'cd34'), undefined);
    store.write('scan', 'cd34', { n: 3 });
    assert.deepEqual(store.read('scan', 'cd34'), { n: 3 });
  });

  it('does not wait on a FIFO where an entry should be', function () {
    const store = storeIn(dir);
    store.write('scan', 'ef56', { n: 1 });
    const file = onlyEntry(dir);
    fs.rmSync(file);
    if (!makeFifo(file)) this.skip();
    assert.equal(store.read('scan', 'ef56'), undefined);
  });

  it('writes nothing, and throws nothing, where its folder cannot be made', () => {
    const blocker = path.join(dir, 'a-file');
    fs.writeFileSync(blocker, '');
    const store = storeIn(path.join(blocker, 'cache'));
    assert.doesNotThrow(() => store.write('scan', '0123', { n: 1 }));
    assert.doesNotThrow(() => store.write('scan', '4567', { n: 2 }));
    assert.equal(store.read('scan', '0123'), undefined);
    assert.deepEqual(fs.readdirSync(dir), ['a-file']);
  });
});
