/**
 * Child process that generates the HTTP load with autocannon's programmatic API, apart from
 * both servers so the load generator never competes inside a server's event loop. It runs one
 * slice per request from the runner and exits as soon as the IPC channel closes.
 *
 * Latencies come from autocannon's 'response' event (fractional milliseconds from hrtime)
 * rather than its histogram, which rounds to whole milliseconds. Each response is also counted
 * for the route it answered: autocannon calls the request's `onResponse` and then emits
 * 'response' for the same response, synchronously, so the route seen last is the right one.
 */
import autocannon from 'autocannon';
import { latencyHistogram, latencySummary } from '../statistics/stats.js';
import { watchForOrphaning, exitWithGroup } from '../processes/orphan-watchdog.js';

process.on('disconnect', exitWithGroup);
watchForOrphaning();
// The runner decides when the load stops (a Ctrl-C sent to a whole process group is not its signal).
process.on('SIGINT', () => {});

process.on('message', (/** @type {any} */ message) => {
  if (message?.type !== 'slice') return;
  runSlice(message).then(
    (result) => process.connected && process.send({ type: 'slice-done', id: message.id, result }),
    (error) =>
      process.connected &&
      process.send({ type: 'slice-failed', id: message.id, message: String(error?.message ?? error).split('\n')[0] }),
  );
});

/**
 * @param {{ url: string, requests: Array<Record<string, any>>, connections: number, duration: number, timeout: number }} slice
 */
function runSlice(slice) {
  return new Promise((resolve, reject) => {
    /** @type {number[]} */
    const latencies = [];
    /** @type {number[][]} */
    const perRoute = slice.requests.map(() => []);
    let lastRoute = 0;
    const requests = slice.requests.map((request, index) => ({
      ...request,
      onResponse: () => {
        lastRoute = index;
      },
    }));
    const cpuStart = process.cpuUsage();
    const started = process.hrtime.bigint();
    let instance;
    try {
      instance = autocannon(
        {
          url: slice.url,
          connections: slice.connections,
          duration: slice.duration,
          timeout: slice.timeout,
          requests,
          // autocannon checks for the end of the run once per sample interval; the default
          // (1 s) would round every slice up to whole seconds.
          sampleInt: 100,
        },
        (error, result) => {
          if (error) return reject(error);
          const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
          const cpu = process.cpuUsage(cpuStart);
          resolve({
            rps: latencies.length / elapsed,
            completed: latencies.length,
            elapsed,
            errors: result.errors,
            timeouts: result.timeouts,
            non2xx: result.non2xx,
            latency: latencySummary(latencies),
            routes: perRoute.map((xs) => ({ completed: xs.length, rps: xs.length / elapsed, latency: latencySummary(xs) })),
            histogram: latencyHistogram(latencies),
            cpuSeconds: (cpu.user + cpu.system) / 1e6,
          });
        },
      );
    } catch (error) {
      reject(error);
      return;
    }
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) {
        latencies.push(responseTime);
        perRoute[lastRoute]?.push(responseTime);
      }
    });
  });
}
