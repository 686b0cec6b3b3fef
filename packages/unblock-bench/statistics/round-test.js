/**
 * One after-vs-before ratio over the interleaved rounds, with what a reader needs to believe it:
 * the per-round ratios, the sign-flip test's p-value, the interval of ratios the test does not
 * reject, and the smallest ratio the run could have detected. Pure: the same ratios give the
 * same answer (the only random draws are seeded).
 */
import { summarize } from './stats.js';
import { signFlipInterval, signFlipPValue } from './sign-flip.js';
import { detectableRatio } from './detectable.js';

/** The test's level: a claim is wrong at most this often when the fix changes nothing. */
export const ALPHA = 0.05;

/**
 * @typedef {object} RoundTest
 * @property {number} median median of the per-round ratios (as before, for the tables)
 * @property {number} min
 * @property {number} max
 * @property {number} spread relative half-range of the per-round ratios
 * @property {number} n rounds with both slices measured
 * @property {number[]} ratios the per-round ratios, in round order
 * @property {number} mean geometric mean of the ratios: the figure a claim names
 * @property {number} p two-sided p-value of "the ratio is 1×" (sign-flip test on the log ratios)
 * @property {[number, number] | null} ci the ratios the test does not reject at ALPHA (null: too few rounds)
 * @property {number} alpha the level `ci` and `p` are read at
 * @property {number | null} detectable smallest ratio (≥ 1) the run could tell from 1× with 80 % power at `detectableAt`
 * @property {number} detectableAt the level `detectable` is for: `alpha`, or alpha / family once family.js ran
 * @property {number} [q] p adjusted for the report's other comparisons (Benjamini–Hochberg); set by family.js
 * @property {number} [family] how many comparisons `q` accounts for
 */

/**
 * @param {number[]} ratios per-round ratios, above 1 meaning the fix helped; non-finite or
 *   non-positive ones (a round without a figure) are left out
 * @param {{ alpha?: number }} [options]
 * @returns {RoundTest | null} null when no round has a ratio
 */
export function testRounds(ratios, options = {}) {
  const alpha = options.alpha ?? ALPHA;
  const kept = ratios.filter((x) => Number.isFinite(x) && x > 0);
  const summary = summarize(kept);
  if (!summary) return null;
  const d = kept.map(Math.log);
  const interval = signFlipInterval(d, alpha);
  return {
    ...summary,
    ratios: kept,
    mean: Math.exp(d.reduce((a, b) => a + b, 0) / d.length),
    p: signFlipPValue(d),
    ci: interval ? [Math.exp(interval[0]), Math.exp(interval[1])] : null,
    alpha,
    detectable: detectableRatio(d, alpha),
    detectableAt: alpha,
  };
}
