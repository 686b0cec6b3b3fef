import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * PIDs of the direct children of a process, from `ps` (Linux/macOS).
 * @param {number} pid
 * @returns {number[]}
 */
export function childPids(pid = process.pid) {
  try {
    const out = execFileSync('ps', ['-o', 'pid=,stat=,comm=', '--ppid', String(pid)], { encoding: 'utf8' });
    return out
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      // Leave out the `ps` we just ran and reaped-to-be zombies.
      .filter(([id, stat, comm]) => Number(id) > 0 && comm !== 'ps' && !stat.startsWith('Z'))
      .map(([id]) => Number(id));
  } catch {
    return []; // ps exits 1 when there is no child
  }
}

/**
 * Whether a process still exists (zombies of our own children count as gone once reaped).
 * @param {number} pid
 */
export function isAlive(pid) {
  try {
    process.kill(pid, 0);
    const state = execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    return state !== '' && !state.startsWith('Z');
  } catch {
    return false;
  }
}

/**
 * Polls until `check` is true or the time is up; returns the last value of `check`.
 * @param {() => boolean} check
 * @param {number} timeoutMs
 */
export async function waitFor(check, timeoutMs = 3000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

/** Short load settings for tests that reach the load phase. */
export const QUICK = { connections: [1], duration: 0.3, rounds: 1, warmup: 0, listenTimeout: 5, requestTimeout: 1, maxRepeats: 0 };
