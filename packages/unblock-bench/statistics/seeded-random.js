/**
 * A seeded pseudo-random generator, so that every figure drawn at random (a Monte Carlo p-value,
 * the simulated runs behind a detectable difference) is the same each time the same numbers are
 * analysed: a report can be checked by running its analysis again. Math.random cannot be seeded.
 */

/**
 * mulberry32: 32 bits of state, uniform in [0, 1), fast and plenty for resampling a few thousand
 * times (it is no cryptographic generator and need not be).
 * @param {number} seed any integer
 * @returns {() => number}
 */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Standard normal draws from a uniform generator (Box–Muller).
 * @param {() => number} random
 * @returns {() => number}
 */
export function normalFrom(random) {
  return () => {
    const u = 1 - random(); // (0, 1]: log(0) never happens
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  };
}
