import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { runComparison, startLoadGenerator, sweepStaleTempDirs } from '../../index.js';
import { FIXTURES, QUICK, REPO, childPids, isAlive, waitFor } from '../helpers.js';

const CLI = path.join(REPO, 'packages', 'unblock-bench', 'cli.js');

/**
 * Runs a fixture that must fail, and checks the error is one clear line and that no child
 * process of ours is left afterwards.
 * @param {string} name
 * @param {Record<string, any>} options
 * @param {{ code: string, message: RegExp }} expected
 */
async function expectCleanFailure(name, options, expected) {
  const baseline = childPids();
  const error = await runComparison({ ...QUICK, ...options, fixture: path.join(FIXTURES, name) }).then(
    () => assert.fail('expected the run to fail'),
    (e) => e,
  );
  assert.equal(error.code, expected.code, error.message);
  assert.match(error.message, expected.message);
  assert.ok(!error.message.includes('\n'), 'one-line message');
  assert.deepEqual(childPids(), baseline, 'no child process outlives the run');
}

describe('bench-runner: failures end cleanly', function () {
  this.timeout(20000);

  it('a fixture that throws on import', async () => {
    await expectCleanFailure('throws-on-import', {}, {
      code: 'SERVER_FAILED',
      message: /^before: the fixture module threw on import: database URL is not configured$/,
    });
  });

  it('a fixture that never listens', async () => {
    await expectCleanFailure('never-listens', { listenTimeout: 0.5 }, {
      code: 'LISTEN_TIMEOUT',
      message: /^the before server did not start listening within 0\.5 s; if it needs longer to start, raise the limit with --listen-timeout <seconds>$/,
    });
  });

  it('a fixture that needs a port that is in use', async () => {
    const blocker = net.createServer();
    await new Promise((resolve) => blocker.listen(0, '127.0.0.1', () => resolve(undefined)));
    process.env.UNBLOCK_TEST_BUSY_PORT = String(/** @type {net.AddressInfo} */ (blocker.address()).port);
    try {
      await expectCleanFailure('port-in-use', {}, { code: 'SERVER_FAILED', message: /^the before server could not listen: port in use \(listen EADDRINUSE/ });
    } finally {
      delete process.env.UNBLOCK_TEST_BUSY_PORT;
      blocker.close();
    }
  });

  it('a request that hangs', async () => {
    await expectCleanFailure('hangs-request', { requestTimeout: 0.5 }, {
      code: 'REQUEST_FAILED',
      message: /^equivalence check: GET \/pair on the (before|after) server failed: no answer within 0\.5 s$/,
    });
  });

  it('a server that crashes mid-run', async () => {
    await expectCleanFailure('crashes-mid-run', { duration: 1 }, {
      code: 'SERVER_CRASHED',
      message: /^before: the server crashed: out of file descriptors$/,
    });
  });

  it('a server that refuses connections under load (autocannon only sees errors)', async () => {
    await expectCleanFailure('refuses-under-load', {}, {
      code: 'NO_RESPONSES',
      message: /^the before server answered no request during a 0\.3 s slice at 1 connection \(0 timeouts, [1-9]\d* errors\)$/,
    });
  });

  it('autocannon rejecting its options', async () => {
    const baseline = childPids();
    const load = startLoadGenerator();
    try {
      await assert.rejects(load.run({ url: 'http://127.0.0.1:9', requests: [{}], connections: -3, duration: 0.3, timeout: 1 }), {
        code: 'LOAD_FAILED',
        message: /^autocannon failed: connections can not be less than 1$/,
      });
    } finally {
      await load.stop();
    }
    assert.deepEqual(childPids(), baseline);
  });

  it('cancellation through an AbortSignal during the load', async () => {
    const baseline = childPids();
    const controller = new AbortController();
    const run = runComparison(
      { ...QUICK, duration: 10, fixture: path.join(FIXTURES, 'tiny') },
      {
        signal: controller.signal,
        onProgress: (event) => {
          if (event.phase === 'slice') controller.abort('test cancels');
        },
      },
    );
    await assert.rejects(run, { code: 'ABORTED', message: 'benchmark cancelled (test cancels)' });
    assert.deepEqual(childPids(), baseline);
  });

  it('Ctrl-C on the CLI: exit 130, one line, every child gone', async () => {
    const cli = spawn(process.execPath, [CLI, path.join(FIXTURES, 'tiny'), '--duration', '20', '--rounds', '1', '--warmup', '0', '--connections', '1'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group, like a shell job
    });
    let stderr = '';
    cli.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise((resolve) => cli.on('exit', (code) => resolve(code)));
    // Two servers and the load generator.
    assert.ok(await waitFor(() => childPids(cli.pid).length >= 3, 10000), 'children started');
    const children = childPids(cli.pid);
    process.kill(-cli.pid, 'SIGINT'); // what Ctrl-C does: the whole foreground group gets it
    assert.equal(await exited, 130);
    assert.equal(stderr.trim(), 'unblock-bench: tiny: benchmark cancelled (Ctrl-C)');
    assert.ok(await waitFor(() => children.every((pid) => !isAlive(pid)), 3000), 'children ended');
  });

  it('the runner dying without cleanup (SIGKILL): children notice and exit, the next run sweeps its folder', async () => {
    const script = `import { runComparison } from ${JSON.stringify(path.join(REPO, 'packages', 'unblock-bench', 'index.js'))};
await runComparison({ fixture: ${JSON.stringify(path.join(FIXTURES, 'tiny'))}, duration: 20, rounds: 1, warmup: 0, connections: [1] });`;
    const runner = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'ignore' });
    assert.ok(await waitFor(() => childPids(runner.pid).length >= 3, 10000), 'children started');
    const children = childPids(runner.pid);
    runner.kill('SIGKILL');
    assert.ok(await waitFor(() => children.every((pid) => !isAlive(pid)), 5000), 'orphans exited by themselves');
    const left = (await readdir(os.tmpdir())).filter((name) => name.startsWith(`unblock-bench-${runner.pid}-`));
    assert.equal(left.length, 2, 'the killed run left its "before" and "after" copies behind');
    const removed = await sweepStaleTempDirs();
    assert.ok(left.every((name) => removed.includes(path.join(os.tmpdir(), name))), 'the sweep removed them');
  });

  it('a malformed fixture on the CLI: exit 1 and one line', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'unblock-malformed-'));
    await writeFile(path.join(dir, 'fixture.json'), '{ "entry": ');
    try {
      const cli = spawn(process.execPath, [CLI, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      cli.stderr.on('data', (chunk) => (stderr += chunk));
      const code = await new Promise((resolve) => cli.on('exit', resolve));
      assert.equal(code, 1);
      assert.match(stderr, /^unblock-bench: unblock-malformed-\w+: .*fixture\.json is not valid JSON: .*\n$/);
      assert.equal(stderr.split('\n').length, 2, 'exactly one line');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
