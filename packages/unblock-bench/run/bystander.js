import http from 'node:http';
import { httpRequest } from './http-request.js';
import { latencySummary } from '../statistics/stats.js';
import { oneLine } from '../errors.js';

/**
 * Probes a cheap route on the loaded server, one request at a time, while a slice runs: the
 * latency a light request sees next to the heavy ones (the seeds' "/immediate" effect).
 * It runs in the runner process, which is idle during a slice, so the probe's own timing is not
 * disturbed by the load generator's work.
 * @param {string} base
 * @param {{ method: string, path: string, headers?: Record<string, string>, body?: string }} route
 * @param {{ intervalMs: number, timeoutMs: number }} options
 * @returns {{ stop: () => Promise<{ p50: number | null, p99: number | null, max: number | null, count: number, failures: number, failure: string | null }> }}
 *   failure: what the last failed probe got ("answered 404", the error), so a route that never answers 2xx says why it has no latency
 */
export function startBystander(base, route, { intervalMs, timeoutMs }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  /** @type {number[]} */
  const latencies = [];
  let failures = 0;
  /** @type {string | null} */
  let failure = null;
  let running = true;
  /** @type {(() => void) | null} */
  let wake = null;
  const loop = (async () => {
    while (running) {
      const started = process.hrtime.bigint();
      try {
        const res = await httpRequest(base, route, { timeoutMs, agent });
        if (res.status >= 200 && res.status < 300) latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
        else {
          failures += 1;
          failure = `answered ${res.status}`;
        }
      } catch (error) {
        failures += 1;
        failure = `failed: ${oneLine(error)}`;
      }
      if (!running) break;
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, intervalMs);
        wake = () => {
          clearTimeout(timer);
          resolve(undefined);
        };
      });
    }
  })();
  return {
    stop: async () => {
      running = false;
      wake?.();
      await loop;
      agent.destroy();
      const summary = latencySummary(latencies);
      return { p50: summary?.p50 ?? null, p99: summary?.p99 ?? null, max: summary?.max ?? null, count: latencies.length, failures, failure };
    },
  };
}
