/**
 * The persistent cache's files (rules/project/cache/store.js): what is written is read back; what
 * cannot be trusted (another key's entry, a truncated file, a FIFO put there) is a miss, never an
 * error or a wait; a folder that cannot be written makes writing a no-op.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { storeIn, forgetStores } from '../../../rules/project/cache/store.js';
import { takeRefused } from '../../../rules/project/cache/stats.js';
import { makeFifo } from '../../support/temp-project.js';

describe('analysis/project/cache-store', () => {
  /** @type {string} */
  let dir;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-store-'));
    forgetStores();
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A kept scan with no inputs and one call site, at `at`. */
  const scanOf = (/** @type {number} */ at) => ({ inputs: [], ops: [{ c: '/b.js#0', caller: null, callerRange: null, callerName: null, callerClass: null, deferred: false, at: [at, at + 1], direct: true }] });

  /** The one entry file the store wrote. */
  const onlyEntry = (/** @type {string} */ folder) => {
    const files = fs.readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    assert.equal(files.length, 1);
    return path.join(files[0].parentPath, files[0].name);
  };

  it('reads back what it wrote, by kind and key', () => {
    const store = storeIn(dir);
    const scan = { ops: [{ e: '/a.js#0', v: { kind: 'request', label: 'GET /', file: '/a.js' } }], inputs: [['module', '/a.js', null]] };
    store.write('scan', 'ab12', scan);
    assert.deepEqual(store.read('scan', 'ab12'), scan);
    assert.equal(store.read('scan', 'ab13'), undefined);
    assert.equal(store.read('imports', 'ab12'), undefined);
    assert.ok(onlyEntry(dir).startsWith(path.join(store.folder, 'scan')), 'under the code version, then the kind');
  });

  it('takes an entry that names another key, or does not parse, for a miss, and writes it again', () => {
    const store = storeIn(dir);
    store.write('scan', 'cd34', scanOf(1));
    const file = onlyEntry(dir);
    fs.writeFileSync(file, JSON.stringify({ kind: 'scan', key: 'other', value: scanOf(2) }));
    assert.equal(store.read('scan', 'cd34'), undefined);
    fs.writeFileSync(file, '{"kind":"scan","key":"cd34","val');
    assert.equal(store.read('scan', 'cd34'), undefined);
    store.write('scan', 'cd34', scanOf(3));
    assert.deepEqual(store.read('scan', 'cd34'), scanOf(3));
  });

  it('does not wait on a FIFO where an entry should be', function () {
    const store = storeIn(dir);
    store.write('scan', 'ef56', scanOf(1));
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

describe('analysis/project/cache-store: what others may have planted', () => {
  /** @type {string} */
  let dir;
  /** @type {string} */
  let outside;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-store-'));
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-store-outside-'));
    forgetStores();
    takeRefused();
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  });

  const scan = { inputs: [], ops: [] };

  it('does not follow a link planted at a temporary file\'s name', function () {
    if (process.platform === 'win32') this.skip();
    const store = storeIn(dir);
    const target = path.join(outside, 'victim.txt');
    fs.writeFileSync(target, 'untouched');
    const file = path.join(store.folder, 'scan', 'ab', 'ab12.json');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // The temporary names this process will use: its pid, this thread, a counter.
    for (let n = 1; n <= 2000; n++) fs.symlinkSync(target, `${file}.${process.pid}-${threadId}-${n}.tmp`);
    store.write('scan', 'ab12', scan);
    assert.equal(fs.readFileSync(target, 'utf8'), 'untouched');
    assert.ok(fs.lstatSync(`${file}.${process.pid}-${threadId}-1.tmp`).isSymbolicLink(), 'the planted link is left as it was');
  });

  it('does not write through a sub-folder linked outside the cache folder', function () {
    if (process.platform === 'win32') this.skip();
    const store = storeIn(dir);
    fs.mkdirSync(store.folder, { recursive: true });
    fs.symlinkSync(outside, path.join(store.folder, 'scan'));
    store.write('scan', 'cd34', scan);
    assert.deepEqual(fs.readdirSync(outside), []);
  });

  it('refuses, and counts, entries of the right kind and the wrong shape', () => {
    const store = storeIn(dir, dir);
    const inside = path.join(dir, 'a.js');
    const wrong = {
      scan: [{ inputs: [null], ops: [] }, { inputs: [], ops: [{ e: 1, v: { kind: 'request', label: '', file: inside } }] }, { inputs: [['module', '/elsewhere/a.js', null]], ops: [] }],
      summaries: [{ inputs: [null], answers: {} }, { inputs: [], answers: { '1:2': { kind: 'read' } } }, { inputs: [], answers: [] }],
      imports: [{ layout: 'x', files: {}, resolutions: [7] }, { layout: 'x', files: { [inside]: [1, 2] }, resolutions: [] }, { layout: 1, files: {}, resolutions: [] }],
    };
    let refused = 0;
    for (const [kind, values] of Object.entries(wrong)) {
      for (const value of values) {
        store.write(kind, 'ef56', value);
        assert.equal(store.read(kind, 'ef56'), undefined, `${kind} ${JSON.stringify(value)}`);
        refused++;
      }
    }
    assert.equal(takeRefused(), refused);
    const right = { inputs: [['module', inside, null]], answers: { '1:2': null } };
    store.write('summaries', 'ef56', right);
    assert.deepEqual(store.read('summaries', 'ef56'), right);
    assert.equal(takeRefused(), 0);
  });
});
