import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BenchError, abortError } from '../errors.js';
import { spawnNode } from './supervisor.js';

const HOST_SCRIPT = fileURLToPath(new URL('./server-host.js', import.meta.url));
/** Seconds a server may take to answer the runner (statistics, coverage) when the caller sets no limit. */
const DEFAULT_ANSWER_TIMEOUT = 5;

/**
 * @typedef {object} ServerStats
 * @property {{ p50: number | null, p99: number | null, max: number | null }} eventLoop delay in ms beyond the sampling interval
 * @property {number} utilization event-loop utilization 0..1 since the last reset
 * @property {number} cpuSeconds CPU time of the whole server process since the last reset
 */

/**
 * @typedef {object} ServerHandle
 * @property {string} label "before" or "after"
 * @property {number} port
 * @property {string} url http://127.0.0.1:port
 * @property {number} pid
 * @property {Promise<never>} crashed rejects with a one-line error if the server exits before `stop`
 * @property {() => Promise<void>} resetStats
 * @property {() => Promise<ServerStats>} stats
 * @property {() => Promise<Array<{ url: string, ranges: Array<{ startOffset: number, endOffset: number, count: number }> }>>} coverage
 *   code run since the last call (servers started with `trace` only)
 * @property {(request: unknown) => Promise<any>} askPreload a question for the module started with `preload`
 * @property {() => Promise<void>} stop
 */

/**
 * Starts one variant in its own Node process and waits until it listens.
 * @param {{ label: string, entryPath: string, kind: string, exportName: string, threadpoolSize: number,
 *   listenTimeout: number, answerTimeout?: number, signal?: AbortSignal, trace?: boolean,
 *   node?: import('./node-runtime.js').ServerRuntime, root?: string,
 *   preload?: { module: string, options: unknown } }} options listenTimeout in seconds;
 *   answerTimeout: seconds the server may take to answer the runner's own questions (statistics, coverage);
 *   node: the Node that runs it (default: the runner's own); root: the folder its files are named relative to in errors;
 *   preload: a module the server imports before the fixture (see server-host.js)
 * @returns {Promise<ServerHandle>}
 */
export async function startServer(options) {
  const { label, signal } = options;
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, UV_THREADPOOL_SIZE: String(options.threadpoolSize) };
  delete env.NODE_OPTIONS; // a debugger or loader from the caller's shell would skew the numbers
  // tsx compiles with the project's tsconfig.json: this copy's, not the user's folder's.
  if (options.node?.tsconfig) env.TSX_TSCONFIG_PATH = path.join(options.root ?? path.dirname(options.entryPath), options.node.tsconfig);
  const host = { entryPath: options.entryPath, kind: options.kind, exportName: options.exportName, trace: Boolean(options.trace), typescript: options.node?.typescript ?? null, preload: options.preload };
  const proc = spawnNode(HOST_SCRIPT, [JSON.stringify(host)], { env, execPath: options.node?.execPath, execArgv: options.node?.execArgv });
  const { child } = proc;
  let stopping = false;
  /** @type {string | null} */
  let failure = null;
  /** @param {any} message */
  const described = (message) => describeFailure(label, options.root ? { ...message, message: String(message.message).split(`${options.root}${path.sep}`).join('') } : message);
  child.on('message', (/** @type {any} */ message) => {
    if (message?.type === 'failed') failure = described(message);
  });

  const crashed = /** @type {Promise<never>} */ (proc.exited.then(({ code, signal: sig }) => {
    if (stopping) return new Promise(() => {}); // ended by us: never settles
    const why = failure ?? `the ${label} server exited unexpectedly (${sig ? `signal ${sig}` : `exit code ${code}`})${tail(proc.stderrTail())}`;
    throw new BenchError(why, { code: 'SERVER_CRASHED' });
  }));
  crashed.catch(() => {}); // observed by whoever races against it

  const stop = async () => {
    stopping = true;
    await proc.stop();
  };

  try {
    const port = await waitForListen(child, proc, label, options.listenTimeout, signal, () => failure, described);
    let nextId = 0;
    const answerSeconds = options.answerTimeout ?? DEFAULT_ANSWER_TIMEOUT;
    /**
     * @param {string} type
     * @param {Record<string, unknown>} [payload]
     * @returns {Promise<any>}
     */
    const ask = (type, payload = {}) =>
      new Promise((resolve, reject) => {
        const id = ++nextId;
        const done = () => {
          clearTimeout(timer);
          child.off('message', onMessage);
        };
        const onMessage = (/** @type {any} */ message) => {
          if (message?.id === id) {
            done();
            resolve(message);
          }
        };
        // The server answers between two requests; one that does not within this time never comes back.
        const timer = setTimeout(() => {
          done();
          reject(
            new BenchError(
              `the ${label} server did not answer the runner within ${answerSeconds} s: its event loop is blocked (a request handler that never returns?); if it is only slow, raise --request-timeout`,
              { code: 'SERVER_UNRESPONSIVE' },
            ),
          );
        }, answerSeconds * 1000);
        child.on('message', onMessage);
        crashed.catch((error) => {
          done();
          reject(error);
        });
        child.send({ ...payload, type, id }, (error) => {
          if (error) {
            done();
            reject(new BenchError(`the ${label} server stopped answering: ${error.message}`, { code: 'SERVER_CRASHED' }));
          }
        });
      });
    return {
      label,
      port,
      url: `http://127.0.0.1:${port}`,
      pid: child.pid,
      crashed,
      resetStats: async () => {
        await ask('reset');
      },
      stats: async () => {
        const { eventLoop, utilization, cpuSeconds } = await ask('stats');
        return { eventLoop, utilization, cpuSeconds };
      },
      coverage: async () => (await ask('coverage')).scripts,
      askPreload: async (request) => {
        const answer = await ask('preload', { request });
        if (answer.error) throw new BenchError(`the ${label} server could not answer the runner: ${answer.error}`, { code: 'SERVER_FAILED' });
        return answer.data;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * @param {import('node:child_process').ChildProcess} child
 * @param {{ exited: Promise<{ code: number | null, signal: string | null }>, stderrTail: () => string }} proc
 * @param {string} label
 * @param {number} timeoutSeconds
 * @param {AbortSignal | undefined} signal
 * @param {() => string | null} failure
 * @param {(message: any) => string} describe
 * @returns {Promise<number>}
 */
function waitForListen(child, proc, label, timeoutSeconds, signal, failure, describe) {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      signal?.removeEventListener('abort', onAbort);
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(
        new BenchError(`the ${label} server did not start listening within ${timeoutSeconds} s; if it needs longer to start, raise the limit with --listen-timeout <seconds>`, {
          code: 'LISTEN_TIMEOUT',
        }),
      );
    }, timeoutSeconds * 1000);
    const onMessage = (/** @type {any} */ message) => {
      if (message?.type === 'listening') {
        cleanup();
        resolve(message.port);
      } else if (message?.type === 'failed') {
        cleanup();
        reject(new BenchError(describe(message), { code: 'SERVER_FAILED' }));
      }
    };
    const onAbort = () => {
      cleanup();
      reject(abortError(signal));
    };
    child.on('message', onMessage);
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    proc.exited.then(({ code, signal: sig }) => {
      cleanup();
      reject(
        new BenchError(
          failure() ?? `the ${label} server exited before listening (${sig ? `signal ${sig}` : `exit code ${code}`})${tail(proc.stderrTail())}`,
          { code: 'SERVER_FAILED' },
        ),
      );
    });
  });
}

/**
 * @param {string} label
 * @param {{ phase: string, code: string | null, message: string }} message
 */
function describeFailure(label, message) {
  if (message.code === 'EADDRINUSE') return `the ${label} server could not listen: port in use (${message.message})`;
  const what = {
    import: 'the fixture module threw on import',
    create: 'the fixture could not create its server',
    listen: 'the server could not listen',
    run: 'the server crashed',
  }[message.phase] ?? 'the server failed';
  return `${label}: ${what}: ${message.message}`;
}

/** @param {string} text */
function tail(text) {
  return text ? `: ${text}` : '';
}
