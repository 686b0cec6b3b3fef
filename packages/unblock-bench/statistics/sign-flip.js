/**
 * The paired randomization test behind every "faster"/"slower" claim. Each round runs "before"
 * and "after" back to back, so a round's log ratio d = ln(after/before) holds the fix's effect
 * plus noise the two slices share less of than slices far apart. When the fix changes nothing,
 * which variant is "before" in a round is an arbitrary label and d is as likely to be −d: the
 * p-value is the share of the 2^n sign assignments whose |mean| is at least the observed one.
 * No normality is assumed; with n rounds the smallest possible p-value is 2/2^n, so 5 rounds can
 * never reach p ≤ 0.05 and a claim needs 6 or more.
 */
import { seededRandom } from './seeded-random.js';

/** Up to this many rounds every assignment is counted (2^16 = 65 536); beyond, they are sampled. */
const EXACT_UP_TO = 16;
/** Sampled assignments beyond EXACT_UP_TO rounds (with the observed one counted, p ≥ 1/10 000). */
const DRAWS = 9999;

/**
 * Two-sided p-value of "mean of d is 0" by sign flips.
 * @param {number[]} d per-round log ratios
 * @param {{ seed?: number }} [options] seed for the sampled version (more than 16 rounds)
 * @returns {number} in (0, 1]; 1 for no rounds
 */
export function signFlipPValue(d, options = {}) {
  if (d.length === 0) return 1;
  const { extreme, total } = countExtreme(d, Infinity, options.seed ?? 1);
  return extreme / total;
}

/**
 * Whether the test rejects "mean of d is 0" at `alpha`; stops counting as soon as it cannot, which
 * makes the simulations behind a detectable difference affordable.
 * @param {number[]} d
 * @param {number} alpha
 * @param {{ seed?: number }} [options]
 */
export function signFlipRejects(d, alpha, options = {}) {
  if (d.length === 0 || smallestPValue(d.length) > alpha) return false;
  const total = d.length <= EXACT_UP_TO ? 2 ** d.length : DRAWS + 1;
  const limit = Math.floor(alpha * total + 1e-9);
  return countExtreme(d, limit, options.seed ?? 1).extreme <= limit;
}

/**
 * How many sign assignments give a |sum| at least the observed one (the observed assignment
 * included), counting past `limit` no further. Every assignment when n ≤ 16, walked in Gray-code
 * order so each next sum differs from the last by one flipped round; a seeded sample beyond.
 * @param {number[]} d
 * @param {number} limit
 * @param {number} seed
 * @returns {{ extreme: number, total: number }}
 */
function countExtreme(d, limit, seed) {
  const n = d.length;
  let s = sum(d);
  const observed = Math.abs(s);
  // Sums equal up to rounding count as "at least as extreme", so ties never make p too small.
  const floor = observed - 1e-12 * (1 + observed);
  let extreme = 1;
  if (n <= EXACT_UP_TO) {
    const total = 2 ** n;
    const sign = new Array(n).fill(1);
    for (let k = 1; k < total && extreme <= limit; k += 1) {
      const i = 31 - Math.clz32(k & -k); // the round whose sign flips between codes k-1 and k
      s -= 2 * sign[i] * d[i];
      sign[i] = -sign[i];
      if (Math.abs(s) >= floor) extreme += 1;
    }
    return { extreme, total };
  }
  const random = seededRandom(seed);
  for (let k = 0; k < DRAWS && extreme <= limit; k += 1) {
    let t = 0;
    for (let i = 0; i < n; i += 1) t += random() < 0.5 ? -d[i] : d[i];
    if (Math.abs(t) >= floor) extreme += 1;
  }
  return { extreme, total: DRAWS + 1 };
}

/**
 * The smallest p-value n rounds can give (every round agreeing on the direction).
 * @param {number} n
 */
export function smallestPValue(n) {
  if (n <= 0) return 1;
  return n <= EXACT_UP_TO ? Math.min(1, 2 / 2 ** n) : 1 / (DRAWS + 1);
}

/**
 * The interval of shifts the test does not reject at `alpha`: the mean log ratio's confidence
 * interval that agrees with the test by construction (it excludes 0 exactly when p ≤ alpha).
 * Null when n rounds cannot reject anything at `alpha` (the interval would be unbounded).
 * @param {number[]} d per-round log ratios
 * @param {number} alpha
 * @param {{ seed?: number }} [options]
 * @returns {[number, number] | null} [low, high] in log units
 */
export function signFlipInterval(d, alpha, options = {}) {
  if (d.length === 0 || smallestPValue(d.length) > alpha) return null;
  const centre = sum(d) / d.length;
  const width = Math.max(...d) - Math.min(...d) || Math.abs(centre) || 1;
  /** @param {number} shift */
  const accepted = (shift) => !signFlipRejects(d.map((x) => x - shift), alpha, options);
  return [edge(centre, centre - width, accepted), edge(centre, centre + width, accepted)];
}

/**
 * Bisects between a shift the test accepts and one it rejects (moving `outside` further out until
 * it is rejected: a shift past every d always is, once n rounds can reject at all).
 * @param {number} inside
 * @param {number} outside
 * @param {(shift: number) => boolean} accepted
 */
function edge(inside, outside, accepted) {
  let step = outside - inside;
  while (accepted(outside)) {
    step *= 2;
    outside = inside + step;
  }
  for (let i = 0; i < 30; i += 1) {
    const mid = (inside + outside) / 2;
    if (accepted(mid)) inside = mid;
    else outside = mid;
  }
  return (inside + outside) / 2;
}

/** @param {number[]} xs */
function sum(xs) {
  return xs.reduce((a, b) => a + b, 0);
}
