/**
 * The server factory a fixture.json names is start-up code (the bench calls it once), read from
 * a fixture.json in the file's folder or above it, up to the project root.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import benchFactory from '../../../../rules/project/frameworks/apps/bench-factory.js';
import { declaredIn } from '../framework-probe.js';

const code = `export async function createServer() { return null; }\nexport default function other() {}\nexport const helper = () => 1;`;

/**
 * A project folder with a package.json and the given files; removed after `run`.
 * @param {Record<string, string>} files relative path → text
 * @param {(dir: string) => void} run
 */
function withProject(files, run) {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-bench-factory-')));
  try {
    for (const [file, text] of Object.entries({ 'package.json': '{ "name": "app" }', ...files })) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    run(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const factoryJson = (/** @type {Record<string, unknown>} */ fields) => JSON.stringify({ rules: ['unblock/no-blocking-sync-call'], routes: ['/'], ...fields });

describe('frameworks: unblock-bench', () => {
  it('takes the export a factory fixture.json at the project root names as start-up code', () => {
    withProject({ 'fixture.json': factoryJson({ entry: 'src/app.ts', export: 'createServer', kind: 'factory' }) }, (dir) => {
      assert.deepEqual(declaredIn(benchFactory, code, path.join(dir, 'src/app.ts')), [
        { label: "the bench's server factory createServer()", kind: 'startup', handler: 'async function createServer() { return null; }' },
      ]);
    });
  });

  it('reads a fixture.json beside the file, and the default export when it names none', () => {
    withProject({ 'src/fixture.json': factoryJson({ entry: 'app.ts', kind: 'factory' }) }, (dir) => {
      assert.deepEqual(declaredIn(benchFactory, code, path.join(dir, 'src/app.ts')), [
        { label: "the bench's server factory default export()", kind: 'startup', handler: 'function other() {}' },
      ]);
    });
  });

  it('ignores a handler fixture, another entry, and a fixture.json that is not JSON', () => {
    withProject({ 'fixture.json': factoryJson({ entry: 'src/app.ts', export: 'createServer' }) }, (dir) => {
      assert.deepEqual(declaredIn(benchFactory, code, path.join(dir, 'src/app.ts')), []);
    });
    withProject({ 'fixture.json': factoryJson({ entry: 'src/server.ts', export: 'createServer', kind: 'factory' }) }, (dir) => {
      assert.deepEqual(declaredIn(benchFactory, code, path.join(dir, 'src/app.ts')), []);
    });
    withProject({ 'fixture.json': '{ "entry": "src/app.ts", "kind": "factory", ' }, (dir) => {
      assert.deepEqual(declaredIn(benchFactory, code, path.join(dir, 'src/app.ts')), []);
    });
  });

  it('never reads a fixture.json above the project root', () => {
    withProject({ 'fixture.json': factoryJson({ entry: 'pkg/src/app.ts', export: 'createServer', kind: 'factory' }), 'pkg/package.json': '{ "name": "pkg" }' }, (dir) => {
      assert.deepEqual(declaredIn(benchFactory, code, path.join(dir, 'pkg/src/app.ts')), []);
    });
  });
});
