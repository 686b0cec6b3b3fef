import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * The runner's temporary folders carry the id of the process that made them
 * (`unblock-bench-<pid>-XXXXXX`), so a later run can tell a folder left by a killed run (its
 * owner is gone) from one a concurrent run is still using, and remove only the former.
 */

/** Prefixes of every temporary folder the runner and the function harness make. */
export const TEMP_PREFIXES = ['unblock-bench-', 'unblock-function-', 'unblock-harness-'];

/** Folders made before names carried a pid: removed only when this old, as their owner is unknown. */
const UNOWNED_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * A new temporary folder named after `prefix` and this process.
 * @param {string} prefix one of TEMP_PREFIXES
 * @param {string} [parent] defaults to the system temp folder
 */
export function makeOwnedTempDir(prefix, parent = os.tmpdir()) {
  return mkdtemp(path.join(parent, `${prefix}${process.pid}-`));
}

/**
 * Removes the runner's temporary folders whose owner process has ended (a run killed with
 * SIGKILL, a crashed test); folders of live processes are left alone.
 * @param {{ parent?: string, isAlive?: (pid: number) => boolean, now?: number }} [options]
 * @returns {Promise<string[]>} the folders removed
 */
export async function sweepStaleTempDirs({ parent = os.tmpdir(), isAlive = processIsAlive, now = Date.now() } = {}) {
  const names = await readdir(parent).catch(() => []);
  const removed = [];
  for (const name of names) {
    const prefix = TEMP_PREFIXES.find((p) => name.startsWith(p));
    if (!prefix) continue;
    const owner = /^(\d+)-/.exec(name.slice(prefix.length));
    const full = path.join(parent, name);
    if (owner) {
      const pid = Number(owner[1]);
      if (pid === process.pid || isAlive(pid)) continue;
    } else {
      const info = await stat(full).catch(() => null);
      if (!info?.isDirectory() || now - info.mtimeMs < UNOWNED_MAX_AGE_MS) continue;
    }
    // Another run may sweep the same folder at the same time: force makes that harmless.
    await rm(full, { recursive: true, force: true }).then(() => removed.push(full), () => {});
  }
  return removed;
}

/**
 * Whether a process exists; EPERM means it exists but belongs to another user.
 * @param {number} pid
 */
export function processIsAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}
