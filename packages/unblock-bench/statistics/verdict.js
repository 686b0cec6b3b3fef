/**
 * What a measured ratio and a measured host mean, in words a reader can act on: "1.48× faster",
 * "1.10× slower" (never "0.91× faster"), "inconclusive" when the rounds disagree about the
 * direction, and "noisy host" when the machine was busy with other work. Pure functions, shared
 * by every printer and by the extension.
 */

/**
 * @typedef {object} Verdict
 * @property {'faster' | 'slower' | 'unchanged' | 'inconclusive' | 'unknown'} kind
 * @property {number | null} factor how many times faster or slower (≥ 1), null when unknown
 * @property {number | null} spread relative half-range of the per-round ratios
 * @property {string} text e.g. "1.10× slower ±2.0%"
 */

/** Ratios this close to 1 are "unchanged": a difference nobody could notice. */
const UNCHANGED_WITHIN = 0.01;

/**
 * The verdict on a ratio where above 1 means the fix helped (after/before req/s, or
 * before/after latency), from its per-round summary.
 * @param {{ median: number, spread: number, n: number } | null | undefined} summary
 * @returns {Verdict}
 */
export function ratioVerdict(summary) {
  if (!summary || !Number.isFinite(summary.median) || summary.median <= 0) {
    return { kind: 'unknown', factor: null, spread: null, text: 'n/a' };
  }
  const { median, spread } = summary;
  const band = spread > 0 ? ` ±${(spread * 100).toFixed(1)}%` : '';
  // The rounds' own range says how far the median could be off; when it reaches across 1×,
  // the rounds do not even agree on the direction.
  if (summary.n >= 2 && Math.abs(median - 1) <= spread * median) {
    return { kind: 'inconclusive', factor: null, spread, text: `inconclusive (${median.toFixed(2)}×${band} covers 1×)` };
  }
  if (Math.abs(median - 1) < UNCHANGED_WITHIN) return { kind: 'unchanged', factor: 1, spread, text: `unchanged${band}` };
  const factor = median >= 1 ? median : 1 / median;
  const kind = median >= 1 ? 'faster' : 'slower';
  return { kind, factor, spread, text: `${factor.toFixed(2)}× ${kind}${band}` };
}

/**
 * @typedef {object} HostVerdict
 * @property {boolean} noisy
 * @property {number | null} stealShare mean share of the machine's CPU time stolen by the hypervisor
 * @property {number | null} outsideCores median CPU use of other programs, in cores, per slice
 * @property {number | null} maxOutsideCores the busiest slice's outside CPU use
 * @property {number} slices how many slices the figures cover
 * @property {string} text one line for the report
 */

/**
 * Whether the machine was quiet enough for the ratios to mean what they say, from every measured
 * slice of a run: the CPU time the hypervisor stole (`/proc/stat` steal) and what other programs
 * used while our processes ran.
 * @param {Array<{ cpu: { outsideCores: number, stealShare?: number | null } }>} slices
 * @param {{ maxOutsideLoad: number, maxSteal: number }} limits maxSteal as a share (0.05 = 5 %)
 * @returns {HostVerdict}
 */
export function hostVerdict(slices, { maxOutsideLoad, maxSteal }) {
  const steals = slices.map((s) => s.cpu.stealShare).filter((x) => typeof x === 'number' && Number.isFinite(x));
  const outside = slices.map((s) => s.cpu.outsideCores).filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  const stealShare = steals.length ? steals.reduce((a, b) => a + b, 0) / steals.length : null;
  const outsideCores = outside.length ? outside[Math.floor((outside.length - 1) / 2)] : null;
  const maxOutsideCores = outside.length ? outside[outside.length - 1] : null;
  /** @type {string[]} */
  const reasons = [];
  if (stealShare !== null && stealShare > maxSteal) reasons.push(`${percent(stealShare)} of the CPU time was stolen by the hypervisor`);
  if (outsideCores !== null && outsideCores > maxOutsideLoad) reasons.push(`other programs used ${outsideCores.toFixed(1)} cores`);
  const figures = [
    `steal ${stealShare === null ? 'not measured' : percent(stealShare)}`,
    `other programs ${outsideCores === null ? 'n/a' : `${outsideCores.toFixed(1)} cores`} (median per slice${maxOutsideCores === null ? '' : `, at most ${maxOutsideCores.toFixed(1)}`})`,
  ].join(', ');
  const noisy = reasons.length > 0;
  const text = noisy
    ? `noisy host: ${reasons.join(' and ')} during the run; treat the ratios as provisional and measure again on a quiet machine (${figures})`
    : `quiet host: ${figures}`;
  return { noisy, stealShare, outsideCores, maxOutsideCores, slices: slices.length, text };
}

/** @param {number} x a share, 0..1 */
function percent(x) {
  return `${(x * 100).toFixed(x < 0.1 ? 1 : 0)}%`;
}
