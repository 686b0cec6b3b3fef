import { spawn } from 'node:child_process';

/**
 * Runs a Node script in a child process and resolves with the JSON on the last line it prints;
 * rejects with the tail of its stderr when it fails, named by `what`.
 * @param {string[]} args the script and its arguments
 * @param {string} what what the child is, for the error ("the lint child")
 * @returns {Promise<any>}
 */
export function runJsonChild(args, what) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(JSON.parse(stdout.trim().split('\n').pop() ?? ''));
      else reject(new Error(`${what} failed (exit code ${code}): ${stderr.slice(-2000)}`));
    });
  });
}
