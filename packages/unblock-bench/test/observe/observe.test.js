/**
 * `unblock-bench observe` end to end: real servers, real load. These tests check what is found,
 * where, on which route and by which rule, and that each figure is a measurement (positive and
 * finite). How close the figures come to the known delays (within the 25% issue #26 asks for) is
 * timing, so it is printed by `npm run bench:observe`, never decided here: on a loaded machine a
 * timing bound fails for reasons of the machine's.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import plugin from '../../../eslint-plugin-unblock/index.js';
import { runObserve } from '../../observe/observe.js';
import { defaultObservedFile, writeObservation } from '../../observe/observed-file.js';
import { FIXTURES, REPO, childPids, isAlive, waitFor } from '../helpers.js';

const CLI = path.join(REPO, 'packages', 'unblock-bench', 'cli.js');
const QUICK = { duration: 1.5, warmup: 0.3 };

/**
 * A figure observe measured: a positive, finite number of milliseconds (its accuracy is
 * npm run bench:observe's to print).
 * @param {number | undefined} measured
 * @param {string} what
 */
function measuredMs(measured, what) {
  assert.ok(typeof measured === 'number' && Number.isFinite(measured) && measured > 0, `${what}: ${measured}`);
}

/** The runner's temporary folders of this process. */
const ownTempDirs = () => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(`unblock-bench-${process.pid}-`));

/**
 * @param {import('../../observe/result.js').Observation} observation
 * @param {(f: import('../../observe/measure/summarize.js').Finding) => boolean} test
 */
function findingWhere(observation, test) {
  const found = observation.findings.filter(test);
  assert.equal(found.length, 1, `one such finding among ${JSON.stringify(observation.findings.map((f) => [f.kind, f.file, f.line, f.route, f.rule]))}`);
  return found[0];
}

describe('observe: a multi-file app with known delays (fixtures/observe-dashboard)', function () {
  this.timeout(120_000);
  /** @type {string} */
  let root;
  /** @type {import('../../observe/result.js').Observation} */
  let observation;
  /** @type {number[]} */
  let baseline;

  before(async () => {
    // A project of its own, so that its observations go to its own .unblock folder.
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-observe-app-'));
    fs.writeFileSync(path.join(root, 'package.json'), '{ "type": "module" }\n');
    fs.cpSync(path.join(REPO, 'fixtures', 'observe-dashboard'), path.join(root, 'app'), { recursive: true });
    baseline = childPids();
    observation = await runObserve({ ...QUICK, fixture: path.join(root, 'app') });
    await writeObservation(observation, defaultObservedFile(observation));
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('measures the reported waterfall on GET /dashboard (three 15 ms waits in a row)', () => {
    const f = findingWhere(observation, (x) => x.route === 'GET /dashboard');
    assert.deepEqual([f.kind, f.file, f.line, f.rule], ['waterfall', 'app/routes.js', 20, 'unblock/no-await-waterfall']);
    assert.match(f.message, /^`findProfile\(\)`, `findOrders\(\)` and `findAlerts\(\)` wait for each other/);
    measuredMs(f.medianMs, 'loss per request');
    assert.equal(f.waitsMs?.length, 3);
    assert.ok(f.runs >= 10, `${f.runs} runs`);
  });

  it('reports the waterfall through dynamic dispatch (db[name](id)) as missed by the rules', () => {
    const f = findingWhere(observation, (x) => x.route.startsWith('GET /widgets'));
    assert.deepEqual([f.kind, f.file, f.line, f.endLine, f.rule], ['waterfall', 'app/routes.js', 30, 31, null]);
    assert.match(f.message, /could not tell what the calls do/);
    measuredMs(f.medianMs, 'loss per request');
  });

  it('measures the reported blocking call\'s main-thread time on POST /login', () => {
    const f = findingWhere(observation, (x) => x.route === 'POST /login');
    assert.deepEqual([f.kind, f.line, f.rule], ['blocking', 36, 'unblock/no-blocking-sync-call']);
    measuredMs(/** @type {number} */ (f.cpuMs), 'main-thread time per call');
    assert.ok(f.medianMs >= /** @type {number} */ (f.cpuMs) * 0.9, 'the wall time holds the CPU time');
  });

  it('finds the block of the main thread that no rule is about, at its place in the code', () => {
    const f = findingWhere(observation, (x) => x.route === 'GET /report');
    assert.deepEqual([f.kind, f.file, f.line, f.rule], ['blocking', 'app/report.js', 4, null]);
    assert.ok(f.medianMs >= 10);
    assert.ok(f.stack?.some((frame) => frame.startsWith('renderReport (app/report.js:3)')), String(f.stack));
  });

  it('lists the functions that ran only at start-up, and not those that served', () => {
    assert.deepEqual(observation.startupOnly.find((f) => f.file === 'app/catalogue.js' && f.name === 'load'), { file: 'app/catalogue.js', line: 5, name: 'load', column: 7, endLine: 10, endColumn: 1 });
    assert.ok(observation.served.some((f) => f.name === 'dashboard' && f.routes.join() === 'GET /dashboard'));
    assert.ok(!observation.startupOnly.some((f) => f.name === 'route'));
    assert.deepEqual(observation.unobserved.map((u) => [u.file, u.line]), [['app/catalogue.js', 6]]);
  });

  it('leaves no child process and no temporary folder behind', () => {
    assert.deepEqual(childPids(), baseline);
    assert.deepEqual(ownTempDirs(), []);
  });

  it('is read back by the rules: the start-up read is no longer reported, the waterfall says what it cost', () => {
    const linter = new Linter({ cwd: root });
    /** @param {string} file */
    const lint = (file) => linter.verify(fs.readFileSync(path.join(root, 'app', file), 'utf8'), [{
      plugins: { unblock: plugin },
      languageOptions: { sourceType: 'module' },
      // As the bench runs the rules: a start-up function nothing in the project calls is reported.
      rules: { 'unblock/no-blocking-sync-call': ['warn', { includeUnknownCallers: true }], 'unblock/no-await-waterfall': 'warn' },
    }], { filename: path.join(root, 'app', file) });
    assert.deepEqual(lint('catalogue.js'), []);
    const waterfall = lint('routes.js').find((m) => m.ruleId === 'unblock/no-await-waterfall');
    const ms = /; seen on GET \/dashboard: (\d+) ms lost per request\.$/.exec(waterfall?.message ?? '');
    assert.ok(ms, waterfall?.message);
    measuredMs(Number(ms[1]), 'the time in the message');
    fs.rmSync(path.join(root, '.unblock'), { recursive: true });
    assert.equal(lint('catalogue.js').length, 1, 'without the observations the start-up read is reported again');
  });
});

describe('observe: the express-app fixture', function () {
  this.timeout(120_000);
  /** @type {import('../../observe/result.js').Observation} */
  let observation;
  before(async () => {
    observation = await runObserve({ ...QUICK, duration: 1, fixture: path.join(REPO, 'fixtures', 'express-app') });
  });

  it('names each finding\'s route and rule, with a measured loss', () => {
    const users = findingWhere(observation, (x) => x.route === 'GET /users/1');
    assert.deepEqual([users.kind, users.file, users.line, users.rule], ['waterfall', 'fixtures/express-app/routes/users.js', 9, 'unblock/no-await-waterfall']);
    measuredMs(users.medianMs, 'three 8 ms reads');
    const orders = findingWhere(observation, (x) => x.route === 'GET /orders/101');
    assert.deepEqual([orders.kind, orders.line, orders.rule], ['loop', 11, 'unblock/no-loop-waterfall']);
    measuredMs(orders.medianMs, 'three 8 ms lookups in a loop');
    const session = findingWhere(observation, (x) => x.route === 'POST /session');
    assert.deepEqual([session.kind, session.line, session.rule], ['blocking', 11, 'unblock/no-blocking-sync-call']);
    assert.ok(!observation.findings.some((f) => f.route === 'GET /products'));
  });
});

describe('observe: a TypeScript app (test fixture ts-app)', function () {
  this.timeout(120_000);

  it('reads it with the TypeScript parser, runs it with type stripping and links what it measures to the reports', async () => {
    const observation = await runObserve({ duration: 0.5, warmup: 0.2, fixture: path.join(FIXTURES, 'ts-app') });
    const waterfall = findingWhere(observation, (x) => x.kind === 'waterfall');
    assert.deepEqual([waterfall.file, waterfall.route, waterfall.rule], ['src/routes/profile.ts', 'GET /users/7', 'unblock/no-await-waterfall']);
    assert.ok(waterfall.runs > 0);
    assert.ok(observation.startupOnly.some((f) => f.file === 'src/app.ts' && f.name === 'createServer'));
  });
});

describe('observe: a NestJS-style TypeScript app (test fixture nest-style)', function () {
  this.timeout(120_000);

  it('runs decorators and parameter properties with tsx and still places what it measures on the files\' own lines', async () => {
    const observation = await runObserve({ duration: 0.5, warmup: 0.2, fixture: path.join(FIXTURES, 'nest-style') });
    const waterfall = findingWhere(observation, (x) => x.kind === 'waterfall');
    assert.deepEqual([waterfall.file, waterfall.line, waterfall.route, waterfall.rule], ['src/users/users.service.ts', 10, 'GET /users/7', 'unblock/no-await-waterfall']);
    assert.ok(waterfall.runs > 0);
    // The constructor with the parameter property ran once, when the app was made.
    assert.ok(observation.startupOnly.some((f) => f.file === 'src/users/users.service.ts' && f.line === 6), JSON.stringify(observation.startupOnly));
  });
});

describe('observe: bad input ends cleanly', function () {
  this.timeout(60_000);

  /**
   * @param {Record<string, any> & { fixture: string }} options
   * @param {{ code: string, message: RegExp }} expected
   */
  async function expectCleanFailure(options, expected) {
    const baseline = childPids();
    const error = await runObserve({ ...QUICK, duration: 1, ...options }).then(() => assert.fail('expected the run to fail'), (e) => e);
    assert.equal(error.code, expected.code, error.message);
    assert.match(error.message, expected.message);
    assert.ok(!error.message.includes('\n'), 'one line');
    assert.deepEqual(childPids(), baseline, 'no child process outlives the run');
    assert.deepEqual(ownTempDirs(), [], 'no temporary folder left');
  }

  it('a missing fixture', async () => {
    await expectCleanFailure({ fixture: path.join(FIXTURES, 'no-such-fixture') }, { code: 'FIXTURE_NOT_FOUND', message: /^fixture not found: / });
  });

  it('a server that never listens', async () => {
    await expectCleanFailure({ fixture: path.join(FIXTURES, 'never-listens'), listenTimeout: 0.5 }, {
      code: 'LISTEN_TIMEOUT',
      message: /^the observed server did not start listening within 0\.5 s; if it needs longer to start, raise the limit with --listen-timeout <seconds>$/,
    });
  });

  it('a server that crashes under load', async () => {
    await expectCleanFailure({ fixture: path.join(FIXTURES, 'crashes-mid-run') }, { code: 'SERVER_CRASHED', message: /^observed: the server crashed: out of file descriptors$/ });
  });

  it('a port in use', async () => {
    const blocker = net.createServer();
    await new Promise((resolve) => blocker.listen(0, '127.0.0.1', () => resolve(undefined)));
    process.env.UNBLOCK_TEST_BUSY_PORT = String(/** @type {net.AddressInfo} */ (blocker.address()).port);
    try {
      await expectCleanFailure({ fixture: path.join(FIXTURES, 'port-in-use') }, { code: 'SERVER_FAILED', message: /^the observed server could not listen: port in use \(listen EADDRINUSE/ });
    } finally {
      delete process.env.UNBLOCK_TEST_BUSY_PORT;
      blocker.close();
    }
  });

  it('Ctrl-C on the CLI: exit 130, one line, every child and folder gone', async () => {
    const cli = spawn(process.execPath, [CLI, 'observe', path.join(FIXTURES, 'tiny'), '--duration', '20', '--no-observed'], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stderr = '';
    cli.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise((resolve) => cli.on('exit', (code) => resolve(code)));
    // The server and the load generator.
    assert.ok(await waitFor(() => childPids(cli.pid).length >= 2, 15_000), 'children started');
    const children = childPids(cli.pid);
    process.kill(-(/** @type {number} */ (cli.pid)), 'SIGINT');
    assert.equal(await exited, 130);
    assert.equal(stderr.trim(), 'unblock-bench: tiny: benchmark cancelled (Ctrl-C)');
    assert.ok(await waitFor(() => children.every((pid) => !isAlive(pid)), 3000), 'children ended');
    assert.deepEqual(fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(`unblock-bench-${cli.pid}-`)), []);
  });

  it('bad flags: exit 2 before anything runs', async () => {
    const cli = spawn(process.execPath, [CLI, 'observe', path.join(FIXTURES, 'tiny'), '--connections', '1,10'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    cli.stderr.on('data', (chunk) => (stderr += chunk));
    assert.equal(await new Promise((resolve) => cli.on('exit', resolve)), 2);
    assert.equal(stderr, 'unblock-bench: observe: --connections: observe loads each route at one level; give one number\n');
  });
});
