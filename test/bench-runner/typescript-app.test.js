/**
 * unblock-bench on a TypeScript app (test/bench-runner/fixtures/ts-app): node:http with its
 * handlers in route files, a createServer() factory named in fixture.json, imports written the
 * way tsc wants them (`./data.js` for data.ts). The runner reads and rewrites the .ts files, runs
 * them with Node's type stripping, and never exits 0 on what it did not measure. A real but short
 * run (about 10 s here); the full-length run is in the transcript of docs/bench.md.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildAfterProject, collectProjectFiles, loadPlugin, runComparison } from '../../packages/unblock-bench/index.js';
import { typeScriptNode } from '../../packages/unblock-bench/processes/node-runtime.js';
import { FIXTURES, QUICK, REPO, childPids } from './helpers.js';

const APP = path.join(FIXTURES, 'ts-app');
const CLI = path.join(REPO, 'packages', 'unblock-bench', 'cli.js');
const RULES = ['unblock/no-await-waterfall', 'unblock/no-blocking-sync-call'];

/** A copy of the app in a temporary folder, with the repository's node_modules linked in (for tsc's @types/node). */
async function copyOfApp() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'unblock-ts-app-'));
  await cp(APP, dir, { recursive: true });
  await symlink(path.join(REPO, 'node_modules'), path.join(dir, 'node_modules'), 'junction');
  return dir;
}

describe('bench-runner: a TypeScript app', function () {
  this.timeout(60000);

  /** @type {any} */
  let result;
  before(async () => {
    const baseline = childPids();
    result = await runComparison({ fixture: APP, ...QUICK, listenTimeout: 15, requestTimeout: 5 });
    assert.deepEqual(childPids(), baseline, 'every server stopped');
  });

  it('rewrites the route files, and leaves the factory\'s start-up key derivation alone', () => {
    assert.equal(result.status, 'measured');
    const changed = result.fix.files.filter((/** @type {any} */ f) => f.changed).map((/** @type {any} */ f) => [f.file, f.findings.map((/** @type {any} */ x) => x.ruleId)]);
    assert.deepEqual(changed, [
      ['src/routes/profile.ts', ['unblock/no-await-waterfall']],
      ['src/routes/login.ts', ['unblock/no-blocking-sync-call']],
    ]);
    assert.deepEqual(result.fix.files.map((/** @type {any} */ f) => f.file), ['src/app.ts', 'src/routes/profile.ts', 'src/routes/login.ts', 'src/data.ts', 'src/http.ts']);
    // seedAdmin() derives a key with pbkdf2Sync, called only from the factory fixture.json names: start-up code.
    assert.deepEqual(result.fix.files.find((/** @type {any} */ f) => f.file === 'src/data.ts').findings, []);
    const added = result.fix.diff.split('\n').filter((/** @type {string} */ line) => line.startsWith('+') && !line.startsWith('+++')).map((/** @type {string} */ line) => line.slice(1).trim());
    assert.deepEqual(added, [
      'const [user, orders] = await Promise.all([findUser(id), findOrders(id)]);',
      "import { pbkdf2 } from 'node:crypto';",
      "import { promisify } from 'node:util';",
      "const key = (await promisify(pbkdf2)(password, user?.salt ?? 'none', 20000, 32, 'sha256')).toString('hex');",
    ]);
  });

  it('runs the servers on a Node that strips types, says which, and traces each route to its finding', () => {
    assert.equal(result.runtime.typescript, 'strip');
    assert.match(result.runtime.node, /^v2\d\./);
    assert.deepEqual(result.equivalence.requests, 5);
    assert.equal(result.routes.error, null);
    assert.deepEqual(
      result.routes.findings.map((/** @type {any} */ r) => [r.route, r.findings.map((/** @type {any} */ f) => `${f.file}:${f.line}`)]),
      [
        ['GET /users/7', ['src/routes/profile.ts:11']],
        ['POST /login', ['src/routes/login.ts:14']],
      ],
    );
  });

  it('writes TypeScript that passes tsc --strict', async () => {
    const dir = await copyOfApp();
    try {
      const source = (await import('node:fs/promises')).readFile;
      const entryPath = path.join(dir, 'src/app.ts');
      const files = await collectProjectFiles({ dir, entryPath, source: await source(entryPath, 'utf8') });
      const after = buildAfterProject(files, { rules: RULES, plugin: await loadPlugin(), cwd: dir });
      assert.equal(after.files.filter((f) => f.changed).length, 2);
      await Promise.all(after.files.filter((f) => f.changed).map((f) => writeFile(f.path, f.source)));
      const tsc = spawnSync(process.execPath, [path.join(REPO, 'node_modules/typescript/bin/tsc'), '-p', dir, '--strict'], { encoding: 'utf8', timeout: 60000 });
      assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('bench-runner: TypeScript it cannot run, and what it did not measure', function () {
  this.timeout(60000);

  it('names the construct type stripping cannot run, with its file and line (and column), before any server starts', async () => {
    const dir = await copyOfApp();
    try {
      const roles = path.join(dir, 'src/roles.ts');
      await writeFile(roles, `export const admin = 'admin';\nexport enum Role {\n  Admin,\n  Guest,\n}\n`);
      const user = path.join(dir, 'src/user.ts');
      await writeFile(user, `export class User {\n  constructor(private readonly name: string) {}\n}\n`);
      const advice = ': Node v2\\d\\.\\d+\\.\\d+ runs TypeScript by stripping the types, and this needs a transform; write it as plain JavaScript \\(a const object for an enum, a field assigned in the constructor for a parameter property\\) or point "entry" at the compiled \\.js$';
      await assert.rejects(typeScriptNode({ fixtureDir: dir, entry: 'src/app.ts', files: [{ path: roles, relative: 'src/roles.ts' }] }), {
        code: 'TYPESCRIPT_UNSUPPORTED',
        message: new RegExp(`^src/roles\\.ts:2: TypeScript enum is not supported in strip-only mode${advice}`),
      });
      await assert.rejects(typeScriptNode({ fixtureDir: dir, entry: 'src/app.ts', files: [{ path: user, relative: 'src/user.ts' }] }), {
        code: 'TYPESCRIPT_UNSUPPORTED',
        message: new RegExp(`^src/user\\.ts:2:32: TypeScript parameter property is not supported in strip-only mode${advice}`),
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('runs the servers on the next Node that strips types, and says so when there is none', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'unblock-no-node-'));
    try {
      const notNode = path.join(dir, 'node');
      await writeFile(notNode, '#!/bin/sh\nexit 3\n', { mode: 0o755 });
      const found = await typeScriptNode({ fixtureDir: dir, entry: 'src/app.ts', files: [], candidates: [notNode, process.execPath] });
      assert.equal(found.execPath, process.execPath);
      assert.equal(found.typescript, 'strip');
      await assert.rejects(typeScriptNode({ fixtureDir: dir, entry: 'src/app.ts', files: [], candidates: [notNode] }), {
        code: 'TYPESCRIPT_NODE_MISSING',
        message: `src/app.ts is TypeScript, and no Node that runs TypeScript was found (tried ${notNode}, which did not run): running .ts files needs Node 22.18 or later (22.6 with --experimental-strip-types); run unblock-bench with it, or install one in the project (npm i -D node@22)`,
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('exits 1 with what was not measured and why when the rules find nothing to fix in a .ts entry', () => {
    const run = spawnSync(process.execPath, [CLI, APP, '--rule', 'unblock/no-loop-waterfall'], { cwd: REPO, encoding: 'utf8', timeout: 30000 });
    assert.equal(run.status, 1);
    const line = 'not measured: unblock/no-loop-waterfall found nothing to change in src/app.ts and the 4 files it imports, so there is no "after" to compare.';
    assert.ok(run.stdout.includes(`\n${line}\n`), run.stdout);
    assert.equal(run.stderr, `unblock-bench: ts-app: ${line}\n`);
  });
});
