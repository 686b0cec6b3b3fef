import { pbkdf2, pbkdf2Sync } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * @typedef {{ kind: 'io', ms: number } | { kind: 'threadpool', ms: number, iterations?: number }} SimpleModel
 * @typedef {SimpleModel | { kind: 'table', calls: Record<string, SimpleModel>, default: SimpleModel }} LatencyModel
 */

/**
 * The default matches the I/O fixtures' calibration (six independent 10 ms waits per request).
 * @type {LatencyModel}
 */
export const DEFAULT_LATENCY_MODEL = Object.freeze({ kind: 'io', ms: 10 });

/**
 * Checks a latency model given by a user and returns a normalised copy.
 * @param {unknown} model
 * @param {string} [where]
 * @returns {LatencyModel}
 */
export function validateLatencyModel(model, where = 'latencyModel') {
  if (model === undefined) return { ...DEFAULT_LATENCY_MODEL };
  if (model === null || typeof model !== 'object') throw new TypeError(`${where} must be an object such as { kind: 'io', ms: 10 }`);
  const m = /** @type {Record<string, any>} */ (model);
  if (m.kind === 'threadpool' && m.iterations !== undefined) {
    // A declared size: exactly this much pbkdf2 work per call, like a backend whose cost is known.
    if (!Number.isInteger(m.iterations) || m.iterations < 1 || m.iterations > 100_000_000) {
      throw new TypeError(`${where}.iterations must be a whole number of pbkdf2 iterations from 1 to 100000000 (got ${JSON.stringify(m.iterations)})`);
    }
    if (m.ms !== undefined) validateMs(m.ms, where);
    return { kind: 'threadpool', ms: m.ms ?? 0, iterations: m.iterations };
  }
  if (m.kind === 'io' || m.kind === 'threadpool') {
    validateMs(m.ms, where);
    return { kind: m.kind, ms: m.ms };
  }
  if (m.kind === 'table') {
    if (!m.calls || typeof m.calls !== 'object') throw new TypeError(`${where}.calls must map call paths such as 'db.getUser' to { kind, ms }`);
    const calls = Object.fromEntries(
      Object.entries(m.calls).map(([path, entry]) => {
        const simple = validateLatencyModel(entry, `${where}.calls['${path}']`);
        if (simple.kind === 'table') throw new TypeError(`${where}.calls['${path}'] cannot itself be a table`);
        return [path, simple];
      }),
    );
    const fallback = validateLatencyModel(m.default ?? DEFAULT_LATENCY_MODEL, `${where}.default`);
    if (fallback.kind === 'table') throw new TypeError(`${where}.default cannot itself be a table`);
    return { kind: 'table', calls, default: fallback };
  }
  throw new TypeError(`${where}.kind must be 'io', 'threadpool' or 'table' (got ${JSON.stringify(m.kind)})`);
}

/** @param {unknown} ms @param {string} where */
function validateMs(ms, where) {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0 || ms > 60_000) {
    throw new TypeError(`${where}.ms must be a number of milliseconds between 0 and 60000 (got ${JSON.stringify(ms)})`);
  }
}

/**
 * Gives every thread-pool entry a fixed pbkdf2 iteration count, calibrated here, once, so that the
 * before and after servers do exactly the same work per simulated call (two servers calibrating
 * on their own while both start up would disagree). Declared iteration counts are kept.
 * @param {LatencyModel} model
 * @returns {LatencyModel}
 */
export function withFixedIterations(model) {
  /** @param {SimpleModel} m @returns {SimpleModel} */
  const fix = (m) => {
    if (m.kind !== 'threadpool') return m;
    if (m.iterations) return { ...m, ms: m.ms || Math.round((m.iterations / calibrateIterations()) * 100) / 100 };
    return { ...m, iterations: Math.max(1, Math.round(calibrateIterations() * m.ms)) };
  };
  if (model.kind !== 'table') return fix(model);
  return { kind: 'table', calls: Object.fromEntries(Object.entries(model.calls).map(([k, v]) => [k, fix(v)])), default: fix(model.default) };
}

/**
 * Parses the CLI form: `io:10`, `threadpool:25`, or a JSON object.
 * @param {string} text
 * @returns {LatencyModel}
 */
export function parseLatencyModel(text) {
  const short = /^(io|threadpool):(\d+(?:\.\d+)?)(?:ms)?$/.exec(text.trim());
  if (short) return validateLatencyModel({ kind: short[1], ms: Number(short[2]) });
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new TypeError(`latency model "${text}" is neither io:<ms>, threadpool:<ms> nor JSON`);
  }
  return validateLatencyModel(parsed);
}

/**
 * One line for reports: "I/O wait of 10 ms per simulated call".
 * @param {LatencyModel} model
 * @returns {string}
 */
export function describeLatencyModel(model) {
  /** @param {SimpleModel} m */
  const simple = (m) =>
    m.kind === 'io' ? `I/O wait of ${m.ms} ms` : `thread-pool task of ${m.ms} ms (pbkdf2${m.iterations ? `, ${m.iterations} iterations` : ''})`;
  if (model.kind !== 'table') return `${simple(model)} per simulated call`;
  const rows = Object.entries(model.calls).map(([path, m]) => `${path}: ${simple(m)}`);
  return `per-call table (${rows.join('; ')}; others: ${simple(model.default)})`;
}

/**
 * How many pbkdf2-sha256 iterations take one millisecond on this machine, measured once per
 * process (the thread-pool model must cost the same CPU time as the backend it stands for).
 */
let iterationsPerMs = 0;
function calibrateIterations() {
  if (iterationsPerMs) return iterationsPerMs;
  const probe = 20_000;
  // Calibration must time the same work the thread pool will do, on this thread, once at start-up
  // (eslint.config.js exempts this file from the blocking-call rule for these two calls).
  pbkdf2Sync('warm-up', 'salt', 2_000, 32, 'sha256');
  const samples = [];
  for (let i = 0; i < 7; i += 1) {
    const start = process.hrtime.bigint();
    pbkdf2Sync('calibrate', 'salt', probe, 32, 'sha256');
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  // The fastest sample is the machine's own cost; slower ones include other programs' load.
  samples.sort((a, b) => a - b);
  iterationsPerMs = probe / samples[0];
  return iterationsPerMs;
}

/**
 * The probe model: no time at all, but every simulated operation completes in "steps". All
 * operations started before the event loop turns complete together in the next step, so the
 * number of steps a call takes is the number of waits on its critical path (3 sequential awaits:
 * 3 steps; the same three in Promise.all: 1), counted exactly, whatever the machine's load.
 * @typedef {{ kind: 'steps' }} StepsModel
 */

/**
 * @param {LatencyModel | StepsModel} model
 */
export function createLatencySource(model) {
  if (model.kind === 'steps') return createStepCounter();
  const entries = model.kind === 'table' ? [model.default, ...Object.values(model.calls)] : [model];
  const needsCalibration = entries.some((m) => m.kind === 'threadpool' && !m.iterations);
  const perMs = needsCalibration ? calibrateIterations() : 0;

  /** @param {SimpleModel} m @returns {Promise<unknown>} */
  function run(m) {
    if (m.ms === 0 && !(m.kind === 'threadpool' && m.iterations)) return Promise.resolve();
    if (m.kind === 'io') return sleep(m.ms);
    const iterations = m.iterations ?? Math.max(1, Math.round(perMs * m.ms));
    return new Promise((resolve, reject) => {
      pbkdf2('simulated', 'operation', iterations, 32, 'sha256', (error) => (error ? reject(error) : resolve(undefined)));
    });
  }

  return {
    /** pbkdf2 iterations per millisecond on this machine (0 when the model has no thread-pool work) */
    iterationsPerMs: perMs,
    /**
     * @param {string} shape call path such as `db.getUser`
     * @param {string} name the method name alone, for `*.name` table entries
     */
    wait(shape, name) {
      if (model.kind !== 'table') return run(model);
      return run(model.calls[shape] ?? model.calls[`*.${name}`] ?? model.default);
    },
  };
}

function createStepCounter() {
  /** @type {Array<() => void>} */
  let pending = [];
  let scheduled = false;
  const source = {
    iterationsPerMs: 0,
    steps: 0,
    wait() {
      return new Promise((resolve) => {
        pending.push(() => resolve(undefined));
        if (scheduled) return;
        scheduled = true;
        // setImmediate runs after every pending microtask: everything started "at once" is in this batch.
        setImmediate(() => {
          scheduled = false;
          const batch = pending;
          pending = [];
          source.steps += 1;
          for (const done of batch) done();
        });
      });
    },
  };
  return source;
}
