/**
 * The package rewrites must not change what the code computes: run the
 * original module and the rewritten one and compare results, type included
 * (pako returns Uint8Array, so the rewrite must too). The modules run from a
 * temporary folder linked to this project's node_modules, where the packages
 * are installed as devDependencies.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Linter } from 'eslint';
import rule from '../../../rules/no-blocking-sync-call.js';

const projectModules = fileURLToPath(new URL('../../../../../node_modules', import.meta.url));

/**
 * @param {string} source
 * @param {string} filename where the linted file claims to be (decides whether native bcrypt resolves)
 */
function autofix(source, filename) {
  const linter = new Linter({ configType: 'flat', cwd: path.isAbsolute(filename) ? path.dirname(filename) : process.cwd() });
  const result = linter.verifyAndFix(source, [
    {
      files: ['**/*.mjs'],
      plugins: { unblock: { rules: { 'no-blocking-sync-call': rule } } },
      rules: { 'unblock/no-blocking-sync-call': ['warn', { fix: true, includeUnknownCallers: true }] },
    },
  ], path.isAbsolute(filename) ? path.basename(filename) : filename);
  assert.equal(result.messages.length, 0, `left unfixed: ${JSON.stringify(result.messages)}`);
  assert.ok(result.fixed, 'the rule fixed nothing');
  return result.output;
}

describe('fix/package-rewrites: the rewritten call returns the same result', function () {
  this.timeout(30000);
  /** @type {string} */
  let dir;
  let counter = 0;

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'unblock-package-async-'));
    await symlink(projectModules, path.join(dir, 'node_modules'), 'junction');
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /**
   * @param {string} source a module exporting `async function run(...args)`
   * @param {unknown[][]} inputs argument lists to run both versions with
   * @param {{ filename?: string }} [options]
   */
  async function compare(source, inputs, { filename = 'server/handler.mjs' } = {}) {
    const fixed = autofix(source, filename);
    const id = counter++;
    const beforeFile = path.join(dir, `before-${id}.mjs`);
    const afterFile = path.join(dir, `after-${id}.mjs`);
    await writeFile(beforeFile, source);
    await writeFile(afterFile, fixed);
    const before = await import(pathToFileURL(beforeFile).href);
    const after = await import(pathToFileURL(afterFile).href);
    for (const args of inputs) {
      const expected = await before.run(...args);
      assert.deepStrictEqual(await after.run(...args), expected);
    }
    return fixed;
  }

  const texts = [
    [''],
    ['hello'],
    [JSON.stringify(Array.from({ length: 5000 }, (_, i) => ({ id: i, name: `item ${i}`, tags: ['a', 'b'] })))],
    [randomBytes(64 * 1024)],
    [new Uint8Array(Buffer.from('x'.repeat(300_000)))],
  ];

  for (const name of ['gzip', 'deflate', 'deflateRaw']) {
    it(`pako.${name} → node:zlib ${name}, the same bytes as a Uint8Array`, async () => {
      const fixed = await compare(`import * as pako from 'pako';\nexport async function run(data) {\n  return pako.${name}(data);\n}`, texts);
      assert.match(fixed, new RegExp(`new Uint8Array\\(await promisify\\(${name}\\)\\(data\\)\\)`));
    });
  }

  it('pako.inflate and pako.ungzip (gzip or zlib data) → zlib.unzip; pako.inflateRaw → zlib.inflateRaw', async () => {
    const pako = await import('pako');
    const payloads = texts.map(([text]) => text);
    const packed = payloads.flatMap((data) => [[pako.gzip(data)], [pako.deflate(data)]]);
    await compare(`import * as pako from 'pako';\nexport async function run(data) {\n  return pako.inflate(data);\n}`, packed);
    await compare(`const pako = await import('pako');\nexport async function run(data) {\n  return pako.ungzip(data);\n}`, packed);
    await compare(`import { inflateRaw as unpackRaw } from 'pako';\nexport async function run(data) {\n  return unpackRaw(data);\n}`, payloads.map((data) => [pako.deflateRaw(data)]));
  });

  it('bcrypt.hashSync / compareSync → the promise forms', async () => {
    const fixed = await compare(
      `import bcrypt from 'bcrypt';\nexport async function run(pw, salt, stored) {\n  return [bcrypt.hashSync(pw, salt), bcrypt.compareSync(pw, stored)];\n}`,
      [['pässword', '$2b$04$abcdefghijklmnopqrstuu', '$2b$04$abcdefghijklmnopqrstuuXcx2hfsGxrOg3ZYlVwsPnEMMBrwsd6u'], ['x', '$2a$04$abcdefghijklmnopqrstuu', 'not a hash']],
    );
    assert.match(fixed, /await bcrypt\.hash\(pw, salt\)/);
  });

  it('bcryptjs.hashSync with a $2b$ salt → native bcrypt hash: the same string', async () => {
    const fixed = await compare(
      `import bcryptjs from 'bcryptjs';\nconst SALT = '$2b$04$abcdefghijklmnopqrstuu';\nexport async function run(pw) {\n  return bcryptjs.hashSync(pw, SALT);\n}`,
      [['pässword'], [''], ['a'.repeat(80)]],
    );
    assert.match(fixed, /import \{ hash \} from 'bcrypt'/);
  });

  it('bcryptjs without native bcrypt → no rewrite: its own async form would block just the same, so the codemod leaves the calls as they are', () => {
    const source = `import bcryptjs from 'bcryptjs';\nexport async function run(pw, stored) {\n  return [bcryptjs.hashSync(pw, '$2a$04$abcdefghijklmnopqrstuu'), bcryptjs.compareSync(pw, stored)];\n}`;
    const linter = new Linter({ configType: 'flat', cwd: '/tmp/unblock-no-bcrypt' });
    const result = linter.verifyAndFix(source, [
      {
        files: ['**/*.mjs'],
        plugins: { unblock: { rules: { 'no-blocking-sync-call': rule } } },
        rules: { 'unblock/no-blocking-sync-call': ['warn', { fix: true, includeUnknownCallers: true }] },
      },
    ], 'handler.mjs');
    assert.equal(result.fixed, false);
    assert.deepEqual(result.messages.map((m) => [m.messageId, m.column]), [['bcryptjsBlocking', 11], ['bcryptjsBlocking', 67]]);
  });

  it('node-forge pkcs5.pbkdf2 sync form → its callback form: the same binary string', async () => {
    await compare(
      `import forge from 'node-forge';\nexport async function run(pw, salt) {\n  return [forge.pkcs5.pbkdf2(pw, salt, 1000, 32, 'sha256'), forge.pbkdf2(pw, salt, 10, 16)];\n}`,
      [['password', 'salt'], ['', 'x']],
    );
  });
});
