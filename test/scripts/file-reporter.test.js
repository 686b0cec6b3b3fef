/**
 * The mocha reporter `npm test` uses (test/support/file-reporter.cjs): one line per test file with
 * its counts, a failing test named under its file, mocha's full failure report at the end, and
 * the exit code mocha gives.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MOCHA = path.join(REPO, 'node_modules', 'mocha', 'bin', 'mocha.js');
const REPORTER = path.join(REPO, 'test', 'support', 'file-reporter.cjs');

describe('the test reporter: progress by file', function () {
  this.timeout(20000);

  it('prints a line per file as it ends, names failures under their file, and keeps mocha\'s summary and exit code', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'unblock-reporter-'));
    try {
      await writeFile(path.join(dir, 'one.test.cjs'), "describe('one', () => { it('passes', () => {}); it('breaks', () => { throw new Error('boom'); }); it.skip('later', () => {}); });\n");
      await writeFile(path.join(dir, 'two.test.cjs'), "describe('two', () => { it('a', () => {}); it('b', () => {}); });\n");
      const run = spawnSync(process.execPath, [MOCHA, '--no-config', '--reporter', REPORTER, 'one.test.cjs', 'two.test.cjs'], { cwd: dir, encoding: 'utf8', timeout: 20000 });
      assert.equal(run.status, 1, run.stderr);
      const lines = run.stdout.split('\n');
      assert.match(lines[0] ?? '', /^ {2}✗ one\.test\.cjs {2}1 passing, 1 failing, 1 pending {2}\d+\.\d s$/);
      assert.equal(lines[1], '      failed: one breaks');
      assert.match(lines[2] ?? '', /^ {2}✓ two\.test\.cjs {2}2 passing {2}\d+\.\d s$/);
      assert.match(run.stdout, /\n {2}3 passing \(\d+ms\)\n {2}1 pending\n {2}1 failing\n/);
      assert.match(run.stdout, /Error: boom/);
      assert.equal(run.stdout.split('\n').filter((line) => line.includes('passing')).length, 3, 'no line per test');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
