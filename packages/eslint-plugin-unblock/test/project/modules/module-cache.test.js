import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadModule, forgetModule, parseOptions, parseWithOxc, moduleTextHash, hashIfOnDisk, MAX_TREES } from '../../../rules/project/modules/module-cache.js';
import { contentHash } from '../../../rules/project/cache/content-hash.js';
import { noteLint } from '../../../rules/project/bounds/lint-bounds.js';

describe('project index: parsing other files', () => {
  // Both ways give the same trees (scripts/equivalence/raw-transfer.js), but raw transfer's deserializer
  // costs more to compile in each lint process than it saves on the few hundred files a run parses
  // (node scripts/bench-lint/oxc-transfer.js).
  it('takes trees through JSON, never by raw transfer, and they are whole', () => {
    assert.equal(/** @type {any} */ (parseOptions()).experimentalRawTransfer, undefined);
    const result = parseWithOxc('m.js', 'export const big = 10n, re = /a+/g;\n');
    const [first, second] = result?.program.body[0].declaration.declarations ?? [];
    assert.equal(first.init.value, 10n);
    assert.ok(second.init.value instanceof RegExp && second.init.value.test('aa'));
  });

  it('reads a module once and again after it is forgotten', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-module-cache-'));
    try {
      const file = path.join(dir, 'm.js');
      fs.writeFileSync(file, 'export function a() {}\n');
      const first = loadModule(file);
      assert.ok(first?.exports.has('a'));
      assert.equal(loadModule(file), first);
      fs.writeFileSync(file, 'export function b() {}\n');
      forgetModule(file);
      const second = loadModule(file);
      assert.ok(second?.exports.has('b') && !second.exports.has('a'));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  // ESLint lints a text without its byte-order mark: a file saved with one is that text on disk, with the
  // same hash, so its kept verdicts are found (verdicts/file-verdicts.js) and its functions start where the
  // linted tree's do.
  it('takes a file saved with a byte-order mark for the text ESLint lints', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-module-cache-'));
    try {
      const file = path.join(dir, 'marked.js');
      const text = 'export function tally(rows) {\n  return rows.length;\n}\n';
      fs.writeFileSync(file, `\uFEFF${text}`);
      forgetModule(file);
      assert.equal(hashIfOnDisk(file, text), contentHash(text));
      assert.equal(moduleTextHash(file), contentHash(text));
      const declared = loadModule(file)?.bindings.get('tally')?.node;
      assert.equal(declared?.range?.[0], text.indexOf('function'), 'placed as in the linted tree');
      assert.equal(hashIfOnDisk(file, `${text}// edited\n`), null, 'another text is still told apart');
    } finally {
      forgetModule(path.join(dir, 'marked.js'));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  // A run scans hundreds of modules once each: holding all their trees to the end of the run (or for
  // the life of an editor) kept them alive for nothing. The trees read during the current file's lint
  // stay, whatever their number: its analysis compares nodes by identity.
  describe('holds at most MAX_TREES trees', () => {
    /** @type {string} */
    let dir;
    /** @param {string} file */
    const startLint = (file) => noteLint(/** @type {any} */ ({ sourceCode: {}, filename: path.join(dir, file), cwd: dir }));
    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-module-trees-'));
      forgetModule();
    });
    afterEach(() => {
      forgetModule();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    /** @param {number} count @returns {string[]} */
    const writeModules = (count) =>
      Array.from({ length: count }, (_, i) => {
        const file = path.join(dir, `m${i}.js`);
        fs.writeFileSync(file, `export function f${i}() {}\n`);
        return file;
      });

    it('drops the least recently used tree of an earlier lint, and parses it again when asked', () => {
      const files = writeModules(MAX_TREES + 1);
      startLint('first.js');
      const first = loadModule(files[0]);
      const kept = files.slice(1, MAX_TREES).map((file) => loadModule(file));
      startLint('second.js');
      // Used again in this lint: now the most recently used.
      assert.equal(loadModule(files[1]), kept[0]);
      loadModule(files[MAX_TREES]);
      // files[0] was the least recently used: dropped, and a new tree, the same module, when asked for.
      const again = loadModule(files[0]);
      assert.ok(again && again !== first && again.exports.has('f0'));
      // files[2] was next in line, so it made room for files[0]; files[1], used in this lint, stayed.
      assert.notEqual(loadModule(files[2]), kept[1]);
      assert.equal(loadModule(files[1]), kept[0]);
    });

    it('counts a tree whose module was only checked against the disk in this lint as used: an older one goes', () => {
      const files = writeModules(MAX_TREES + 1);
      startLint('first.js');
      const [first, second] = files.slice(0, MAX_TREES).map((file) => loadModule(file));
      startLint('second.js');
      // Its text hashed for a kept fact, not parsed: its tree is this lint's all the same.
      assert.ok(moduleTextHash(files[0]));
      loadModule(files[MAX_TREES]);
      assert.notEqual(loadModule(files[1]), second, 'the least recently used tree of an earlier lint made room');
      assert.equal(loadModule(files[0]), first);
    });

    it('keeps every tree read during the current lint, however many', () => {
      const files = writeModules(MAX_TREES + 20);
      startLint('one.js');
      const views = files.map((file) => loadModule(file));
      files.forEach((file, i) => assert.equal(loadModule(file), views[i]));
    });
  });
});
