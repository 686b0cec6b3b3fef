// One .vsix per VS Code target, each with its own platform's native bindings (oxc-parser,
// oxc-resolver). A .vsix with the wrong binding lints every file alone on that platform without
// a crash, so nothing but a check of its contents catches it. These are the fast parts: which
// binding a target needs, read from the lock file; which platform a .node file is built for, read
// from its header; and the check itself, run on small zips made here. The full packaging of the
// six .vsix and their check run in `npm run test:packages` (CI).
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { allBindingNames, bindingsForTarget, readLock, TARGETS } from '../../extension/scripts/targets.mjs';
import { nativeFormat } from '../../extension/scripts/native-format.mjs';
import { checkVsixContents, readVsix } from '../../extension/scripts/check-vsix.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);
/** @type {typeof import('yazl')} the zip writer vsce packages with */
const yazl = createRequire(require.resolve('@vscode/vsce/package.json'))('yazl');

/** What each target must get: the glibc builds for Linux (VS Code's linux-* targets), MSVC builds for Windows. */
const EXPECTED = {
  'linux-x64': ['@oxc-parser/binding-linux-x64-gnu', '@oxc-resolver/binding-linux-x64-gnu'],
  'linux-arm64': ['@oxc-parser/binding-linux-arm64-gnu', '@oxc-resolver/binding-linux-arm64-gnu'],
  'darwin-x64': ['@oxc-parser/binding-darwin-x64', '@oxc-resolver/binding-darwin-x64'],
  'darwin-arm64': ['@oxc-parser/binding-darwin-arm64', '@oxc-resolver/binding-darwin-arm64'],
  'win32-x64': ['@oxc-parser/binding-win32-x64-msvc', '@oxc-resolver/binding-win32-x64-msvc'],
  'win32-arm64': ['@oxc-parser/binding-win32-arm64-msvc', '@oxc-resolver/binding-win32-arm64-msvc'],
};

/** A header of each format, for `cpu`. */
const headers = {
  elf: (/** @type {number} */ machine) => {
    const bytes = Buffer.alloc(64);
    bytes.writeUInt32BE(0x7f454c46, 0);
    bytes[4] = 2;
    bytes[5] = 1;
    bytes.writeUInt16LE(machine, 18);
    return bytes;
  },
  macho: (/** @type {number} */ cpu) => {
    const bytes = Buffer.alloc(32);
    bytes.writeUInt32LE(0xfeedfacf, 0);
    bytes.writeUInt32LE(cpu, 4);
    return bytes;
  },
  pe: (/** @type {number} */ machine) => {
    const bytes = Buffer.alloc(0x100);
    bytes.write('MZ', 0, 'latin1');
    bytes.writeUInt32LE(0x80, 0x3c);
    bytes.write('PE\0\0', 0x80, 'latin1');
    bytes.writeUInt16LE(machine, 0x84);
    return bytes;
  },
};
const LINUX_X64 = headers.elf(0x3e);
const DARWIN_ARM64 = headers.macho(0x0100000c);

describe('extension packaging: one .vsix per target with its own bindings', () => {
  /** @type {import('../../extension/scripts/targets.mjs').Lock} */
  let lock;
  /** @type {string} */
  let scratch;
  before(async () => {
    lock = await readLock(repoRoot);
    scratch = await mkdtemp(path.join(os.tmpdir(), 'unblock-vsix-test-'));
  });
  after(() => rm(scratch, { recursive: true, force: true }));

  it('gives each target exactly its own binding of each native package, at the locked version', () => {
    assert.deepEqual(Object.keys(TARGETS), Object.keys(EXPECTED));
    for (const [target, names] of Object.entries(EXPECTED)) {
      const bindings = bindingsForTarget(lock, target);
      assert.deepEqual(bindings.map((b) => b.name), names, target);
      for (const binding of bindings) {
        assert.equal(binding.version, lock.packages[`node_modules/${binding.name}`].version);
        assert.match(binding.integrity, /^sha512-/);
      }
    }
  });

  it('refuses an unknown target and a lock without a binding for the target, naming them', () => {
    assert.throws(() => bindingsForTarget(lock, 'alpine-x64'), /unknown target "alpine-x64"; known: linux-x64, /);
    const withoutDarwin = structuredClone(lock);
    for (const key of Object.keys(withoutDarwin.packages)) if (/binding-darwin-arm64$/.test(key)) delete withoutDarwin.packages[key];
    assert.throws(() => bindingsForTarget(withoutDarwin, 'darwin-arm64'), /^Error: oxc-parser@[\d.]+: no binding for darwin-arm64 in package-lock\.json$/);
  });

  it('reads the platform a native module is built for from its header', async () => {
    assert.deepEqual(nativeFormat(LINUX_X64), { os: 'linux', cpu: 'x64' });
    assert.deepEqual(nativeFormat(headers.elf(0xb7)), { os: 'linux', cpu: 'arm64' });
    assert.deepEqual(nativeFormat(headers.macho(0x01000007)), { os: 'darwin', cpu: 'x64' });
    assert.deepEqual(nativeFormat(DARWIN_ARM64), { os: 'darwin', cpu: 'arm64' });
    assert.deepEqual(nativeFormat(headers.pe(0x8664)), { os: 'win32', cpu: 'x64' });
    assert.deepEqual(nativeFormat(headers.pe(0xaa64)), { os: 'win32', cpu: 'arm64' });
    assert.equal(nativeFormat(headers.elf(0x28)), undefined, '32-bit ARM: not a platform we package for');
    assert.equal(nativeFormat(Buffer.from('#!/bin/sh\n')), undefined);
    // And on a real one: the binding npm installed here is built for this machine.
    const host = `${process.platform}-${process.arch}`;
    if (host in TARGETS) {
      const folder = path.join(repoRoot, 'node_modules', bindingsForTarget(lock, host)[0].name);
      const file = (await readdir(folder)).find((name) => name.endsWith('.node'));
      assert.deepEqual(nativeFormat(await readFile(path.join(folder, String(file)))), { os: process.platform, cpu: process.arch });
    }
  });

  describe('the check of a .vsix', () => {
    const allBindings = () => allBindingNames(lock);
    const modules = 'extension/dist/node_modules';
    /**
     * A .vsix as vsce writes it, for `target`, with `bindings` (name → .node header) inside.
     * @param {string} name
     * @param {{ target: string, bindings: Record<string, Buffer>, extra?: Record<string, Buffer | string> }} contents
     */
    async function makeVsix(name, { target, bindings, extra = {} }) {
      const zip = new yazl.ZipFile();
      zip.addBuffer(Buffer.from(`<Identity Id="unblock-vscode" Version="0.1.0" Publisher="unblock" TargetPlatform="${target}"/>`), 'extension.vsixmanifest');
      zip.addBuffer(Buffer.from('{}'), 'extension/package.json');
      for (const pkg of ['oxc-parser', 'oxc-resolver']) zip.addBuffer(Buffer.from(JSON.stringify({ name: pkg, version: lock.packages[`node_modules/${pkg}`].version })), `${modules}/${pkg}/package.json`);
      for (const [binding, header] of Object.entries(bindings)) {
        const { version } = lock.packages[`node_modules/${binding}`];
        zip.addBuffer(Buffer.from(JSON.stringify({ name: binding, version })), `${modules}/${binding}/package.json`);
        zip.addBuffer(header, `${modules}/${binding}/${binding.split('/')[1]}.node`);
      }
      for (const [file, content] of Object.entries(extra)) zip.addBuffer(Buffer.from(content), file);
      const file = path.join(scratch, name);
      await new Promise((resolve, reject) => {
        zip.outputStream.pipe(createWriteStream(file)).on('close', resolve).on('error', reject);
        zip.end();
      });
      return file;
    }
    /**
     * @param {string} file
     * @param {string} target
     */
    async function check(file, target) {
      return checkVsixContents(await readVsix(file), { target, bindings: bindingsForTarget(lock, target), allBindings: allBindings() });
    }
    const [parserLinux, resolverLinux] = EXPECTED['linux-x64'];
    const [parserDarwin, resolverDarwin] = EXPECTED['darwin-arm64'];

    it('passes a .vsix holding its target\'s bindings, built for it', async () => {
      const file = await makeVsix('good.vsix', { target: 'linux-x64', bindings: { [parserLinux]: LINUX_X64, [resolverLinux]: LINUX_X64 } });
      assert.deepEqual(await check(file, 'linux-x64'), { problems: [], found: [parserLinux, resolverLinux] });
    });

    it('names a missing binding, another platform\'s binding and a .node file outside the bindings', async () => {
      const file = await makeVsix('mixed.vsix', {
        target: 'darwin-arm64',
        bindings: { [parserDarwin]: DARWIN_ARM64, [resolverLinux]: LINUX_X64 },
        extra: { 'extension/dist/pkg/addon.node': LINUX_X64 },
      });
      const { problems } = await check(file, 'darwin-arm64');
      assert.deepEqual(problems, [
        `${resolverDarwin}@${lock.packages[`node_modules/${resolverDarwin}`].version} (the oxc-resolver binding for darwin-arm64) is missing`,
        `holds ${resolverLinux}, a binding for another platform`,
        'holds a native file outside the bindings: extension/dist/pkg/addon.node',
      ]);
    });

    it('names a binding whose bytes are for another platform than its name says, and a wrong manifest target', async () => {
      const file = await makeVsix('wrong-bytes.vsix', { target: 'darwin-x64', bindings: { [parserDarwin]: LINUX_X64, [resolverDarwin]: DARWIN_ARM64 } });
      const { problems } = await check(file, 'darwin-arm64');
      assert.deepEqual(problems, [
        'the manifest\'s TargetPlatform is "darwin-x64", not "darwin-arm64"',
        `${modules}/${parserDarwin}/binding-darwin-arm64.node is built for linux-x64, not darwin-arm64`,
      ]);
    });
  });
});
