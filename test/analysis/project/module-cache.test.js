import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { loadModule, forgetModule, parseOptions } from '../../../packages/eslint-plugin-unblock/rules/project/modules/module-cache.js';

const require = createRequire(import.meta.url);
const oxc = require('oxc-parser');

describe('project index: parsing other files', () => {
  // Both ways give the same trees: scripts/equivalence/raw-transfer.js compares them on every corpus file under Node >= 22.
  it('uses raw transfer exactly where oxc-parser supports it (Node >= 22), JSON elsewhere', () => {
    assert.equal(parseOptions(oxc).experimentalRawTransfer, oxc.rawTransferSupported());
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
});
