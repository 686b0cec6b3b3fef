/**
 * Which Node runs a fixture's servers, and how it runs TypeScript. A JavaScript fixture runs on the
 * runner's own Node. A TypeScript fixture runs its `.ts` files directly:
 *
 * - through Node's type stripping when that runs every file (on by default from Node 22.18 and
 *   23.6, behind `--experimental-strip-types` from 22.6): the runner's own Node when it can, else
 *   the first that can of the project's `node_modules/.bin/node`, the runner's own install's, and
 *   `node` on the PATH (the VS Code extension runs the bench inside the editor's Node, which may be
 *   too old). Strip-only, never `--experimental-transform-types`: stripping replaces types with
 *   blanks, so every position in the running code is the position in the file, and it is what
 *   `node src/app.ts` does without flags;
 * - through tsx (`node --import tsx`, esbuild underneath, with the project's tsconfig.json) when
 *   stripping cannot: decorators (NestJS, TypeORM), parameter properties, enums, namespaces with
 *   values, `import x = require()`, or no Node here strips types. tsx moves code around, so the
 *   route trace maps V8's coverage back through tsx's source maps (server-host.js). tsx does not
 *   emit decorator metadata (`emitDecoratorMetadata`): an app whose dependency injection needs it
 *   is run from its own build, with "entry" naming the compiled `.js`.
 */
import { execFile } from 'node:child_process';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { BenchError } from '../errors.js';
import { firstDecorator } from '../fixture/decorators.js';

const CHECK_SCRIPT = fileURLToPath(new URL('./node-check.js', import.meta.url));
const STRIP_FLAG = '--experimental-strip-types';
const RUNNER_DIR = path.dirname(fileURLToPath(import.meta.url));

/**
 * @typedef {object} ServerRuntime
 * @property {string} execPath the Node binary
 * @property {string[]} execArgv flags it runs the servers with
 * @property {string} version e.g. v22.23.3
 * @property {'strip' | 'tsx' | null} typescript how it runs TypeScript (null: it is not asked to)
 * @property {string} [loader] with tsx: "tsx 4.23.15"
 * @property {string} [tsconfig] with tsx: the tsconfig.json it compiles with, relative to the fixture folder
 * @property {string} [note] why this Node, when it is not the runner's own, or why tsx
 */

/** @returns {ServerRuntime} the runner's own Node, for JavaScript fixtures */
export function runnerNode() {
  return { execPath: process.execPath, execArgv: [], version: process.version, typescript: null };
}

/**
 * The Node that runs a TypeScript fixture: one that strips types when stripping runs every file,
 * else the runner's own Node with tsx, saying why.
 * @param {{ fixtureDir: string, entry: string, files: Array<{ path: string, relative: string, source?: string }>, candidates?: string[] }} project
 *   `files`: the TypeScript files the servers will load; `candidates`: the Node binaries to try (tests), instead of the search below
 * @returns {Promise<ServerRuntime>}
 */
export async function typeScriptNode({ fixtureDir, entry, files, candidates: given }) {
  const decorator = firstDecorator(files.map((f) => ({ relative: f.relative, source: f.source ?? '' })));
  if (decorator) return tsxNode(fixtureDir, entry, `${decorator.file}:${decorator.line}:${decorator.column}: a decorator, which type stripping leaves for V8, and V8 cannot run it`);
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
      if (problem) return tsxNode(fixtureDir, entry, `${placeOf(problem, files)}: ${problem.message.replace(/\.$/, '')}`);
      const note = candidate === process.execPath ? undefined : `the runner's Node (${process.version}) cannot strip types`;
      return { execPath: candidate, execArgv, version: answer.version, typescript: 'strip', ...(note ? { note } : {}) };
    }
  }
  return tsxNode(fixtureDir, entry, `no Node here strips types (tried ${[...new Set(tried)].join(', ') || process.execPath}; stripping needs Node 22.18 or later, 22.6 with ${STRIP_FLAG})`);
}

/**
 * The runner's own Node with tsx's loader (the project's tsx first, else the runner's), and the
 * tsconfig.json nearest the entry. One line when tsx is not installed either (the bundled editor
 * extension may lack it).
 * @param {string} fixtureDir
 * @param {string} entry
 * @param {string} why what type stripping cannot run, shown next to the result
 * @returns {Promise<ServerRuntime>}
 */
async function tsxNode(fixtureDir, entry, why) {
  const tsx = findTsx(fixtureDir);
  if (!tsx) {
    throw new BenchError(`${why}; unblock-bench runs such TypeScript with tsx, which is not installed here (npm i -D tsx), or point "entry" at the compiled .js`, {
      code: 'TYPESCRIPT_UNSUPPORTED',
    });
  }
  const tsconfig = await nearestTsconfig(fixtureDir, path.dirname(path.resolve(fixtureDir, entry)));
  return {
    execPath: process.execPath,
    execArgv: ['--import', tsx.loader],
    version: process.version,
    typescript: 'tsx',
    loader: `tsx ${tsx.version}`,
    ...(tsconfig ? { tsconfig } : {}),
    note: `run with tsx because ${why}`,
  };
}

/**
 * tsx's loader (its package's "." export, which registers both its ESM and CommonJS hooks) as a
 * file URL for `--import`, and its version; null when neither the project nor the runner has it.
 * @param {string} fixtureDir
 */
function findTsx(fixtureDir) {
  for (const base of [path.join(fixtureDir, 'noop.js'), import.meta.url]) {
    try {
      const require = createRequire(base);
      const loader = pathToFileURL(require.resolve('tsx')).href;
      return { loader, version: String(require('tsx/package.json').version) };
    } catch {
      // not installed from here: the next place
    }
  }
  return null;
}

/**
 * The tsconfig.json tsx compiles with (experimentalDecorators, paths): the nearest one from the
 * entry's folder up to the fixture folder, relative to the fixture folder; the servers run from
 * copies, so each names its own (server-process.js).
 * @param {string} fixtureDir
 * @param {string} from
 */
async function nearestTsconfig(fixtureDir, from) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'tsconfig.json');
    if ((await stat(file).catch(() => null))?.isFile()) return path.relative(fixtureDir, file).split(path.sep).join('/');
    if (dir === fixtureDir || path.dirname(dir) === dir || path.relative(fixtureDir, dir).startsWith('..')) return null;
  }
}

/**
 * "src/roles.ts:2:3", the place stripping stopped at.
 * @param {{ file: string, line: number | null, column: number | null }} problem
 * @param {Array<{ path: string, relative: string }>} files
 */
function placeOf(problem, files) {
  const name = files.find((f) => f.path === problem.file)?.relative ?? problem.file;
  return problem.line === null ? name : `${name}:${problem.line}${problem.column === null ? '' : `:${problem.column}`}`;
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
