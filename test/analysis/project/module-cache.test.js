import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadModule, forgetModule, parseOptions, parseWithOxc } from '../../../packages/eslint-plugin-unblock/rules/project/modules/module-cache.js';

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
});
