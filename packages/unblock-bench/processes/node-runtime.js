/**
 * Which Node runs a fixture's servers. A JavaScript fixture runs on the runner's own Node. A
 * TypeScript fixture runs its `.ts` files directly, through Node's type stripping (on by default
 * from Node 22.18 and 23.6, behind `--experimental-strip-types` from 22.6): the runner's own Node
 * when it can, else the first that can of the project's `node_modules/.bin/node`, the runner's own
 * install's, and `node` on the PATH. (The VS Code extension runs the bench inside the editor's
 * Node, which may be too old.)
 *
 * Strip-only, never `--experimental-transform-types`: stripping replaces types with blanks, so
 * every position in the running code is the position in the file, which the route trace needs
 * (V8 coverage offsets are matched to the findings' lines and columns), and it is what
 * `node src/app.ts` does without flags. What stripping cannot run (an enum, a namespace with
 * values, a parameter property, `import x = require()`) is named with its file and line before
 * any server starts; it needs a build step, and the fixture's "entry" can name the built `.js`.
 */
import { execFile } from 'node:child_process';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BenchError } from '../errors.js';

const CHECK_SCRIPT = fileURLToPath(new URL('./node-check.js', import.meta.url));
const STRIP_FLAG = '--experimental-strip-types';
const RUNNER_DIR = path.dirname(fileURLToPath(import.meta.url));

/**
 * @typedef {object} ServerRuntime
 * @property {string} execPath the Node binary
 * @property {string[]} execArgv flags it runs the servers with
 * @property {string} version e.g. v22.23.3
 * @property {'strip' | null} typescript how it runs TypeScript (null: it is not asked to)
 * @property {string} [note] why this Node, when it is not the runner's own
 */

/** @returns {ServerRuntime} the runner's own Node, for JavaScript fixtures */
export function runnerNode() {
  return { execPath: process.execPath, execArgv: [], version: process.version, typescript: null };
}

/**
 * The Node that runs a TypeScript fixture, with what it makes of the project's TypeScript files:
 * one line naming the file, line and construct when stripping cannot run them.
 * @param {{ fixtureDir: string, entry: string, files: Array<{ path: string, relative: string }>, candidates?: string[] }} project
 *   `files`: the TypeScript files the servers will load; `candidates`: the Node binaries to try (tests), instead of the search below
 * @returns {Promise<ServerRuntime>}
 */
export async function typeScriptNode({ fixtureDir, entry, files, candidates: given }) {
  const tried = [];
  for (const candidate of given ?? (await candidates(fixtureDir))) {
    for (const execArgv of [[], [STRIP_FLAG]]) {
      const answer = await check(candidate, execArgv, files.map((f) => f.path));
      if (!answer) {
        // Not a Node, or one that refuses the flag: the next candidate.
        if (execArgv.length === 0) tried.push(`${candidate}, which did not run`);
        break;
      }
      if (!answer.typescript) {
        tried.push(`${answer.version} (${candidate})`);
        continue;
      }
      const problem = answer.problems[0];
      if (problem) throw unsupported(problem, files, answer.version);
      const note = candidate === process.execPath ? undefined : `the runner's Node (${process.version}) cannot strip types`;
      return { execPath: candidate, execArgv, version: answer.version, typescript: 'strip', ...(note ? { note } : {}) };
    }
  }
  throw new BenchError(
    `${entry} is TypeScript, and no Node that runs TypeScript was found (tried ${[...new Set(tried)].join(', ') || process.execPath}): running .ts files needs Node 22.18 or later (22.6 with ${STRIP_FLAG}); run unblock-bench with it, or install one in the project (npm i -D node@22)`,
    { code: 'TYPESCRIPT_NODE_MISSING' },
  );
}

/**
 * @param {{ file: string, line: number | null, column: number | null, message: string }} problem
 * @param {Array<{ path: string, relative: string }>} files
 * @param {string} version
 */
function unsupported(problem, files, version) {
  const name = files.find((f) => f.path === problem.file)?.relative ?? problem.file;
  const at = problem.line === null ? name : `${name}:${problem.line}${problem.column === null ? '' : `:${problem.column}`}`;
  return new BenchError(
    `${at}: ${problem.message.replace(/\.$/, '')}: Node ${version} runs TypeScript by stripping the types, and this needs a transform; write it as plain JavaScript (a const object for an enum, a field assigned in the constructor for a parameter property) or point "entry" at the compiled .js`,
    { code: 'TYPESCRIPT_UNSUPPORTED' },
  );
}

/**
 * The Node binaries to try, in order, each once.
 * @param {string} fixtureDir
 */
async function candidates(fixtureDir) {
  const found = [process.execPath];
  for (const start of [fixtureDir, RUNNER_DIR]) {
    for (let dir = start; ; dir = path.dirname(dir)) {
      found.push(path.join(dir, 'node_modules', '.bin', process.platform === 'win32' ? 'node.cmd' : 'node'));
      if (path.dirname(dir) === dir) break;
    }
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) found.push(path.join(dir, process.platform === 'win32' ? 'node.exe' : 'node'));
  /** @type {string[]} */
  const unique = [];
  const seen = new Set();
  for (const file of found) {
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) continue;
    const real = await realpath(file).catch(() => file);
    if (seen.has(real)) continue;
    seen.add(real);
    unique.push(file);
  }
  return unique;
}

/**
 * Runs node-check.js with one Node and flags; null when it does not run (not a Node, a bad flag).
 * @param {string} execPath
 * @param {string[]} execArgv
 * @param {string[]} files
 * @returns {Promise<{ version: string, typescript: string | false, problems: Array<{ file: string, line: number | null, column: number | null, message: string }> } | null>}
 */
function check(execPath, execArgv, files) {
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, ELECTRON_RUN_AS_NODE: '1' };
  delete env.NODE_OPTIONS;
  return new Promise((resolve) => {
    execFile(execPath, [...execArgv, '--no-warnings', CHECK_SCRIPT, JSON.stringify(files)], { env, timeout: 15_000, maxBuffer: 1 << 20 }, (error, stdout) => {
      if (error) return resolve(null);
      try {
        resolve(JSON.parse(stdout));
      } catch {
        resolve(null);
      }
    });
  });
}
