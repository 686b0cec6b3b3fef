/**
 * Runs support/lint-child.js on a project folder and waits for it, at most `hangGuardMs`: a lint
 * that hangs is killed and reported as such (the time is a guard against hanging, never what a
 * test asserts). Where the platform has `ulimit`, the child's memory is capped, so that a lint that
 * reads without end fails quickly instead of filling the machine's memory.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CHILD = fileURLToPath(new URL('./lint-child.js', import.meta.url));

/**
 * @typedef {{ status: 'done', reports: Record<string, string[]>, warnings: string[], stderr: string }
 *   | { status: 'hung' } | { status: 'failed', code: number | null, signal: string | null, stderr: string }} ChildLint
 */

/**
 * @param {string} cwd the project folder
 * @param {string[]} files to lint, relative to it
 * @param {{ hangGuardMs?: number, memoryKb?: number, nodeArgs?: string[], env?: Record<string, string | undefined>, child?: string }} [options]
 *   nodeArgs: options for node before the script; env: variables set (a string) or removed (undefined) for the
 *   child, over this process's; child: another script with lint-child.js's arguments and output (reports in another form)
 * @returns {Promise<ChildLint>}
 */
export function lintInChild(cwd, files, { hangGuardMs = 30_000, memoryKb = 4_000_000, nodeArgs = [], env = {}, child: script = CHILD } = {}) {
  const args = [...nodeArgs, script, cwd, ...files];
  const childEnv = { ...process.env };
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[name];
    else childEnv[name] = value;
  }
  const child = process.platform === 'win32'
    ? spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: childEnv })
    : spawn('/bin/sh', ['-c', `ulimit -d ${memoryKb} 2>/dev/null; exec "$0" "$@"`, process.execPath, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: childEnv });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  return new Promise((resolve) => {
    let hung = false;
    const timer = setTimeout(() => {
      hung = true;
      child.kill('SIGKILL');
    }, hangGuardMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (hung) return resolve({ status: 'hung' });
      const line = stdout.trim().split('\n').pop() ?? '';
      if (code === 0 && line.startsWith('{')) return resolve({ status: 'done', ...JSON.parse(line), stderr });
      resolve({ status: 'failed', code, signal, stderr });
    });
  });
}
