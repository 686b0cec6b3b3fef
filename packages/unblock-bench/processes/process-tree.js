/**
 * The processes a supervised child started that its process group no longer holds. A server may
 * start children with `detached: true` or through `setsid`: each leads a session of its own, so
 * ending the server's group (supervisor.js) leaves them running. They are found two ways:
 *
 * - by parentage: every process whose chain of parents leads to the child (while it lives);
 * - by mark (Linux): every process whose environment holds the child's mark, which the runner sets
 *   and children inherit. It finds what parentage cannot: a double fork's grandchild, whose
 *   parent exited and which the system adopted.
 *
 * Each is remembered with its start time where the system gives one (Linux), so that a process id
 * reused by an unrelated process later is never signalled. Windows has neither groups nor this
 * view: there the runner ends the child alone, as before. Synchronous on purpose: it also runs in
 * the runner's 'exit' hook.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

/** The environment variable that marks a supervised child and everything it starts. */
export const MARK = 'UNBLOCK_BENCH_PROCESS';

/**
 * @typedef {{ pid: number, ppid: number, start: string | null }} ProcessInfo start: an opaque start time (null where unknown)
 */

/**
 * Every running process, with its parent (an empty list where the system shows none).
 * @returns {ProcessInfo[]}
 */
function listProcesses() {
  if (process.platform === 'win32') return [];
  if (process.platform === 'linux') return listFromProc();
  try {
    // The list runs in the 'exit' hook too, where nothing asynchronous finishes; ps takes milliseconds
    // (eslint.config.js exempts this file from the blocking-call rule: every read here is such a read).
    const out = execFileSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000 });
    return out.split('\n').flatMap((line) => {
      const [pid, ppid] = line.trim().split(/\s+/).map(Number);
      return pid > 0 ? [{ pid, ppid, start: null }] : [];
    });
  } catch {
    return [];
  }
}

/** @returns {ProcessInfo[]} */
function listFromProc() {
  /** @type {ProcessInfo[]} */
  const list = [];
  for (const name of safeReaddir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const info = readStat(Number(name));
    if (info) list.push(info);
  }
  return list;
}

/**
 * `/proc/<pid>/stat`: the command name sits in parentheses and may hold any character, so the
 * fields are counted from the last ")": state, ppid, …, and start time as the 20th.
 * @param {number} pid
 * @returns {ProcessInfo | null}
 */
function readStat(pid) {
  try {
    // /proc is kernel memory, never the disk: microseconds, and usable in the 'exit' hook.
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { pid, ppid: Number(fields[1]), start: fields[19] ?? null };
  } catch {
    return null; // ended meanwhile
  }
}

/** @param {string} dir */
function safeReaddir(dir) {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/**
 * Whether a process's environment holds the mark (Linux; a process of another user is unreadable, so never ours).
 * @param {number} pid
 * @param {string} mark
 */
function hasMark(pid, mark) {
  try {
    // /proc, as above.
    return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(`${MARK}=${mark}`);
  } catch {
    return false;
  }
}

/**
 * The start time of a process, to tell later which processes started after it (null where unknown).
 * @param {number | undefined} pid
 */
export function startOf(pid) {
  return process.platform === 'linux' && pid !== undefined ? readStat(pid)?.start ?? null : null;
}

/**
 * The processes `rootPid` started, directly or not, and those that carry its mark; not `rootPid` itself.
 * @param {number} rootPid
 * @param {string} mark
 * @param {string | null} since the root's start time (startOf): a process that started earlier carries no mark of its
 * @param {boolean} [alive] whether the root still runs: once it has ended its id may be another process's, so only marks count
 * @returns {ProcessInfo[]}
 */
export function findStrays(rootPid, mark, since, alive = true) {
  const all = listProcesses();
  /** @type {Map<number, ProcessInfo[]>} */
  const children = new Map();
  for (const info of all) children.set(info.ppid, [...(children.get(info.ppid) ?? []), info]);
  /** @type {Map<number, ProcessInfo>} */
  const found = new Map();
  const queue = alive ? [...(children.get(rootPid) ?? [])] : [];
  while (queue.length > 0) {
    const info = /** @type {ProcessInfo} */ (queue.shift());
    if (found.has(info.pid)) continue;
    found.set(info.pid, info);
    queue.push(...(children.get(info.pid) ?? []));
  }
  if (process.platform === 'linux') {
    for (const info of all) {
      if (info.pid === rootPid || info.pid === process.pid || found.has(info.pid)) continue;
      if (since !== null && info.start !== null && Number(info.start) < Number(since)) continue;
      if (hasMark(info.pid, mark)) found.set(info.pid, info);
    }
  }
  return [...found.values()];
}

/**
 * Signals each process that is still the one found (same start time where known).
 * @param {ProcessInfo[]} strays
 * @param {NodeJS.Signals} signal
 */
export function signalStrays(strays, signal) {
  for (const stray of strays) {
    if (stray.start !== null && readStat(stray.pid)?.start !== stray.start) continue;
    try {
      process.kill(stray.pid, signal);
    } catch {
      // Gone already.
    }
  }
}
