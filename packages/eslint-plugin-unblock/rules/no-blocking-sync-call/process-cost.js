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
 * 3.5 to 6.4 ms). Starting Node itself (`node -e 0`) took 36 ms at the least (median 76 ms), the floor
 * said when the code names Node as the command. In the full run, on a busier machine and with the
 * bench holding a few MB of buffers, even the least was 10 to 20 ms.
 */
import { getStaticValue } from '@eslint-community/eslint-utils';

/** Milliseconds to start a process that does nothing and wait for it to exit (least of 200: 1.9 ms). */
const PROCESS_MS = 2;
/** The same through a shell (`/bin/sh -c`), two processes: a small shell adds little (least of 200: 2.2 ms). */
const SHELL_MS = 2;
/** Starting Node itself, which the code shows by its name or `process.execPath` (`node -e 0`, least of 200). */
const NODE_MS = 36;

/**
 * @typedef {{ ms: number, shell: boolean, node: boolean }} ProcessCost  the least milliseconds of one call,
 *   whether a shell starts first, and whether the command is Node itself
 */

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} node the call
 * @param {string} name `execSync`, `execFileSync` or `spawnSync`
 * @returns {ProcessCost | null}
 */
export function processCost(sourceCode, node, name) {
  if (node.type !== 'CallExpression' || (name !== 'execSync' && name !== 'execFileSync' && name !== 'spawnSync')) return null;
  const shell = name === 'execSync' || usesShell(sourceCode, node);
  if (startsNode(sourceCode, node.arguments[0], name === 'execSync')) return { ms: NODE_MS, shell, node: true };
  return { ms: shell ? SHELL_MS : PROCESS_MS, shell, node: false };
}

/**
 * The command is Node: `process.execPath`, or the name `node` written out (`execSync('node worker.js')`,
 * `spawnSync('node', [...])`), as a literal or a constant.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} command the call's first argument
 * @param {boolean} commandLine whether it is a whole command line (`execSync`) rather than a file
 */
function startsNode(sourceCode, command, commandLine) {
  if (!command || command.type === 'SpreadElement') return false;
  const scope = sourceCode.getScope(command);
  if (command.type === 'MemberExpression' && !command.computed && command.object.type === 'Identifier' && command.object.name === 'process' && command.property.name === 'execPath') {
    // The global process, not a local of that name.
    for (let s = /** @type {any} */ (scope); s; s = s.upper) if (s.set.get('process')?.defs.length) return false;
    return true;
  }
  const value = getStaticValue(command, scope)?.value;
  if (typeof value !== 'string') return false;
  return commandLine ? /^node(\s|$)/.test(value.trim()) : value === 'node';
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
