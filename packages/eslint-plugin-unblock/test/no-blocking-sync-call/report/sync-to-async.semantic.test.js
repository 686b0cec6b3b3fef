/**
 * The rewrite must not change what the code computes: run the original
 * module and the autofixed one (`fix: true`, as the bench runner builds its
 * "after" variant) and compare the bytes they return.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Linter } from 'eslint';
import rule from '../../../rules/no-blocking-sync-call.js';

/** @param {string} source */
function autofix(source) {
  const linter = new Linter({ configType: 'flat' });
  const result = linter.verifyAndFix(source, [
    {
      files: ['**/*.mjs', '**/*.cjs'],
      plugins: { unblock: { rules: { 'no-blocking-sync-call': rule } } },
      rules: { 'unblock/no-blocking-sync-call': ['warn', { fix: true, includeUnknownCallers: true }] },
    },
  ], 'server/handler.mjs');
  assert.equal(result.messages.length, 0, `left unfixed: ${JSON.stringify(result.messages)}`);
  assert.ok(result.fixed, 'the rule fixed nothing');
  return result.output;
}

describe('fix/sync-to-async: the async form returns the same bytes', function () {
  this.timeout(20000);
  /** @type {string} */
  let dir;
  let counter = 0;

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'unblock-sync-to-async-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /**
   * @param {string} source a module exporting `async function run(...args)`
   * @param {unknown[]} args
   */
  async function compare(source, args) {
    const fixed = autofix(source);
    assert.doesNotMatch(fixed, /Sync\(/, 'every blocking call was rewritten');
    const id = counter++;
    const beforeFile = path.join(dir, `before-${id}.mjs`);
    const afterFile = path.join(dir, `after-${id}.mjs`);
    await writeFile(beforeFile, source);
    await writeFile(afterFile, fixed);
    const before = await (await import(pathToFileURL(beforeFile).href)).run(...args);
    const after = await (await import(pathToFileURL(afterFile).href)).run(...args);
    assert.ok(Buffer.isBuffer(before) || typeof before === 'string', 'the sync code returned bytes');
    assert.deepEqual(after, before);
    return { fixed, before, after };
  }

  it('crypto.pbkdf2Sync → await promisify(crypto.pbkdf2)', async () => {
    const { fixed } = await compare(
      `import crypto from 'node:crypto';
export async function run(password, salt) {
  return crypto.pbkdf2Sync(password, salt, 10000, 64, 'sha512');
}`,
      ['correct horse', randomBytes(16)],
    );
    assert.match(fixed, /await promisify\(crypto\.pbkdf2\)\(password, salt, 10000, 64, 'sha512'\)/);
  });

  it('scryptSync (named import) → await promisify(scrypt)', async () => {
    const { fixed } = await compare(
      `import { scryptSync } from 'crypto';
export async function run(password, salt) {
  const key = scryptSync(password, salt, 32, { N: 1024 });
  return key;
}`,
      ['battery staple', 'salt'],
    );
    assert.match(fixed, /import \{ scrypt \} from 'crypto';/);
  });

  it('zlib.gzipSync / gunzipSync → await promisify(zlib.gzip / zlib.gunzip)', async () => {
    const payload = Buffer.from('unblock '.repeat(5000));
    const { before } = await compare(
      `import * as zlib from 'node:zlib';
export async function run(data) {
  const packed = zlib.gzipSync(data, { level: 9 });
  return Buffer.concat([packed, zlib.gunzipSync(packed)]);
}`,
      [payload],
    );
    assert.ok(Buffer.from(before).subarray(-payload.length).equals(payload), 'the round trip itself is right');
  });

  it('fs.readFileSync → await fs.promises.readFile (Buffer and utf8)', async () => {
    const file = path.join(dir, 'data.bin');
    await writeFile(file, randomBytes(100_000));
    // CommonJS-style require through createRequire, the way ESM servers load CJS helpers.
    await compare(
      `import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const fs = require('node:fs');
export async function run(file) {
  return fs.readFileSync(file);
}`,
      [file],
    );
    const text = path.join(dir, 'data.txt');
    await writeFile(text, 'héllo wörld\n'.repeat(100));
    const { fixed } = await compare(
      `import { readFileSync } from 'node:fs';
export async function run(file) {
  return readFileSync(file, 'utf8');
}`,
      [text],
    );
    assert.match(fixed, /import \{ readFile \} from 'node:fs\/promises';/);
  });
});
