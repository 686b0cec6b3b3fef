import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { aggregateLevel } from '../statistics/aggregate.js';
import { buildAfterProject, loadPlugin } from '../variants/after-source.js';
import { startBystander } from './bystander.js';
import { startCpuSample } from '../processes/cpu-sampler.js';
import { checkEquivalence, describeDifferences } from '../variants/equivalence.js';
import { BenchError, abortError, throwIfAborted } from '../errors.js';
import { loadFixture } from '../fixture/fixture.js';
import { startLoadGenerator } from './load-process.js';
import { resolveOptions } from '../fixture/options.js';
import { startServer } from '../processes/server-process.js';
import { prepareFixtureCopy } from '../variants/workspace.js';
import { runnerNode, typeScriptNode } from '../processes/node-runtime.js';
import { isTypeScriptFile } from '../fixture/typescript.js';
import { collectProjectFiles } from '../fixture/project-files.js';
import { loweredAsync } from '../fixture/compiled-output.js';
import { traceRouteFindings } from './route-trace.js';
import { sweepStaleTempDirs } from '../processes/temp-folders.js';
import { hostVerdict } from '../statistics/verdict.js';
import { holdToFamily } from '../statistics/family.js';
import { ALPHA } from '../statistics/round-test.js';
import { selfCheck } from '../statistics/self-check.js';
import { plural } from '../printers/format.js';
import { routeName } from '../fixture/route-name.js';

const require = createRequire(import.meta.url);
const { version } = require('../package.json');

/**
 * @typedef {object} ProgressEvent
 * @property {string} fixture
 * @property {'fix' | 'trace' | 'start' | 'equivalence' | 'warmup' | 'slice' | 'done'} phase
 * @property {string} message one line for a status bar
 * @property {number} fraction 0..1 of the planned load time done
 */

/**
 * Runs one fixture: builds the "after" source with the plugin, and when it changed anything,
 * starts both variants, checks they behave the same, measures them under alternating load and
 * returns the result object the printers take. Every child process is ended before it returns
 * or throws, including on cancellation through `signal`.
 * @param {Record<string, any> & { fixture: string | import('../fixture/fixture.js').Fixture, plugin?: any }} options
 * @param {{ onProgress?: (event: ProgressEvent) => void, signal?: AbortSignal }} [hooks]
 */
export async function runComparison(options, hooks = {}) {
  const { signal } = hooks;
  const onProgress = hooks.onProgress ?? (() => {});
  const startedAt = new Date();
  const t0 = process.hrtime.bigint();
  const wall = () => Number(process.hrtime.bigint() - t0) / 1e9;
  throwIfAborted(signal);

  const fixture = typeof options.fixture === 'string' ? await loadFixture(options.fixture) : options.fixture;
  const opts = resolveOptions(options, fixture.spec);
  const name = fixture.spec.name;
  const plugin = options.plugin ?? (await loadPlugin());
  // Folders left by runs that were killed (their owner process is gone); never a live run's.
  await sweepStaleTempDirs();
  // Both variants run from copies: a server that writes files writes them there, not in the user's folder.
  // The rules read the "before" copy, where the project is the fixture and nothing else.
  const before = await prepareFixtureCopy(fixture, [], 'before');
  /** @type {import('../variants/workspace.js').FixtureCopy | null} */
  let afterCopy = null;
  try {
    const inCopy = { ...fixture, dir: before.dir, entryPath: before.entryPath };
    /** @type {Array<{ file: string, specifier: string }>} */
    const unresolved = [];
    const files = await collectProjectFiles(inCopy, { onUnresolved: (file, specifier) => unresolved.push({ file, specifier }) });
    const after = buildAfterProject(files, { rules: opts.rules, plugin, cwd: before.dir });
    const machine = machineInfo();
    const base = {
      schema: 1,
      tool: { name: 'unblock-bench', version },
      startedAt: startedAt.toISOString(),
      machine,
      fixture: {
        name,
        title: fixture.spec.title,
        description: fixture.spec.description,
        seed: fixture.spec.seed,
        dir: fixture.dir,
        entry: fixture.spec.entry,
        routes: fixture.spec.routes.map(routeName),
        ...(fixture.spec.bystander ? { bystander: routeName(fixture.spec.bystander) } : {}),
        ...(fixture.spec.expect ? { expect: fixture.spec.expect } : {}),
      },
      settings: { ...opts },
      // A/A self-check: "after" is the "before" code again, so any difference the report claims is noise.
      ...(opts.aa ? { mode: 'aa' } : {}),
      fix: {
        rulesApplied: after.rulesApplied,
        rulesMissing: after.rulesMissing,
        findings: after.findings,
        unfixed: after.unfixed,
        diff: after.diff,
        files: after.files.map((f) => ({ file: f.file, changed: f.changed, findings: f.findings, unfixed: f.unfixed, diff: f.diff })),
        unresolved,
      },
    };
    const fixedFiles = after.files.filter((f) => f.changed).length;
    onProgress({ fixture: name, phase: 'fix', message: after.changed ? `${plural(after.findings.length, 'finding')} fixed in ${plural(fixedFiles, 'file')}` : 'nothing to fix', fraction: 0 });
    if (fixture.spec.expect === 'nothing-to-fix' && after.findings.length > 0) throw unexpectedFindings(after.findings);
    if (!after.changed && !opts.aa) {
      const lowered = after.findings.length === 0 ? await loweredAsync(files, before) : null;
      return { ...base, ...(lowered ? { fix: { ...base.fix, lowered } } : {}), status: 'nothing-to-fix', expected: fixture.spec.expect === 'nothing-to-fix', equivalence: null, routes: null, host: null, runs: [], selfCheck: null, wallSeconds: wall() };
    }
    const node = await serverNode(fixture, files);
    // What the rules read lies in the "before" copy; the "after" copy gets the same files, rewritten.
    const original = (/** @type {string} */ file) => path.join(fixture.dir, path.relative(before.dir, file));
    const rewritten = opts.aa ? [] : [...after.files.filter((f) => f.changed), ...after.created];
    afterCopy = await prepareFixtureCopy(fixture, rewritten.map((f) => ({ ...f, path: original(f.path) })), 'after');
    const copies = { before, after: afterCopy };
    const runtime = { node: node.version, execPath: node.execPath, execArgv: node.execArgv, typescript: node.typescript, ...(node.loader ? { loader: node.loader } : {}), ...(node.note ? { note: node.note } : {}) };
    const plan = { done: 0, total: opts.threadpoolSizes.length * opts.connections.length * 2 * (opts.warmup + opts.rounds * opts.duration) };
    let routes = null;
    if (fixture.spec.routes.length > 1) {
      onProgress({ fixture: name, phase: 'trace', message: 'finding which routes run which findings', fraction: 0 });
      const traced = await traceRouteFindings({
        fixture: inCopy,
        files,
        findings: after.findings,
        threadpoolSize: opts.threadpoolSizes[0],
        listenTimeout: opts.listenTimeout,
        requestTimeout: opts.requestTimeout,
        node,
        signal,
      });
      routes = { findings: traced.routes, error: traced.error };
    }
    const measured = [];
    let equivalence = null;
    for (const threadpoolSize of opts.threadpoolSizes) {
      const run = await measurePool({ fixture, copies, node, diff: after.diff, threadpoolSize, opts, machine, signal, onProgress, plan });
      equivalence = run.equivalence;
      measured.push({ threadpoolSize, levels: run.levels });
    }
    // Every verdict of the report is judged together with the others (statistics/family.js).
    const runs = holdToFamily(measured, ALPHA);
    const slices = runs.flatMap((run) => run.levels.flatMap((level) => level.slices));
    const host = hostVerdict(slices, { maxOutsideLoad: opts.maxOutsideLoad, maxSteal: opts.maxSteal / 100 });
    onProgress({ fixture: name, phase: 'done', message: 'done', fraction: 1 });
    // Only an A/A run has one: there every claimed difference is a false one.
    const check = opts.aa ? selfCheck(runs, base.fixture.routes) : null;
    return { ...base, status: 'measured', runtime, equivalence, routes, host, runs, selfCheck: check, wallSeconds: wall() };
  } finally {
    await Promise.all([before.dispose(), afterCopy?.dispose()]);
  }
}

/**
 * The Node that runs the servers: the runner's own for JavaScript; for TypeScript, one that strips
 * types, or tsx where the files hold what stripping cannot run (node-runtime.js).
 * @param {import('../fixture/fixture.js').Fixture} fixture
 * @param {import('../fixture/project-files.js').ProjectFile[]} files
 */
export async function serverNode(fixture, files) {
  const typescript = files.filter((f) => isTypeScriptFile(f.path));
  if (typescript.length === 0 && !isTypeScriptFile(fixture.entryPath)) return runnerNode();
  return typeScriptNode({ fixtureDir: fixture.dir, entry: fixture.spec.entry, files: typescript });
}

/**
 * A negative control the rules reported on: the false positive is the finding, never measured.
 * @param {import('../variants/after-source.js').Finding[]} findings
 */
function unexpectedFindings(findings) {
  const first = findings[0];
  return new BenchError(
    `the fixture expects nothing to fix ("expect": "nothing-to-fix"), but the rules reported ${plural(findings.length, 'finding')}, first ${first.file ?? ''}:${first.line} ${first.ruleId}; not benchmarked`,
    { code: 'UNEXPECTED_FINDINGS', details: findings.map((f) => `${f.file ?? ''}:${f.line}:${f.column} ${f.ruleId}: ${f.message}`).join('\n') },
  );
}

/**
 * @typedef {{ fixture: import('../fixture/fixture.js').Fixture, copies: { before: import('../variants/workspace.js').FixtureCopy, after: import('../variants/workspace.js').FixtureCopy },
 *   node: import('../processes/node-runtime.js').ServerRuntime, diff: string, threadpoolSize: number,
 *   opts: import('../fixture/options.js').ResolvedOptions, machine: { cores: number }, signal?: AbortSignal,
 *   onProgress: (event: ProgressEvent) => void, plan: { done: number, total: number } }} PoolContext
 * @typedef {import('../processes/server-process.js').ServerHandle} ServerHandle
 * @typedef {{ stop: () => Promise<void>, crashed: Promise<never> }} ChildProcessHandle
 */

/** Races a step against cancellation and against any of our processes dying. @typedef {<T>(step: Promise<T>) => Promise<T>} Guard */

/**
 * One full comparison at one thread-pool size: start, check, load, stop.
 * @param {PoolContext} ctx
 */
async function measurePool(ctx) {
  const { fixture, opts, signal, onProgress, plan, threadpoolSize } = ctx;
  const name = fixture.spec.name;
  /** @type {ChildProcessHandle[]} */
  const running = [];
  const guard = guardAgainst(running, signal);
  try {
    onProgress({ fixture: name, phase: 'start', message: `starting servers (UV_THREADPOOL_SIZE=${threadpoolSize})`, fraction: plan.done / plan.total });
    const servers = await startBothServers(ctx, running);
    onProgress({ fixture: name, phase: 'equivalence', message: 'checking that before and after answer alike', fraction: plan.done / plan.total });
    const equivalence = await requireEquivalence(ctx, guard, servers);
    const load = startLoadGenerator();
    running.push(load);
    const levels = [];
    for (const connections of opts.connections) levels.push(await measureLevel(ctx, { guard, load, servers, connections }));
    return { equivalence, levels };
  } finally {
    await Promise.all(running.map((proc) => proc.stop()));
  }
}

/**
 * @param {ChildProcessHandle[]} running every process started so far (read at each step, so later ones count too)
 * @param {AbortSignal} [signal]
 * @returns {Guard}
 */
export function guardAgainst(running, signal) {
  return (step) =>
    new Promise((resolve, reject) => {
      const onAbort = () => reject(abortError(signal));
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      for (const proc of running) proc.crashed.catch(reject);
      step.then(resolve, reject).finally(() => signal?.removeEventListener('abort', onAbort));
    });
}

/**
 * Starts both variants side by side. Each one that started goes into `running` before any failure
 * is thrown, so the caller stops it too.
 * @param {PoolContext} ctx
 * @param {ChildProcessHandle[]} running
 * @returns {Promise<{ before: ServerHandle, after: ServerHandle }>}
 */
async function startBothServers(ctx, running) {
  const { fixture, opts, signal, threadpoolSize, copies, node } = ctx;
  const common = { kind: fixture.spec.kind, exportName: fixture.spec.export, threadpoolSize, listenTimeout: opts.listenTimeout, answerTimeout: opts.requestTimeout, signal, node };
  const started = await Promise.allSettled([
    startServer({ ...common, label: 'before', entryPath: copies.before.entryPath, root: copies.before.dir }),
    startServer({ ...common, label: 'after', entryPath: copies.after.entryPath, root: copies.after.dir }),
  ]);
  for (const s of started) if (s.status === 'fulfilled') running.push(s.value);
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) throw /** @type {PromiseRejectedResult} */ (failed).reason;
  const [before, after] = started.map((s) => /** @type {PromiseFulfilledResult<any>} */ (s).value);
  return { before, after };
}

/**
 * Sends the fixture's requests to both variants; a fix that changes any answer is not measured.
 * @param {PoolContext} ctx
 * @param {Guard} guard
 * @param {{ before: ServerHandle, after: ServerHandle }} servers
 */
async function requireEquivalence(ctx, guard, { before, after }) {
  const { spec } = ctx.fixture;
  const requests = [...spec.routes, ...(spec.bystander ? [spec.bystander] : []), ...spec.equivalence];
  const equivalence = await guard(checkEquivalence(before.url, after.url, requests, { timeoutMs: ctx.opts.requestTimeout * 1000, signal: ctx.signal }));
  if (!equivalence.equal) {
    throw new BenchError(`the fix changes behaviour: ${equivalence.differences.length} of ${requests.length} requests answer differently; not benchmarking it`, {
      code: 'NOT_EQUIVALENT',
      // What was refused next to why: the answers that differ and the rewrite that made them.
      details: `${describeDifferences(equivalence.differences)}\n\nthe rewrite that was refused:\n${ctx.diff.trimEnd()}`,
    });
  }
  return equivalence;
}

/**
 * One connection level: warm both variants up, then alternate measured slices round by round.
 * @param {PoolContext} ctx
 * @param {{ guard: Guard, load: import('./load-process.js').LoadGenerator, servers: { before: ServerHandle, after: ServerHandle }, connections: number }} level
 */
async function measureLevel(ctx, { guard, load, servers, connections }) {
  const { opts, plan, onProgress, threadpoolSize } = ctx;
  const spec = ctx.fixture.spec;
  // Repeats because of outside load are budgeted per level, shared by all its slices.
  const slicing = { spec, opts, guard, load, connections, budget: { repeatsLeft: opts.maxRepeats } };
  /** @param {'before' | 'after'} variant @param {number} seconds @param {number} round */
  const slice = (variant, seconds, round) => measureSlice(slicing, servers[variant], variant, seconds, round);
  const tick = (/** @type {number} */ seconds, /** @type {string} */ message, /** @type {ProgressEvent['phase']} */ phase) => {
    plan.done += seconds;
    onProgress({ fixture: spec.name, phase, message, fraction: Math.min(1, plan.done / plan.total) });
  };
  if (opts.warmup > 0) {
    for (const variant of /** @type {const} */ (['before', 'after'])) {
      tick(0, `${connections} conn: warming up ${variant}`, 'warmup');
      await slice(variant, opts.warmup, -1);
      tick(opts.warmup, `${connections} conn: warmed up ${variant}`, 'warmup');
    }
  }
  const slices = [];
  for (let round = 0; round < opts.rounds; round += 1) {
    for (const variant of /** @type {const} */ (['before', 'after'])) {
      tick(0, `${connections} conn: round ${round + 1}/${opts.rounds}, ${variant}`, 'slice');
      slices.push(await slice(variant, opts.duration, round));
      tick(opts.duration, `${connections} conn: round ${round + 1}/${opts.rounds}, ${variant} done`, 'slice');
    }
  }
  return {
    ...aggregateLevel(slices, { connections, threadpoolSize, cores: ctx.machine.cores, ideal: spec.ideal }),
    slices: slices.map(({ load: l, ...rest }) => ({ ...rest, load: { ...l, histogram: undefined } })),
  };
}

/**
 * Loads one variant for `seconds` while sampling CPU and probing the bystander route. A measured
 * slice (round >= 0) that the machine's outside load disturbed is run again while the level's
 * repeat budget lasts; warm-up slices (round -1) never repeat.
 * @param {{ spec: import('../fixture/fixture.js').Fixture['spec'], opts: import('../fixture/options.js').ResolvedOptions, guard: Guard,
 *   load: import('./load-process.js').LoadGenerator, connections: number, budget: { repeatsLeft: number } }} slicing
 * @param {ServerHandle} server
 * @param {'before' | 'after'} variant
 * @param {number} seconds
 * @param {number} round
 */
async function measureSlice({ spec, opts, guard, load, connections, budget }, server, variant, seconds, round) {
  for (let repeats = 0; ; repeats += 1) {
    await guard(server.resetStats());
    const cpu = startCpuSample();
    const probe = spec.bystander ? startBystander(server.url, spec.bystander, { intervalMs: opts.bystanderInterval, timeoutMs: opts.requestTimeout * 1000 }) : null;
    let result;
    /** @type {Awaited<ReturnType<ReturnType<typeof startBystander>['stop']>> | null} */
    let bystander = null;
    try {
      result = await guard(
        load.run({
          url: server.url,
          requests: spec.routes.map((r) => ({ method: r.method, path: r.path, headers: r.headers, body: r.body })),
          connections,
          duration: seconds,
          timeout: opts.requestTimeout,
        }),
      );
    } finally {
      if (probe) bystander = await probe.stop();
    }
    const stats = await guard(server.stats());
    const cpuFigures = cpu.stop(result.cpuSeconds + stats.cpuSeconds);
    const loaded = cpuFigures.outsideCores > opts.maxOutsideLoad;
    if (loaded && round >= 0 && budget.repeatsLeft > 0) {
      budget.repeatsLeft -= 1;
      continue;
    }
    if (result.completed === 0) {
      throw new BenchError(
        `the ${variant} server answered no request during a ${seconds} s slice at ${plural(connections, 'connection')} (${result.timeouts} timeouts, ${result.errors} errors)`,
        { code: 'NO_RESPONSES' },
      );
    }
    return { variant, round, load: result, server: stats, bystander, cpu: cpuFigures, noisy: loaded, repeats };
  }
}

/** The machine a result was measured on; printed next to every result. */
export function machineInfo() {
  const cpus = os.cpus();
  return {
    cores: typeof os.availableParallelism === 'function' ? os.availableParallelism() : cpus.length,
    cpuModel: cpus[0]?.model?.trim() ?? 'unknown',
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  };
}
