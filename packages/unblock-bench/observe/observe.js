/**
 * `unblock-bench observe`: runs the user's own server once, instrumented, under the fixture's
 * load, route by route, and measures what each finding costs per request and what the rules
 * missed. The server runs from a copy of the fixture (the instrumented files written over it), in
 * its own process like the bench's, and is measured only once it answers every request of the
 * fixture as the same files uninstrumented do (same-answers.js); every process and folder is gone
 * when this returns or throws.
 */
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { BenchError, throwIfAborted } from '../errors.js';
import { loadFixture } from '../fixture/fixture.js';
import { loadPlugin } from '../variants/after-source.js';
import { collectProjectFiles } from '../fixture/project-files.js';
import { sweepStaleTempDirs } from '../processes/temp-folders.js';
import { prepareFixtureCopy } from '../variants/workspace.js';
import { startFixtureServer } from './instrument/fixture-server.js';
import { startLoadGenerator } from '../run/load-process.js';
import { guardAgainst, serverNode } from '../run/run-comparison.js';
import { observeSettings, projectRootOf } from './settings.js';
import { lintForObservation } from './instrument/static-facts.js';
import { planInstrumentation, displayNames } from './instrument/plan.js';
import { buildObservation } from './result.js';
import { requireSameAnswers } from './measure/same-answers.js';
import { routeName } from '../fixture/route-name.js';

const PRELOAD = fileURLToPath(new URL('./instrument/host-preload.js', import.meta.url));
const { version } = createRequire(import.meta.url)('../package.json');

/**
 * @typedef {import('../run/run-comparison.js').ProgressEvent | { fixture: string, phase: 'observe', message: string, fraction: number }} ObserveProgress
 */

/**
 * @param {Record<string, any> & { fixture: string | import('../fixture/fixture.js').Fixture, plugin?: any }} options
 *   connections, duration, warmup, threadpoolSize, rules, listenTimeout, requestTimeout (as the bench's, see settings.js)
 * @param {{ onProgress?: (event: ObserveProgress) => void, signal?: AbortSignal }} [hooks]
 * @returns {Promise<import('./result.js').Observation>}
 */
export async function runObserve(options, hooks = {}) {
  const { signal } = hooks;
  const onProgress = hooks.onProgress ?? (() => {});
  throwIfAborted(signal);
  const fixture = typeof options.fixture === 'string' ? await loadFixture(options.fixture) : options.fixture;
  const settings = observeSettings(options, fixture.spec);
  const name = fixture.spec.name;
  const plugin = options.plugin ?? (await loadPlugin());
  await sweepStaleTempDirs();
  const root = await projectRootOf(fixture.dir);
  const files = await collectProjectFiles(fixture);
  onProgress({ fixture: name, phase: 'fix', message: 'reading the rules\' reports and instrumenting the code', fraction: 0 });
  const facts = lintForObservation(files, { rules: settings.rules, plugin, cwd: root });
  const names = displayNames(facts, root);
  const plan = planInstrumentation(facts, names);
  // A TypeScript fixture runs on a Node that strips types (the instrumentation inserts plain JavaScript).
  const node = await serverNode(fixture, files);
  const copy = await prepareFixtureCopy(fixture, plan.rewritten, 'observed');
  /** @type {import('../variants/workspace.js').FixtureCopy | null} */
  let plain = null;
  try {
    plain = await prepareFixtureCopy(fixture, [], 'plain');
    const run = await observeRoutes({ fixture, entryPath: copy.entryPath, root: copy.dir, plain, node, plan, settings, signal, onProgress });
    onProgress({ fixture: name, phase: 'done', message: 'done', fraction: 1 });
    return buildObservation({ fixture, root, settings, facts, names, plan, run, resolveFrame: plan.frames(copy.dir), version });
  } finally {
    await Promise.all([copy.dispose(), plain?.dispose()]);
  }
}

/**
 * @typedef {Awaited<ReturnType<typeof observeRoutes>>} RouteRun
 */

/**
 * Starts the instrumented server, checks it answers as the uninstrumented copy `plain` does, and
 * loads each route in turn: a warm-up (not measured), then the measured load with the CPU
 * profiler on. The recorder is emptied between phases, so each phase's records are that route's alone.
 * @param {{ fixture: import('../fixture/fixture.js').Fixture, entryPath: string, root: string, plain: import('../variants/workspace.js').FixtureCopy,
 *   node: import('../processes/node-runtime.js').ServerRuntime, plan: import('./instrument/plan.js').Plan,
 *   settings: import('./settings.js').ObserveSettings, signal?: AbortSignal, onProgress: (event: ObserveProgress) => void }} input
 */
async function observeRoutes({ fixture, entryPath, root, plain, node, plan, settings, signal, onProgress }) {
  const { spec } = fixture;
  /** @type {import('../run/run-comparison.js').ChildProcessHandle[]} */
  const running = [];
  const guard = guardAgainst(running, signal);
  const total = spec.routes.length * (settings.warmup + settings.duration);
  let done = 0;
  try {
    onProgress({ fixture: spec.name, phase: 'start', message: 'starting the instrumented server', fraction: 0 });
    const preload = { module: PRELOAD, options: { functionCount: plan.functions.length } };
    const server = await startFixtureServer({ label: 'observed', entryPath, root, preload }, { spec, settings, node, signal });
    running.push(server);
    /** @param {boolean} [profile] */
    const take = (profile = false) => guard(server.askPreload({ op: 'take', profile }));
    const startup = await take();
    onProgress({ fixture: spec.name, phase: 'equivalence', message: 'checking that the instrumented server answers as the uninstrumented one', fraction: 0 });
    await requireSameAnswers({ fixture, plain, observed: server, node, settings, signal });
    const load = startLoadGenerator();
    running.push(load);
    const routes = [];
    for (const route of spec.routes) {
      const label = routeName(route);
      const request = { method: route.method, path: route.path, headers: route.headers, body: route.body };
      const slice = (/** @type {number} */ duration) => guard(load.run({ url: server.url, requests: [request], connections: settings.connections, duration, timeout: settings.requestTimeout }));
      const between = await take();
      if (settings.warmup > 0) {
        onProgress({ fixture: spec.name, phase: 'warmup', message: `${label}: warming up`, fraction: done / total });
        await slice(settings.warmup);
        done += settings.warmup;
      }
      const warm = await take(true);
      onProgress({ fixture: spec.name, phase: 'observe', message: `${label}: observing under load`, fraction: done / total });
      const result = await slice(settings.duration);
      done += settings.duration;
      const phase = await take();
      if (phase.requests === 0) {
        throw new BenchError(`the observed server received no request for ${label} during ${settings.duration} s (${result.errors} errors, ${result.timeouts} timeouts)`, { code: 'NO_RESPONSES' });
      }
      routes.push({ route: label, phase, counters: [between.counters, warm.counters, phase.counters], seconds: result.elapsed });
    }
    throwIfAborted(signal);
    return { startup, routes };
  } finally {
    await Promise.all(running.map((proc) => proc.stop()));
  }
}
