// Runs a child process to completion; resolves with its standard output, or rejects with the
// command line, exit status and the end of its error output.
import { spawn } from 'node:child_process';

/**
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string }} [options]
 * @returns {Promise<string>}
 */
export function runCommand(command, args, { cwd } = {}) {
  return new Promise((resolve, reject) => {
    // Windows starts npm.cmd only through a shell.
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' && command.endsWith('.cmd') });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => { stdout += chunk; });
    child.stderr.on('data', (chunk) => { stderr += chunk; });
    child.on('error', (error) => reject(new Error(`could not start ${command}: ${error.message}`)));
    child.on('close', (code) => {
      if (code === 0) return resolve(stdout);
      const tail = `${stderr}\n${stdout}`.trim().split('\n').slice(-5).join('\n  ');
      reject(new Error(`${command} ${args.join(' ')} failed (exit code ${code}):\n  ${tail}`));
    });
  });
}

/**
 * npm itself, with `args`: the npm running this script when started by `npm run`, else the one on PATH.
 * @param {string[]} args
 * @returns {[string, string[]]}
 */
export function npmCommand(args) {
  const cli = process.env.npm_execpath;
  if (cli && /\.[cm]?js$/.test(cli)) return [process.execPath, [cli, ...args]];
  return [process.platform === 'win32' ? 'npm.cmd' : 'npm', args];
}
