import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { MARK, findStrays, signalStrays, startOf } from './process-tree.js';

/**
 * Every child process the runner starts goes through here, so that all of them are ended on
 * every exit path: normal end, error, timeout, AbortSignal, Ctrl-C (the CLI turns SIGINT and
 * SIGTERM into an abort), and even `process.exit()` (the 'exit' hook below kills synchronously).
 * If the runner dies without running any of that (SIGKILL), the children notice their IPC
 * channel closing, or (when their event loop is stuck) a thread of theirs sees the runner gone,
 * and they exit by themselves (see orphan-watchdog.js).
 *
 * Each child leads a process group of its own (POSIX), and is ended with its group: a fixture's
 * server may start processes of its own, which must not outlive it. What it started into a
 * session of its own (`detached: true`, `setsid`) has left that group; those processes are found
 * by parentage and by the mark every child's environment carries (process-tree.js), and ended too.
 */

/** Process groups exist (and `detached` makes one) everywhere but on Windows. */
const GROUPS = process.platform !== 'win32';

/**
 * Sends a signal to a child's whole process group (the child alone where there are no groups).
 * @param {import('node:child_process').ChildProcess} child
 * @param {NodeJS.Signals} signal
 */
function killGroup(child, signal) {
  if (GROUPS && child.pid !== undefined) {
    try {
      process.kill(-child.pid, signal);
      return;
    } catch {
      // The group is gone (or never was): the child alone, below.
    }
  }
  child.kill(signal);
}

/**
 * Ends a child's group and everything it started outside it, at once.
 * @param {import('node:child_process').ChildProcess} child
 */
function killAll(child) {
  const strays = marks.get(child);
  const alive = child.exitCode === null && child.signalCode === null;
  if (GROUPS && child.pid !== undefined && strays) signalStrays(findStrays(child.pid, strays.mark, strays.since, alive), 'SIGKILL');
  killGroup(child, 'SIGKILL');
}

/** @type {Set<import('node:child_process').ChildProcess>} */
const live = new Set();
/** @type {WeakMap<import('node:child_process').ChildProcess, { mark: string, since: string | null }>} each child's mark and start time */
const marks = new WeakMap();
let exitHookInstalled = false;

function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of live) killAll(child);
  });
}

/**
 * @typedef {object} Supervised
 * @property {import('node:child_process').ChildProcess} child
 * @property {() => string} stderrTail last lines the child wrote to stderr, for error messages
 * @property {Promise<{ code: number | null, signal: string | null }>} exited resolves when it ends
 * @property {() => Promise<void>} stop SIGTERM, then SIGKILL after a grace period
 */

/**
 * Starts `node <script> ...args` with an IPC channel, stdout ignored and stderr kept (tail only).
 * @param {string} script
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, graceMs?: number, execPath?: string, execArgv?: string[] }} [options]
 *   execPath and execArgv: another Node than the runner's own and its flags (a TypeScript fixture's, node-runtime.js)
 * @returns {Supervised}
 */
export function spawnNode(script, args, options = {}) {
  installExitHook();
  const mark = randomUUID();
  const child = fork(script, args, {
    // Inside VS Code desktop, process.execPath is the Electron binary: this makes it run as plain Node.
    env: { ...(options.env ?? process.env), ELECTRON_RUN_AS_NODE: '1', [MARK]: mark },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    // The caller's flags (--inspect, --input-type, loaders) would skew or break the children.
    execArgv: options.execArgv ?? [],
    ...(options.execPath ? { execPath: options.execPath } : {}),
    serialization: 'advanced',
    // Its own process group, so that it is ended with what it started.
    detached: GROUPS,
  });
  live.add(child);
  marks.set(child, { mark, since: startOf(child.pid) });
  let tail = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    tail = (tail + chunk).slice(-4000);
  });
  // A failed IPC send to a dying child must not crash the runner.
  child.on('error', () => {});
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      live.delete(child);
      resolve({ code, signal });
    });
  });
  const graceMs = options.graceMs ?? 1000;
  const stop = async () => {
    // Found while the child lives: once it is gone, what it started has another parent.
    const strays = GROUPS && child.pid !== undefined ? findStrays(child.pid, mark, marks.get(child)?.since ?? null) : [];
    if (child.exitCode === null && child.signalCode === null) {
      killGroup(child, 'SIGTERM');
      signalStrays(strays, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    }
    // What it started and left running goes with it, and what it started while it stopped.
    signalStrays(strays, 'SIGKILL');
    killAll(child);
  };
  return {
    child,
    stderrTail: () =>
      tail
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .slice(-3)
        .join(' | '),
    exited,
    stop,
  };
}

/** How many supervised children are still running (for tests and diagnostics). */
export function liveChildCount() {
  return live.size;
}

/** Ends every supervised child; used by the CLI's signal handlers as a last resort. */
export async function stopAllChildren() {
  await Promise.all(
    [...live].map(
      (child) =>
        new Promise((resolve) => {
          killAll(child);
          if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
          child.once('exit', () => resolve(undefined));
        }),
    ),
  );
}
