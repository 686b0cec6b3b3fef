/**
 * A project may hold anything under a source file's name. The project index listed every entry
 * that was not a folder: a link to /dev/zero (its size reads as 0, so the 400 kB guard passed)
 * was read until memory ran out, and a FIFO named `evil.js` blocked the lint of a 7-line file
 * until something wrote into it. Only regular files (after following links) are read now, and a
 * package.json that is a FIFO is never handed to the resolver (which would wait on it).
 * Each lint runs in a child process with a hang guard and a memory cap.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { lintInChild } from '../../packages/eslint-plugin-unblock/test/support/lint-in-child.js';
import { makeProject, makeFifo, removeAll, platform } from '../../packages/eslint-plugin-unblock/test/support/temp-project.js';
import { listProjectFiles } from '../../packages/eslint-plugin-unblock/rules/project/workspace/project-files.js';
import { readRegularFile } from '../../packages/eslint-plugin-unblock/rules/project/bounds/read-regular-file.js';

/** A route-less module with a blocking call (so its callers are looked for) and two awaited imported calls. */
const server = `import { readFileSync } from 'node:fs';
import { first, second } from './lib/helper.js';
export async function load(p) {
  const a = await first(p);
  const b = await second(p);
  return [a, b, readFileSync(p, 'utf8')];
}
`;
const helper = 'export async function first(p) { return p; }\nexport async function second(p) { return p; }\n';

const withPlatform = (/** @type {boolean} */ supported) => (supported ? it : it.skip);
const skipNote = (/** @type {boolean} */ supported, /** @type {string} */ what) => (supported ? '' : ` (skipped: this platform has no ${what})`);

describe('robustness: hostile files in the project', function () {
  this.timeout(60_000);
  after(removeAll);

  withPlatform(platform.devices)(`lints a file beside a link to /dev/zero named zero.js, without reading it${skipNote(platform.devices, '/dev/zero')}`, async () => {
    const dir = makeProject({ 'package.json': '{}', 'server.js': server, 'lib/helper.js': helper });
    fs.symlinkSync('/dev/zero', path.join(dir, 'zero.js'));
    const result = await lintInChild(dir, ['server.js'], {});
    assert.equal(result.status, 'done', JSON.stringify(result));
    assert.ok('server.js' in /** @type {any} */ (result).reports);
  });

  withPlatform(platform.fifo)(`lints a file beside a FIFO named evil.js, and beside a package.json that is one${skipNote(platform.fifo, 'FIFOs')}`, async () => {
    const dir = makeProject({ 'package.json': '{}', 'server.js': server, 'lib/helper.js': helper });
    assert.ok(makeFifo(path.join(dir, 'evil.js')));
    assert.ok(makeFifo(path.join(dir, 'lib', 'package.json')));
    const result = await lintInChild(dir, ['server.js']);
    assert.equal(result.status, 'done', JSON.stringify(result));
    assert.ok('server.js' in /** @type {any} */ (result).reports);
  });

  withPlatform(platform.fifo && platform.devices)(`lists only regular files, links to regular files inside the project among them${skipNote(platform.fifo && platform.devices, 'FIFOs or devices')}`, () => {
    const outside = makeProject({ 'secret.js': 'export const key = 1;\n' });
    const dir = makeProject({ 'package.json': '{}', 'a.js': '', 'lib/b.js': '' });
    fs.symlinkSync(path.join(dir, 'lib', 'b.js'), path.join(dir, 'linked.js'));
    fs.symlinkSync(path.join(outside, 'secret.js'), path.join(dir, 'outside.js'));
    fs.symlinkSync('/dev/zero', path.join(dir, 'zero.js'));
    fs.symlinkSync(dir, path.join(dir, 'loop.js'));
    assert.ok(makeFifo(path.join(dir, 'evil.js')));
    const files = (listProjectFiles(dir) ?? []).map((file) => path.relative(dir, file)).sort();
    assert.deepEqual(files, ['a.js', 'lib/b.js', 'linked.js'].map((file) => file.split('/').join(path.sep)));
    assert.equal(readRegularFile(path.join(dir, 'evil.js'), 1000), null, 'a FIFO is not read, and opening it does not wait');
    assert.equal(readRegularFile(path.join(dir, 'zero.js'), 1000), null);
    assert.equal(readRegularFile(path.join(dir, 'linked.js'), 1000), '');
  });
});
