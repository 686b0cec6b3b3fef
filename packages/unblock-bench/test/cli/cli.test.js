/**
 * The command line's own decisions: which flags go together, and what a
 * refused function benchmark prints and exits with. (Runs that measure are
 * covered by the end-to-end tests.)
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO } from '../helpers.js';

const CLI = path.join(REPO, 'packages', 'unblock-bench', 'cli.js');

/** @param {string[]} args */
function run(args) {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd: REPO, encoding: 'utf8', timeout: 30_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('unblock-bench command line', () => {
  it('lists --function and --latency in --help', () => {
    const { code, stdout } = run(['--help']);
    assert.equal(code, 0);
    assert.match(stdout, /--function <file:LINE>/);
    assert.match(stdout, /--latency <model>/);
  });

  it('refuses --latency without --function, in one line', () => {
    const { code, stderr } = run(['--latency', 'io:5', 'fixtures/fetch-all-data']);
    assert.equal(code, 2);
    assert.equal(stderr.trim(), 'unblock-bench: --latency goes with --function (see --help)');
  });

  it('refuses --aa with --function, and lists --aa in --help', () => {
    const { code, stderr } = run(['--aa', '--function', 'a.js:1']);
    assert.equal(code, 2);
    assert.equal(stderr.trim(), 'unblock-bench: --aa goes with fixtures, not --function (see --help)');
    assert.match(run(['--help']).stdout, /--aa {2,}A\/A self-check/);
  });

  it('refuses fixtures and --function together', () => {
    const { code, stderr } = run(['--function', 'a.js:1', 'fixtures/fetch-all-data']);
    assert.equal(code, 2);
    assert.match(stderr, /either fixtures or --function/);
  });

  it('explains a function it cannot benchmark and exits 1, without a stack trace', () => {
    const { code, stdout, stderr } = run(['--function', 'does-not-exist.js:3']);
    assert.equal(code, 1);
    assert.match(stdout + stderr, /cannot benchmark does-not-exist\.js:3: cannot read does-not-exist\.js/);
    assert.doesNotMatch(stdout + stderr, /\n\s+at /);
  });

  it('rejects a --function value without a line number as bad usage (exit 2)', () => {
    const { code, stderr } = run(['--function', 'fixtures/fetch-all-data/server.js']);
    assert.equal(code, 2);
    assert.match(stderr, /--function expects path\/to\/file\.js:LINE/);
  });

  it('suggests the flag a typo meant, and exits 2 without running anything', () => {
    const { code, stdout, stderr } = run(['fixtures/fetch-all-data', '--duraton', '1']);
    assert.equal(code, 2);
    assert.equal(stdout, '');
    assert.equal(stderr, 'unblock-bench: unknown option --duraton; did you mean --duration? (see --help)\n');
    assert.match(run(['--listen-timout=3', 'x']).stderr, /did you mean --listen-timeout\?/);
    assert.equal(run(['--frobnicate', 'x']).stderr, 'unblock-bench: unknown option --frobnicate (see --help)\n');
  });

  it('a bad flag value is bad usage (exit 2); a folder without fixture.json is a failed fixture (exit 1) that says what to do', () => {
    assert.equal(run(['fixtures/fetch-all-data', '--rounds', 'many']).code, 2);
    const { code, stderr } = run(['docs']);
    assert.equal(code, 1);
    assert.match(stderr, /^unblock-bench: docs: no fixture\.json in .*docs: write one next to the module that exports your request handler, e\.g\. \{"entry":"server\.js".*docs\/bench\.md#fixturejson.*--function <file:LINE>\n$/);
  });
});
