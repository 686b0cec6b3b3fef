/**
 * Child process that hosts one variant of a fixture: imports the module, serves it on
 * 127.0.0.1 port 0, reports the port over IPC and answers requests for event-loop statistics.
 * It exits on its own as soon as the IPC channel closes, or the runner's process is gone (seen from a
 * thread of its own, so a handler looping forever cannot stop it), so it never outlives the runner.
 * Started by server-process.js; argv[2] is a JSON object { entryPath, kind, exportName, trace, typescript }.
 * With `typescript: 'strip'`, it runs on a Node that strips types (node-runtime.js), and a relative
 * import from a TypeScript file that names `./db.js` loads `./db.ts` when only that exists, as
 * TypeScript resolves it (Node itself wants the `.ts` name). With `typescript: 'tsx'`, tsx's loader
 * (in execArgv) compiles and resolves, and coverage is mapped back to the files' own positions.
 * With `trace`, V8's block coverage runs from before the import, and a 'coverage' request
 * answers which code ran since the last one: the runner uses it to see which findings each
 * route's requests execute. A traced server is never the one measured.
 * With `preload` ({ module, options }), that module is imported and started before the fixture,
 * and answers the runner's 'preload' requests (`unblock-bench observe` records through it).
 */
import { Session } from 'node:inspector/promises';
import http from 'node:http';
import nodeModule from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { watchForOrphaning, exitWithGroup } from './orphan-watchdog.js';
import { inFilePositions } from './coverage-positions.js';

/** Sampling interval of the event-loop delay histogram; subtracted from what it records. */
const RESOLUTION_MS = 10;

/** @param {Record<string, unknown>} message */
function send(message) {
  if (process.connected) process.send(message);
}

/**
 * Reports a failure in one line and exits; the runner turns it into its own error.
 * @param {string} phase
 * @param {unknown} error
 */
function fail(phase, error) {
  const err = /** @type {any} */ (error);
  const text = err instanceof Error ? err.message : String(err);
  send({ type: 'failed', phase, code: err?.code ?? null, message: `${syntaxErrorPlace(err)}${text.split('\n')[0]}` });
  process.exitCode = 1;
  // Let the IPC message flush before leaving.
  setImmediate(() => process.exit(1));
}

process.on('disconnect', exitWithGroup);
// A handler that never returns blocks 'disconnect': a thread watches for the runner too.
watchForOrphaning();
// The runner decides when this server stops (a Ctrl-C sent to a whole process group is not its signal).
process.on('SIGINT', () => {});
process.on('uncaughtException', (error) => fail('run', error));
process.on('unhandledRejection', (error) => fail('run', error));

const { entryPath, kind, exportName, trace, typescript, preload } = JSON.parse(process.argv[2]);
if (typescript === 'strip') resolveLikeTypeScript();

/** @type {{ start?: (options: unknown) => void, answer: (request: unknown) => Promise<unknown> } | null} */
let helper = null;
if (preload) {
  try {
    helper = await import(pathToFileURL(preload.module).href);
    helper?.start?.(preload.options);
  } catch (error) {
    fail('import', error);
  }
}

/** @type {Session | null} */
let coverage = null;
if (trace) {
  coverage = new Session();
  coverage.connect();
  // Under tsx the coverage is mapped back to the files, which needs the compiled text (coverage-positions.js).
  if (typescript === 'tsx') await coverage.post('Debugger.enable');
  await coverage.post('Profiler.enable');
  await coverage.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
}

let mod;
try {
  if (!preload || helper) mod = await import(pathToFileURL(entryPath).href);
} catch (error) {
  fail('import', error);
}

if (mod) {
  const exported = mod[exportName];
  let server;
  try {
    if (typeof exported !== 'function') {
      throw new Error(`the module has no function export "${exportName}" (found: ${Object.keys(mod).join(', ') || 'none'})`);
    }
    if (kind === 'handler') {
      server = http.createServer((req, res) => {
        // An async handler that rejects must not take the server down silently mid-run.
        Promise.resolve()
          .then(() => exported(req, res))
          .catch((error) => {
            if (!res.headersSent) res.writeHead(500);
            res.end(`handler failed: ${error?.message ?? error}`);
          });
      });
    } else {
      server = await exported();
      if (!(server instanceof http.Server)) throw new Error(`"${exportName}" must return an http.Server (not yet listening)`);
      if (server.listening) throw new Error(`"${exportName}" must return a server that is not listening yet`);
    }
  } catch (error) {
    fail('create', error);
  }
  if (server) listen(server);
}

/** @param {http.Server} server */
function listen(server) {
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  let eluStart = performance.eventLoopUtilization();
  let cpuStart = process.cpuUsage();
  server.keepAliveTimeout = 30_000;
  server.on('error', (error) => fail('listen', error));
  server.listen(0, '127.0.0.1', () => {
    delay.enable();
    const address = /** @type {import('node:net').AddressInfo} */ (server.address());
    send({ type: 'listening', port: address.port });
  });
  process.on('message', (/** @type {any} */ message) => {
    if (message?.type === 'reset') {
      delay.reset();
      eluStart = performance.eventLoopUtilization();
      cpuStart = process.cpuUsage();
      send({ type: 'reset-done', id: message.id });
    } else if (message?.type === 'coverage' && coverage) {
      // Counters restart at every take, so each answer covers the requests since the last one.
      const session = coverage;
      session.post('Profiler.takePreciseCoverage').then(async ({ result }) => {
        const scripts = result
          .filter((script) => script.url.startsWith('file:') && !script.url.includes('/node_modules/'))
          .map((script) => ({ url: script.url, scriptId: script.scriptId, ranges: script.functions.flatMap((f) => f.ranges) }));
        const inFiles = typescript === 'tsx' ? await inFilePositions(session, scripts) : scripts.map(({ url, ranges }) => ({ url, ranges }));
        send({ type: 'coverage', id: message.id, scripts: inFiles });
      });
    } else if (message?.type === 'preload' && helper) {
      helper.answer(message.request).then(
        (data) => send({ type: 'preload', id: message.id, data }),
        (error) => send({ type: 'preload', id: message.id, error: String(error?.message ?? error) }),
      );
    } else if (message?.type === 'stats') {
      const cpu = process.cpuUsage(cpuStart);
      const elu = performance.eventLoopUtilization(eluStart);
      /** @param {number} p */
      const ms = (p) => (delay.count > 0 ? Math.max(0, delay.percentile(p) / 1e6 - RESOLUTION_MS) : null);
      send({
        type: 'stats',
        id: message.id,
        eventLoop: { p50: ms(50), p99: ms(99), max: delay.count > 0 ? Math.max(0, delay.max / 1e6 - RESOLUTION_MS) : null },
        utilization: elu.utilization,
        cpuSeconds: (cpu.user + cpu.system) / 1e6,
      });
    }
  });
}

/**
 * A module that does not parse (or holds TypeScript that stripping cannot run) names its file and
 * line only in the first line of its stack: `file:///…/routes/users.ts:4`.
 * @param {any} error
 */
function syntaxErrorPlace(error) {
  if (!(error instanceof SyntaxError)) return '';
  const first = String(error.stack ?? '').split('\n')[0];
  const match = /^(file:\/\/\S+?):(\d+)$/.exec(first);
  return match ? `${fileURLToPath(match[1])}:${match[2]}: ` : '';
}

/**
 * `import './db.js'` from a TypeScript file loads db.ts when db.js does not exist (and `.mjs`/`.cjs`
 * their `.mts`/`.cts`), as TypeScript's own resolution does. Needs Node's synchronous module hooks
 * (22.15 and later); before those, imports must name the `.ts` file.
 */
function resolveLikeTypeScript() {
  const registerHooks = /** @type {any} */ (nodeModule).registerHooks;
  if (typeof registerHooks !== 'function') return;
  registerHooks({
    resolve(/** @type {string} */ specifier, /** @type {any} */ context, /** @type {any} */ nextResolve) {
      try {
        return nextResolve(specifier, context);
      } catch (error) {
        const typed = /^\.{1,2}\//.test(specifier) && /\.[cm]?ts$/.test(context?.parentURL ?? '') ? specifier.replace(/\.([cm]?)js$/, '.$1ts') : specifier;
        if (/** @type {any} */ (error)?.code !== 'ERR_MODULE_NOT_FOUND' || typed === specifier) throw error;
        return nextResolve(typed, context);
      }
    },
  });
}
