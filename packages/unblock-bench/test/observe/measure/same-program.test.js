/**
 * observe never changes the program it measures (issue #44, item 1): its rewrite is safe in code
 * without semicolons, and it refuses to measure an instrumented server that answers differently
 * from the same files uninstrumented.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runObserve } from '../../../observe/observe.js';
import { FIXTURES, REPO, childPids } from '../../helpers.js';

const CLI = path.join(REPO, 'packages', 'unblock-bench', 'cli.js');
const QUICK = { duration: 0.5, warmup: 0.1 };

/** The runner's temporary folders of a process. */
const tempDirsOf = (/** @type {number} */ pid) => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(`unblock-bench-${pid}-`));

/**
 * Runs the CLI and collects what it printed.
 * @param {string[]} args
 * @returns {Promise<{ code: number | null, stdout: string, stderr: string }>}
 */
function runCli(args) {
  const cli = spawn(process.execPath, ['--conditions=unblock-source', CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  cli.stdout.on('data', (chunk) => (stdout += chunk));
  cli.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => cli.on('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('observe: the instrumented program is the program', function () {
  this.timeout(120_000);

  it('an app in standard style (no semicolons): every route answers as uninstrumented, under load too', async () => {
    const baseline = childPids();
    const observation = await runObserve({ ...QUICK, fixture: path.join(FIXTURES, 'standard-style') });
    assert.deepEqual(observation.routes.map((r) => r.route), ['GET /profile', 'GET /touch', 'GET /orders', 'GET /note']);
    for (const route of observation.routes) {
      assert.ok(route.requests > 0, `${route.route}: no request`);
      assert.equal(route.non2xx, 0, `${route.route}: ${route.non2xx} of ${route.requests} answers were not 2xx`);
    }
    // What begins a statement is measured where the rules reported it: an await, a blocking call.
    const at = (/** @type {string} */ route) => observation.findings.filter((f) => f.route === route).map((f) => [f.kind, f.line, f.rule]);
    assert.deepEqual(at('GET /profile'), [['waterfall', 30, 'unblock/no-await-waterfall']]);
    assert.deepEqual(at('GET /note').find(([, line]) => line === 51), ['blocking', 51, 'unblock/no-blocking-sync-call']);
    assert.deepEqual(childPids(), baseline);
    assert.deepEqual(tempDirsOf(process.pid), []);
  });

  it('stops with a clear error when the instrumented server answers differently', async () => {
    const baseline = childPids();
    const error = await runObserve({ ...QUICK, fixture: path.join(FIXTURES, 'reads-own-source') }).then(() => assert.fail('expected observe to stop'), (e) => e);
    assert.equal(error.code, 'NOT_EQUIVALENT', error.message);
    assert.match(error.message, /^the instrumented server answers 1 request of 1 differently from the uninstrumented one, so what observe would measure is not your program; stopped/);
    assert.ok(!error.message.includes('\n'), 'one line');
    assert.match(error.details, /^ {2}GET \/: body differs\n {4}uninstrumented: "lookup: \d+ characters"\n {4}instrumented: {3}"lookup: \d+ characters"$/);
    assert.deepEqual(childPids(), baseline, 'both servers ended');
    assert.deepEqual(tempDirsOf(process.pid), [], 'both copies removed');
  });

  it('on the CLI: exit 1, the reason on stderr, no table and nothing written', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-observe-differs-'));
    try {
      const observed = path.join(dir, 'observed.json');
      const { code, stdout, stderr } = await runCli(['observe', path.join(FIXTURES, 'reads-own-source'), '--duration', '0.5', '--warmup', '0', '--quiet', '--observed', observed]);
      assert.equal(code, 1, stderr);
      assert.match(stderr, /^unblock-bench: reads-own-source: the instrumented server answers 1 request of 1 differently from the uninstrumented one/);
      assert.match(stderr, /^ {2}GET \/: body differs$/m);
      assert.doesNotMatch(stdout, /Nothing measurable was lost/);
      assert.equal(stdout, '');
      assert.equal(fs.existsSync(observed), false, 'no observations written');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
