/**
 * What a measured ratio and a measured host mean, in words a reader can act on. A ratio is named
 * ("1.48× faster", "1.10× slower", never "0.91× faster") only when the sign-flip test over the
 * interleaved rounds rejects "no difference", after adjusting for the report's other comparisons;
 * otherwise it is "no difference detected (could detect ≥ 12%)", with the smallest difference
 * the run could have seen. "noisy host" says the machine was busy with other work. Pure
 * functions, shared by every printer (and so by the extension, which shows their output).
 */
import { smallestPValue } from './sign-flip.js';

/**
 * @typedef {object} Verdict
 * @property {'faster' | 'slower' | 'no-difference' | 'unknown'} kind
 * @property {number | null} factor for a claim, how many times faster or slower (≥ 1); null otherwise
 * @property {[number, number] | null} ci for a claim, the factors the test does not reject (same direction as `factor`)
 * @property {number | null} detectable smallest difference the run could detect, as a ratio ≥ 1 (1.12 = 12 %); null when too few rounds
 * @property {number | null} p the test's p-value, adjusted for the report's other comparisons when it was
 * @property {number | null} spread relative half-range of the per-round ratios
 * @property {string} text e.g. "1.10× slower (95% CI 1.04–1.17×)", "no difference detected (could detect ≥ 12%)"
 */

/**
 * The verdict on a ratio where above 1 means the fix helped (after/before req/s, or before/after
 * latency), from its round test (statistics/round-test.js, adjusted by statistics/family.js).
 * @param {import('./round-test.js').RoundTest | null | undefined} test
 * @returns {Verdict}
 */
export function ratioVerdict(test) {
  if (!test || typeof test.p !== 'number' || !Number.isFinite(test.mean) || test.mean <= 0) {
    return { kind: 'unknown', factor: null, ci: null, detectable: null, p: null, spread: test?.spread ?? null, text: 'n/a' };
  }
  const p = test.q ?? test.p;
  const detectable = test.detectable ?? null;
  const spread = test.spread ?? null;
  if (p > test.alpha) {
    return { kind: 'no-difference', factor: null, ci: null, detectable, p, spread, text: `no difference detected (${detectableText(test)})` };
  }
  const faster = test.mean >= 1;
  const factor = faster ? test.mean : 1 / test.mean;
  const [low, high] = test.ci ?? [test.mean, test.mean];
  /** @type {[number, number]} */
  const ci = faster ? [low, high] : [1 / high, 1 / low];
  const level = Math.round((1 - test.alpha) * 100);
  const kind = faster ? 'faster' : 'slower';
  return { kind, factor, ci, detectable, p, spread, text: `${factor.toFixed(2)}× ${kind} (${level}% CI ${ci[0].toFixed(2)}–${ci[1].toFixed(2)}×)` };
}

/**
 * "could detect ≥ 12%", or why no difference could have been shown: too few rounds for the
 * level the report's comparisons demand.
 * @param {import('./round-test.js').RoundTest} test
 */
export function detectableText(test) {
  const at = test.detectableAt ?? test.alpha;
  if (test.detectable === null || test.detectable === undefined || !Number.isFinite(test.detectable)) {
    let needed = Math.max(2, test.n + 1);
    while (smallestPValue(needed) > at && needed < 100) needed += 1;
    return `${test.n} round${test.n === 1 ? '' : 's'} cannot show one; needs ≥ ${needed}`;
  }
  return `could detect ≥ ${percentOver(test.detectable)}`;
}

/**
 * "12%" for 1.12, "3.5%" for 1.035, "240%" for 3.4.
 * @param {number} ratio ≥ 1
 */
export function percentOver(ratio) {
  const x = (ratio - 1) * 100;
  return `${x < 10 ? x.toFixed(1) : x.toFixed(0)}%`;
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
