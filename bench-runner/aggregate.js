import { mergeHistograms, median, summarize } from './stats.js';
import { boundResource, fractionOfIdeal, idealGain } from './ideal.js';

/**
 * @typedef {object} SliceRecord one measured slice (A or B) as the runner stores it
 * @property {'before' | 'after'} variant
 * @property {number} round 0-based pair index
 * @property {import('./load-process.js').SliceResult} load
 * @property {import('./server-process.js').ServerStats} server
 * @property {{ p50: number | null, p99: number | null, max: number | null, count: number, failures: number } | null} bystander
 * @property {{ machineCores: number, ownCores: number, outsideCores: number }} cpu
 * @property {boolean} noisy outside CPU load stayed above the limit even after repeating
 * @property {number} repeats how often this slice was run again because of outside load
 */

/**
 * Reduces the slices of one connection level to the numbers the printers show.
 * Pure: same slices in, same summary out.
 * @param {SliceRecord[]} slices
 * @param {{ connections: number, threadpoolSize: number, cores: number, ideal: import('./fixture.js').IdealSpec }} ctx
 */
export function aggregateLevel(slices, ctx) {
  const before = summarizeVariant(slices.filter((s) => s.variant === 'before'), ctx);
  const after = summarizeVariant(slices.filter((s) => s.variant === 'after'), ctx);
  const pairs = pairUp(slices);
  const rpsRatio = summarize(pairs.map(([b, a]) => (b.load.rps > 0 ? a.load.rps / b.load.rps : NaN)));
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
    },
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
    bystander: { p50: med((s) => s.bystander?.p50), p99: med((s) => s.bystander?.p99) },
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
