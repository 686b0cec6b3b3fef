/**
 * Ends a child of the runner, with every process it started, once the runner is gone. A child
 * normally notices through its IPC channel ('disconnect'), but only when its event loop runs: a
 * server stuck in a handler that loops forever never did, and kept spinning at 100% CPU after
 * the runner was killed (SIGKILL), its own child processes too. This watch runs on a thread of
 * its own, so a blocked event loop cannot stop it: when the runner's process is gone, it kills
 * the child's process group (the runner starts each child as the leader of its own group, see
 * supervisor.js), or the child alone where there are no groups, and first what the child started
 * outside its group (process-tree.js), which the runner is no longer there to end.
 */
import { Worker } from 'node:worker_threads';
import { MARK, findStrays, signalStrays, startOf } from './process-tree.js';

/** How often the thread looks for the runner. */
const POLL_MS = 200;

const WATCH = `
const { workerData } = require('node:worker_threads');
const { runner, pollMs, tree, mark } = workerData;
let strays = null;
import(tree).then((module) => { strays = module; }, () => {});
const gone = () => {
  if (process.ppid !== runner) return true;
  try {
    process.kill(runner, 0);
    return false;
  } catch (error) {
    return error.code !== 'EPERM';
  }
};
setInterval(() => {
  if (!gone()) return;
  if (strays && mark) strays.signalStrays(strays.findStrays(process.pid, mark, strays.startOf(process.pid)), 'SIGKILL');
  try {
    process.kill(-process.pid, 'SIGKILL');
  } catch {
    process.kill(process.pid, 'SIGKILL');
  }
}, pollMs);
`;

/**
 * Ends this process and every process of its group: what it started must not outlive it when the
 * runner is gone (its IPC channel closed).
 */
export function exitWithGroup() {
  const mark = process.env[MARK];
  if (mark && process.platform !== 'win32') signalStrays(findStrays(process.pid, mark, startOf(process.pid)), 'SIGKILL');
  try {
    process.kill(-process.pid, 'SIGKILL');
  } catch {
    // Not a group leader (started by something else than the runner): this process alone.
  }
  process.exit(0);
}

/**
 * Starts the watch; it never keeps the process alive by itself.
 * @param {number} [runner] the runner's pid (default: this process's parent)
 */
export function watchForOrphaning(runner = process.ppid) {
  try {
    const workerData = { runner, pollMs: POLL_MS, tree: new URL('./process-tree.js', import.meta.url).href, mark: process.env[MARK] ?? null };
    const worker = new Worker(WATCH, { eval: true, workerData, execArgv: [] });
    worker.unref();
    worker.on('error', () => {});
  } catch {
    // Without threads, the IPC channel's 'disconnect' is the only watch left.
  }
}
