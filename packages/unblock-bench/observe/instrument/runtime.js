/**
 * The recorder the instrumented code calls (as `globalThis.__unblockObserve`, see instrument.js),
 * inside the observed server's process. It keeps, until the runner takes them:
 *
 * - how often each function ran (one counter per function);
 * - each await that resumed: which invocation (frame) it belonged to, its site, when its operand
 *   started and when the await resumed;
 * - each timed blocking call: its site, start and end, and the CPU time the main thread used
 *   meanwhile (on a machine shared with other busy processes the wall time grows, the CPU time
 *   does not). The thread's own clock, where Node has one (22.19+): the process's clock also
 *   counts the garbage collector's and the compiler's helper threads, so it could claim more
 *   main-thread time than the call's wall time held;
 * - when each request arrived (a task boundary: a CPU profile's busy stretch that spans two
 *   requests is two blocks), how many there were and how many were answered with a status outside
 *   2xx (Node's `http.server.*` diagnostics channels).
 *
 * Times are `performance.now()` milliseconds. Everything is kept in flat typed arrays, so a
 * recorded event costs a few stores, and the runner gets them in one message.
 */
import diagnostics from 'node:diagnostics_channel';
import { performance } from 'node:perf_hooks';

/** The main thread's CPU clock, or the process's on a Node without one. */
const threadClock = /** @type {{ threadCpuUsage?: () => NodeJS.CpuUsage }} */ (process).threadCpuUsage;
const cpuClock = typeof threadClock === 'function' ? threadClock.bind(process) : () => process.cpuUsage();

/** Past this many waits (or blocking calls) in one take, further ones are only counted. */
const MAX_EVENTS = 250_000;

/**
 * A growable list of fixed-width records of numbers.
 * @param {number} width numbers per record
 */
function recordList(width) {
  let data = new Float64Array(width * 1024);
  let count = 0;
  let dropped = 0;
  return {
    /** Up to four numbers (a record of fewer ignores the rest). @param {number} a @param {number} b @param {number} c @param {number} [d] */
    push(a, b, c, d = 0) {
      if (count >= MAX_EVENTS) {
        dropped++;
        return;
      }
      if ((count + 1) * width > data.length) {
        const bigger = new Float64Array(data.length * 2);
        bigger.set(data);
        data = bigger;
      }
      const at = count * width;
      data[at] = a;
      if (width > 1) data[at + 1] = b;
      if (width > 2) data[at + 2] = c;
      if (width > 3) data[at + 3] = d;
      count++;
    },
    take() {
      const taken = { records: data.slice(0, count * width), dropped };
      count = 0;
      dropped = 0;
      return taken;
    },
  };
}

/**
 * @typedef {{ n: number, sites: number[], starts: number[] }} Frame one invocation of an async function
 *
 * @typedef {object} Taken what happened since the last take
 * @property {Float64Array} counters calls per function id
 * @property {Float64Array} waits [frame, site, start, end] per resumed await
 * @property {Float64Array} blocks [site, start, end, cpu ms] per timed blocking call
 * @property {number} dropped events not kept (past MAX_EVENTS)
 * @property {Float64Array} requestStarts when each request arrived
 * @property {number} requests requests received
 * @property {number} non2xx responses with a status outside 200–299
 * @property {number} hrOffsetUs add to `performance.now() * 1000` to get the monotonic clock of the CPU profile
 */

/**
 * Installs the recorder as `globalThis.__unblockObserve`.
 * @param {number} functionCount how many function ids the instrumented files use
 * @returns {{ take: () => Taken }}
 */
export function installRecorder(functionCount) {
  const counters = new Float64Array(functionCount);
  const waits = recordList(4);
  const blocks = recordList(4);
  const arrivals = recordList(1);
  /** @type {number[]} blocking calls under way (nested ones too): site, start, CPU µs at start, site… */
  const blocking = [];
  /** @type {Map<number, Frame>} each module's top level, one frame per file */
  const tops = new Map();
  let frames = 0;
  let requests = 0;
  let non2xx = 0;

  const api = {
    c: counters,
    /** @param {number} id */
    f(id) {
      counters[id]++;
      return { n: 0, sites: [], starts: [] };
    },
    /** @param {number} fileId */
    top(fileId) {
      let frame = tops.get(fileId);
      if (!frame) tops.set(fileId, (frame = { n: 0, sites: [], starts: [] }));
      return frame;
    },
    /** @param {Frame} frame @param {number} site */
    s(frame, site) {
      frame.sites.push(site);
      frame.starts.push(performance.now());
    },
    /**
     * The await resumed: its wait is recorded, its value passed on. An await whose operand threw
     * never comes here; its start is dropped when a later one of the same frame ends.
     * @template T
     * @param {Frame} frame @param {number} site @param {T} value
     * @returns {T}
     */
    e(frame, site, value) {
      const end = performance.now();
      for (let i = frame.sites.length - 1; i >= 0; i--) {
        if (frame.sites[i] !== site) continue;
        if (frame.n === 0) frame.n = ++frames;
        waits.push(frame.n, site, frame.starts[i], end);
        frame.sites.length = i;
        frame.starts.length = i;
        break;
      }
      return value;
    },
    /** @param {number} site */
    bs(site) {
      const cpu = cpuClock();
      blocking.push(site, performance.now(), cpu.user + cpu.system);
    },
    /**
     * @template T
     * @param {number} site @param {T} value
     * @returns {T}
     */
    be(site, value) {
      const end = performance.now();
      const cpu = cpuClock();
      for (let i = blocking.length - 3; i >= 0; i -= 3) {
        if (blocking[i] !== site) continue;
        blocks.push(site, blocking[i + 1], end, (cpu.user + cpu.system - blocking[i + 2]) / 1000);
        blocking.length = i;
        break;
      }
      return value;
    },
  };
  Object.defineProperty(globalThis, '__unblockObserve', { value: api, configurable: true });

  diagnostics.subscribe('http.server.request.start', () => {
    requests++;
    arrivals.push(performance.now(), 0, 0);
  });
  diagnostics.subscribe('http.server.response.finish', (message) => {
    const status = /** @type {any} */ (message)?.response?.statusCode ?? 0;
    if (status < 200 || status > 299) non2xx++;
  });

  return {
    take() {
      const w = waits.take();
      const b = blocks.take();
      const taken = {
        counters: counters.slice(),
        waits: w.records,
        blocks: b.records,
        requestStarts: arrivals.take().records,
        dropped: w.dropped + b.dropped,
        requests,
        non2xx,
        hrOffsetUs: Number(process.hrtime.bigint()) / 1000 - performance.now() * 1000,
      };
      counters.fill(0);
      requests = 0;
      non2xx = 0;
      return taken;
    },
  };
}
