/**
 * The smallest difference a run could detect: the shift of the per-round log ratios that the
 * sign-flip test would find with 80 % power, given how much this run's rounds scattered. A
 * reader who sees "no difference detected" needs it to tell "there is none" from "this run was
 * too noisy to see one".
 *
 * The test does not change when every log ratio is multiplied by the same positive number, so
 * the detectable shift is k(n, alpha) × (the rounds' standard deviation), and k is found once
 * per n and alpha by simulating runs with normal noise (seeded: the same every time).
 */
import { normalFrom, seededRandom } from './seeded-random.js';
import { signFlipRejects, smallestPValue } from './sign-flip.js';

/** Simulated runs per power estimate: the power found is within about ±2.5 % of the true one. */
const SIMULATIONS = 250;
/** Past this many rounds, the normal approximation is close to the test and far cheaper. */
const SIMULATE_UP_TO = 12;
/** @type {Map<string, number | null>} */
const memo = new Map();

/**
 * The detectable shift in units of the rounds' standard deviation, or null when n rounds can
 * never reach p ≤ alpha.
 * @param {number} n rounds
 * @param {number} alpha the test's level (after any correction for many comparisons)
 * @param {number} [power]
 * @returns {number | null}
 */
export function detectableInSpreads(n, alpha, power = 0.8) {
  if (n < 2 || smallestPValue(n) > alpha) return null;
  const key = `${n}:${alpha}:${power}`;
  if (!memo.has(key)) memo.set(key, n <= SIMULATE_UP_TO ? simulated(n, alpha, power) : approximated(n, alpha, power));
  return memo.get(key) ?? null;
}

/**
 * The smallest ratio (≥ 1, "1.12" = 12 %) this run could tell from 1× either way, from its
 * per-round log ratios; null when it could detect none (too few rounds).
 * @param {number[]} d per-round log ratios
 * @param {number} alpha
 * @param {number} [power]
 * @returns {number | null}
 */
export function detectableRatio(d, alpha, power = 0.8) {
  const k = detectableInSpreads(d.length, alpha, power);
  if (k === null) return null;
  return Math.exp(k * standardDeviation(d));
}

/**
 * @param {number} n @param {number} alpha @param {number} power
 */
function simulated(n, alpha, power) {
  const normal = normalFrom(seededRandom(0x5eed + n));
  // The same noise for every shift tried, so the power rises with the shift without jitter.
  const noise = Array.from({ length: SIMULATIONS }, () => Array.from({ length: n }, normal));
  /** @param {number} shift */
  const powerAt = (shift) => noise.filter((z) => signFlipRejects(z.map((x) => x + shift), alpha)).length / SIMULATIONS;
  let low = 0;
  let high = 1;
  while (powerAt(high) < power) {
    low = high;
    high *= 2;
    if (high > 1e6) return Infinity;
  }
  for (let i = 0; i < 20; i += 1) {
    const mid = (low + high) / 2;
    if (powerAt(mid) >= power) high = mid;
    else low = mid;
  }
  return high;
}

/**
 * (t for the test's level + t for the power) / √n, the usual paired-design formula, with
 * Student's t from the normal by a Cornish–Fisher expansion (close for n > 12).
 * @param {number} n @param {number} alpha @param {number} power
 */
function approximated(n, alpha, power) {
  const df = n - 1;
  return (studentQuantile(1 - alpha / 2, df) + studentQuantile(power, df)) / Math.sqrt(n);
}

/**
 * @param {number} p @param {number} df
 */
function studentQuantile(p, df) {
  const z = normalQuantile(p);
  return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2);
}

/**
 * The standard normal quantile (Acklam's rational approximation, relative error below 1.2e-9).
 * @param {number} p in (0, 1)
 */
export function normalQuantile(p) {
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const tail = 0.02425;
  if (p < tail) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  if (p > 1 - tail) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

/**
 * Sample standard deviation (n − 1 in the denominator); 0 for fewer than two values.
 * @param {number[]} xs
 */
export function standardDeviation(xs) {
  if (xs.length < 2) return 0;
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((sum, x) => sum + (x - mean) ** 2, 0) / (xs.length - 1));
}
