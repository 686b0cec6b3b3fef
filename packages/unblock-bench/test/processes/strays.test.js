/**
 * Processes a benchmarked server starts outside its process group (`detached: true`, setsid(1),
 * a double fork) end with the run, as the server does (issue #45, item 6): after the bench, after
 * observe, and after a cancelled run.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { runComparison } from '../../index.js';
import { runObserve } from '../../observe/observe.js';
import { FIXTURES, QUICK, REPO, childPids, isAlive, waitFor } from '../helpers.js';

const FIXTURE = path.join(FIXTURES, 'spawns-detached');

/** @type {string} */
let dir;
/** @type {string} */
let file;

/**
 * What the fixture's servers recorded: one line per helper, "kind pid".
 * @returns {Array<{ kind: string, pid: number }>}
 */
function recorded() {
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  return text.split('\n').filter(Boolean).map((line) => {
    const [kind, pid] = line.split(' ');
    return { kind, pid: Number(pid) };
  });
}

/**
 * Every helper the servers started is gone (waiting a moment for the system to take a killed one away).
 * @param {number} servers how many servers the run started
 */
async function assertAllGone(servers) {
  const strays = recorded();
  // Recorded as each server is imported, before it listens.
  for (const kind of ['detached', 'setsid']) {
    assert.equal(strays.filter((s) => s.kind === kind).length, servers, `${kind} helpers recorded: ${JSON.stringify(strays)}`);
  }
  // Recorded by a short-lived middle process, which a run that ends early may end first.
  assert.ok(strays.some((s) => s.kind === 'double-fork'), `a double fork's helper recorded: ${JSON.stringify(strays)}`);
  const gone = await waitFor(() => strays.every((s) => !isAlive(s.pid)), 3000);
  assert.ok(gone, `still running: ${JSON.stringify(strays.filter((s) => isAlive(s.pid)))}`);
}

describe('bench-runner: what a server starts outside its process group ends with the run', function () {
  this.timeout(60_000);

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-strays-'));
    file = path.join(dir, 'strays.txt');
    process.env.UNBLOCK_TEST_STRAYS = file;
  });

  afterEach(() => {
    delete process.env.UNBLOCK_TEST_STRAYS;
    // A failed test must not leave its helpers running either.
    for (const { pid } of recorded()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone, as it should be.
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the bench: both servers\' helpers are gone when it returns', async () => {
    const result = await runComparison({ ...QUICK, fixture: FIXTURE });
    assert.equal(result.status, 'measured');
    await assertAllGone(2);
  });

  it('observe: the instrumented and the uninstrumented server\'s helpers are gone when it returns', async () => {
    await runObserve({ duration: 0.3, warmup: 0, fixture: FIXTURE });
    await assertAllGone(2);
  });

  it('a cancelled bench: gone too', async () => {
    const controller = new AbortController();
    const run = runComparison({ ...QUICK, duration: 10, fixture: FIXTURE }, {
      signal: controller.signal,
      onProgress: (event) => {
        if (event.phase === 'slice') controller.abort('test cancels');
      },
    });
    await assert.rejects(run, { code: 'ABORTED' });
    await assertAllGone(2);
  });

  it('the runner killed (SIGKILL): each server\'s watch ends its helpers before itself', async () => {
    const script = `import { runComparison } from ${JSON.stringify(path.join(REPO, 'packages', 'unblock-bench', 'index.js'))};
await runComparison({ fixture: ${JSON.stringify(FIXTURE)}, duration: 20, rounds: 1, warmup: 0, connections: [1] });`;
    const runner = spawn(process.execPath, ['--conditions=unblock-source', '--input-type=module', '-e', script], { stdio: 'ignore' });
    const started = await waitFor(() => childPids(runner.pid).length >= 3 && recorded().filter((s) => s.kind === 'double-fork').length >= 2, 15_000);
    const children = childPids(runner.pid);
    runner.kill('SIGKILL');
    assert.ok(started, 'two servers and the load generator started, each server\'s helpers recorded');
    assert.ok(await waitFor(() => children.every((pid) => !isAlive(pid)), 5000), 'the servers and the load generator exited');
    await assertAllGone(2);
  });
});
