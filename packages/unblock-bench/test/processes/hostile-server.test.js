/**
 * A fixture's server may misbehave in ways the runner must survive: a handler that loops forever
 * (its event loop never comes back, so it answers neither requests nor the runner's questions),
 * processes of its own, files it writes next to itself. The runner used to wait forever for the
 * statistics of such a server; killed meanwhile (SIGKILL), it left both servers spinning at 100%
 * CPU and their helper processes running; and the "before" server ran in the user's own folder.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runComparison, sweepStaleTempDirs } from '../../index.js';
import { FIXTURES, QUICK, REPO, childPids, isAlive, waitFor } from '../helpers.js';

const CLI = path.join(REPO, 'packages', 'unblock-bench', 'cli.js');

/**
 * The pids a stuck-handler server wrote: each server's, its helper's, and which got stuck.
 * @param {string} file
 */
function pidsIn(file) {
  const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split('\n').filter(Boolean) : [];
  const started = lines.filter((line) => !line.startsWith('stuck')).map((line) => line.split(' ').map(Number));
  return { servers: started.map(([server]) => server), helpers: started.map(([, helper]) => helper), stuck: lines.filter((line) => line.startsWith('stuck')).length };
}

describe('bench-runner: a server that misbehaves', function () {
  this.timeout(60_000);
  /** @type {string} */
  let dir;
  /** @type {string} */
  let pidFile;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-hostile-'));
    pidFile = path.join(dir, 'pids');
    process.env.UNBLOCK_TEST_PIDS = pidFile;
  });
  afterEach(() => {
    delete process.env.UNBLOCK_TEST_PIDS;
    // Whatever a failing run left behind.
    const { servers, helpers } = pidsIn(pidFile);
    for (const pid of [...servers, ...helpers]) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stops with one line when a server no longer answers the runner, and ends its helper processes too', async () => {
    const baseline = childPids();
    const error = await runComparison({ ...QUICK, duration: 2, fixture: path.join(FIXTURES, 'stuck-handler') }).then(
      () => assert.fail('expected the run to fail'),
      (e) => e,
    );
    assert.equal(error.code, 'SERVER_UNRESPONSIVE', error.message);
    assert.match(error.message, /^the before server did not answer the runner within 1 s: its event loop is blocked \(a request handler that never returns\?\); if it is only slow, raise --request-timeout$/);
    assert.deepEqual(childPids(), baseline, 'no child process outlives the run');
    const { servers, helpers } = pidsIn(pidFile);
    assert.equal(servers.length, 2);
    assert.ok(await waitFor(() => [...servers, ...helpers].every((pid) => !isAlive(pid)), 5000), 'the servers\' own processes ended with them');
  });

  it('leaves no server, and none of their processes, within 5 s of the runner being killed (SIGKILL)', async () => {
    const cli = spawn(process.execPath, [CLI, path.join(FIXTURES, 'stuck-handler'), '--duration', '20', '--rounds', '1', '--warmup', '0', '--connections', '1', '--request-timeout', '60'], {
      stdio: 'ignore',
      env: { ...process.env, UNBLOCK_TEST_PIDS: pidFile },
    });
    const exited = new Promise((resolve) => cli.on('exit', resolve));
    // Killed while the "before" server spins in its handler.
    assert.ok(await waitFor(() => pidsIn(pidFile).servers.length === 2 && pidsIn(pidFile).stuck > 0, 30_000), 'both servers started and one got stuck');
    const { servers, helpers } = pidsIn(pidFile);
    cli.kill('SIGKILL');
    await exited;
    assert.ok(await waitFor(() => [...servers, ...helpers].every((pid) => !isAlive(pid)), 5000), 'no server or helper process left');
    // The killed run could not remove its copies of the fixture: the next run's sweep does.
    await sweepStaleTempDirs();
    assert.deepEqual(fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(`unblock-bench-${cli.pid}-`)), []);
  });

  it('runs the "before" server from a copy: a server that writes next to itself writes nothing into the fixture folder', async () => {
    const fixture = path.join(dir, 'writes-files');
    fs.cpSync(path.join(FIXTURES, 'writes-files'), fixture, { recursive: true });
    const result = await runComparison({ ...QUICK, fixture });
    assert.equal(result.status, 'measured');
    assert.deepEqual(fs.readdirSync(fixture).sort(), ['fixture.json', 'server.js']);
  });
});
