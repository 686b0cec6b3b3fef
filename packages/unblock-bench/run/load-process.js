import { fileURLToPath } from 'node:url';
import { BenchError } from '../errors.js';
import { spawnNode } from '../processes/supervisor.js';

const WORKER_SCRIPT = fileURLToPath(new URL('./load-worker.js', import.meta.url));

/**
 * @typedef {object} SliceResult
 * @property {number} rps 2xx responses per second
 * @property {number} completed 2xx responses
 * @property {number} elapsed seconds
 * @property {number} errors connection errors and timeouts as autocannon counts them
 * @property {number} timeouts
 * @property {number} non2xx
 * @property {{ p50: number, p90: number, p99: number, max: number, mean: number, count: number } | null} latency ms
 * @property {number[]} histogram counts per stats.LATENCY_BUCKET_EDGES bucket
 * @property {Array<{ completed: number, rps: number, latency: { p50: number, p90: number, p99: number, max: number, mean: number, count: number } | null }>} routes
 *   the same per load route, in the order of the slice's requests
 * @property {number} cpuSeconds CPU used by the load generator during the slice
 */

/**
 * @typedef {object} LoadGenerator
 * @property {number} pid
 * @property {(slice: { url: string, requests: object[], connections: number, duration: number, timeout: number }) => Promise<SliceResult>} run
 * @property {Promise<never>} crashed
 * @property {() => Promise<void>} stop
 */

/**
 * Starts the long-lived load-generator process.
 * @returns {LoadGenerator}
 */
export function startLoadGenerator() {
  const proc = spawnNode(WORKER_SCRIPT, []);
  const { child } = proc;
  let stopping = false;
  const crashed = /** @type {Promise<never>} */ (proc.exited.then(({ code, signal }) => {
    if (stopping) return new Promise(() => {});
    const tail = proc.stderrTail();
    throw new BenchError(
      `the load generator exited unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`})${tail ? `: ${tail}` : ''}`,
      { code: 'LOAD_FAILED' },
    );
  }));
  crashed.catch(() => {});
  let nextId = 0;
  /** @type {Set<NodeJS.Timeout>} */
  const pending = new Set();
  return {
    pid: child.pid,
    crashed,
    run: (slice) =>
      new Promise((resolve, reject) => {
        const id = ++nextId;
        // A slice that does not end long after its duration means the generator is stuck.
        const limit = slice.duration + slice.timeout + 10;
        const watchdog = setTimeout(() => {
          child.off('message', onMessage);
          reject(new BenchError(`the load generator did not finish a ${slice.duration} s slice within ${limit} s`, { code: 'LOAD_FAILED' }));
        }, limit * 1000);
        watchdog.unref(); // never what keeps the runner alive after a cancel
        pending.add(watchdog);
        const onMessage = (/** @type {any} */ message) => {
          if (message?.id !== id) return;
          clearTimeout(watchdog);
          pending.delete(watchdog);
          child.off('message', onMessage);
          if (message.type === 'slice-done') resolve(message.result);
          else reject(new BenchError(`autocannon failed: ${message.message}`, { code: 'LOAD_FAILED' }));
        };
        child.on('message', onMessage);
        crashed.catch((error) => {
          clearTimeout(watchdog);
          pending.delete(watchdog);
          reject(error);
        });
        child.send({ type: 'slice', id, ...slice }, (error) => {
          if (error) clearTimeout(watchdog);
          if (error) reject(new BenchError(`the load generator stopped answering: ${error.message}`, { code: 'LOAD_FAILED' }));
        });
      }),
    stop: async () => {
      stopping = true;
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
      await proc.stop();
    },
  };
}
