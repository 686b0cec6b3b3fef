/**
 * The least a synchronous child process costs: starting it. `execSync` starts a shell, which then
 * starts the command; `execFileSync` and `spawnSync` start the command itself, or a shell first when
 * their options say `shell`. Whatever the command then does comes on top, and the code rarely shows
 * it, so the figure is a floor ("at least"), and stays one whatever options the code hides: no
 * option makes a process start faster. When the options cannot be read, the floor is the start
 * without a shell.
 *
 * Measured by scripts/bench-sync-cost.js on this project's 2-core machine (AMD EPYC, Node 22.23,
 * Linux, `true` as the command, `--only process --runs 40`): the least wall time of 200 calls, since
 * the main thread waits for the wall time and the machine ran other work meanwhile (the medians were
 * 3.5 to 6.4 ms). Starting Node itself (`node -e 0`) took 36 ms at the least. In the full run, on a
 * busier machine and with the bench holding a few MB of buffers, even the least was 10 to 20 ms.
 */
import { getStaticValue } from '@eslint-community/eslint-utils';

/** Milliseconds to start a process that does nothing and wait for it to exit (least of 200: 1.9 ms). */
const PROCESS_MS = 2;
/** The same through a shell (`/bin/sh -c`), two processes: a small shell adds little (least of 200: 2.2 ms). */
const SHELL_MS = 2;

/**
 * @typedef {{ ms: number, shell: boolean }} ProcessCost  the least milliseconds of one call, and whether a shell starts first
 */

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} node the call
 * @param {string} name `execSync`, `execFileSync` or `spawnSync`
 * @returns {ProcessCost | null}
 */
export function processCost(sourceCode, node, name) {
  if (node.type !== 'CallExpression') return null;
  if (name === 'execSync') return { ms: SHELL_MS, shell: true };
  if (name !== 'execFileSync' && name !== 'spawnSync') return null;
  return usesShell(sourceCode, node) ? { ms: SHELL_MS, shell: true } : { ms: PROCESS_MS, shell: false };
}

/**
 * Whether the options (after the file and its optional argument list) turn `shell` on, as far as the
 * code shows; false when they are unknown, since the floor without a shell holds either way.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} node
 */
function usesShell(sourceCode, node) {
  const [, second, third] = node.arguments;
  const options = second && second.type !== 'ArrayExpression' && second.type !== 'SpreadElement' && third === undefined ? second : third;
  if (!options || options.type === 'SpreadElement') return false;
  const value = getStaticValue(options, sourceCode.getScope(node))?.value;
  return typeof value === 'object' && value !== null && Boolean(/** @type {{ shell?: unknown }} */ (value).shell);
}
