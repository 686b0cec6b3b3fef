import { mergeHistograms, median, summarize } from './stats.js';
import { testRounds } from './round-test.js';
import { boundResource, fractionOfIdeal, idealGain } from './ideal.js';

/**
 * @typedef {object} SliceRecord one measured slice (A or B) as the runner stores it
 * @property {'before' | 'after'} variant
 * @property {number} round 0-based pair index
 * @property {import('../run/load-process.js').SliceResult} load
 * @property {import('../processes/server-process.js').ServerStats} server
 * @property {{ p50: number | null, p99: number | null, max: number | null, count: number, failures: number, failure?: string | null } | null} bystander
 * @property {{ machineCores: number, ownCores: number, outsideCores: number, stealShare?: number | null }} cpu
 * @property {boolean} noisy outside CPU load stayed above the limit even after repeating
 * @property {number} repeats how often this slice was run again because of outside load
 */

/**
 * Reduces the slices of one connection level to the numbers the printers show.
 * Pure: same slices in, same summary out.
 * @param {SliceRecord[]} slices
 * @param {{ connections: number, threadpoolSize: number, cores: number, ideal: import('../fixture/fixture.js').IdealSpec }} ctx
 */
export function aggregateLevel(slices, ctx) {
  const before = summarizeVariant(slices.filter((s) => s.variant === 'before'), ctx);
  const after = summarizeVariant(slices.filter((s) => s.variant === 'after'), ctx);
  const pairs = pairUp(slices);
  const rpsRatio = pairRatio(pairs, (s) => s.load.rps, false);
  const ideal = idealGain(ctx.ideal, ctx);
  const reached = fractionOfIdeal(rpsRatio?.median ?? null, ideal.gain);
  return {
    connections: ctx.connections,
    before,
    after,
    ratio: {
      rps: rpsRatio,
      p50: speedup(before.latency.p50, after.latency.p50),
      p99: speedup(before.latency.p99, after.latency.p99),
      // Per round, like the req/s ratio, so latency verdicts have a spread too.
      rounds: {
        p50: pairRatio(pairs, (s) => s.load.latency?.p50, true),
        p99: pairRatio(pairs, (s) => s.load.latency?.p99, true),
      },
    },
    routes: routeFigures(slices, pairs),
    ideal: { ...ideal, reached },
    noisySlices: slices.filter((s) => s.noisy).length,
    repeatedSlices: slices.reduce((n, s) => n + s.repeats, 0),
  };
}

/**
 * @param {SliceRecord[]} slices
 * @param {{ connections: number, threadpoolSize: number, cores: number }} ctx
 */
export function summarizeVariant(slices, ctx) {
  /** @param {(s: SliceRecord) => number | null | undefined} get */
  const med = (get) => median(slices.map(get).filter((x) => typeof x === 'number' && Number.isFinite(x)));
  const figures = {
    ownCores: med((s) => s.cpu.ownCores),
    serverCores: med((s) => (s.load.elapsed > 0 ? s.server.cpuSeconds / s.load.elapsed : null)),
    utilization: med((s) => s.server.utilization),
    machineCores: med((s) => s.cpu.machineCores),
  };
  return {
    slices: slices.length,
    rps: summarize(slices.map((s) => s.load.rps)),
    rpsPerRound: slices.map((s) => s.load.rps),
    latency: {
      p50: med((s) => s.load.latency?.p50),
      p90: med((s) => s.load.latency?.p90),
      p99: med((s) => s.load.latency?.p99),
      max: slices.length ? Math.max(...slices.map((s) => s.load.latency?.max ?? 0)) : null,
    },
    eventLoop: { p50: med((s) => s.server.eventLoop.p50), p99: med((s) => s.server.eventLoop.p99) },
    bystander: {
      p50: med((s) => s.bystander?.p50),
      p99: med((s) => s.bystander?.p99),
      // Why there is no latency when no probe got a 2xx answer (the printers say it next to "n/a").
      answered: slices.reduce((n, s) => n + (s.bystander?.count ?? 0), 0),
      failures: slices.reduce((n, s) => n + (s.bystander?.failures ?? 0), 0),
      failure: slices.map((s) => s.bystander?.failure).filter(Boolean).pop() ?? null,
    },
    errors: slices.reduce((n, s) => n + s.load.errors, 0),
    timeouts: slices.reduce((n, s) => n + s.load.timeouts, 0),
    non2xx: slices.reduce((n, s) => n + s.load.non2xx, 0),
    histogram: mergeHistograms(slices.map((s) => s.load.histogram)),
    ...figures,
    outsideCores: med((s) => s.cpu.outsideCores),
    bound: boundResource(figures, ctx),
  };
}

/**
 * Per load route: its req/s and share of the variant's responses, its latency, and its latency
 * ratios per round. The load cycles the routes on every connection, so a route's req/s follows
 * the others'; its latency is what tells which route a fix helped or hurt.
 * @param {SliceRecord[]} slices
 * @param {Array<[SliceRecord, SliceRecord]>} pairs
 */
export function routeFigures(slices, pairs) {
  const count = Math.max(0, ...slices.map((s) => s.load.routes?.length ?? 0));
  return Array.from({ length: count }, (_, i) => {
    /** @param {SliceRecord} s */
    const route = (s) => s.load.routes?.[i];
    /** @param {'before' | 'after'} variant */
    const side = (variant) => {
      const mine = slices.filter((s) => s.variant === variant);
      /** @param {(s: SliceRecord) => number | null | undefined} get */
      const med = (get) => median(mine.map(get).filter((x) => typeof x === 'number' && Number.isFinite(x)));
      return {
        rps: med((s) => route(s)?.rps),
        share: med((s) => (s.load.completed > 0 ? (route(s)?.completed ?? 0) / s.load.completed : null)),
        latency: { p50: med((s) => route(s)?.latency?.p50), p99: med((s) => route(s)?.latency?.p99) },
      };
    };
    return {
      index: i,
      before: side('before'),
      after: side('after'),
      ratio: {
        p50: pairRatio(pairs, (s) => route(s)?.latency?.p50, true),
        p99: pairRatio(pairs, (s) => route(s)?.latency?.p99, true),
      },
    };
  });
}

/**
 * The ratio of one figure per round, summarised and tested; above 1 means the fix helped.
 * @param {Array<[SliceRecord, SliceRecord]>} pairs
 * @param {(s: SliceRecord) => number | null | undefined} get
 * @param {boolean} lowerIsBetter true for latencies (ratio before/after), false for throughput
 */
function pairRatio(pairs, get, lowerIsBetter) {
  return testRounds(
    pairs.map(([b, a]) => {
      const x = get(b);
      const y = get(a);
      if (typeof x !== 'number' || typeof y !== 'number' || x <= 0 || y <= 0) return NaN;
      return lowerIsBetter ? x / y : y / x;
    }),
  );
}

/**
 * Pairs the before and after slice of each round (the slices run A B A B …).
 * @param {SliceRecord[]} slices
 * @returns {Array<[SliceRecord, SliceRecord]>}
 */
function pairUp(slices) {
  /** @type {Map<number, { before?: SliceRecord, after?: SliceRecord }>} */
  const rounds = new Map();
  for (const s of slices) {
    const entry = rounds.get(s.round) ?? {};
    entry[s.variant] = s;
    rounds.set(s.round, entry);
  }
  return [...rounds.values()].filter((r) => r.before && r.after).map((r) => [r.before, r.after]);
}

/**
 * before/after for a latency (bigger is better for the fix).
 * @param {number | null} before
 * @param {number | null} after
 */
function speedup(before, after) {
  if (before === null || after === null || after <= 0) return null;
  return before / after;
}
