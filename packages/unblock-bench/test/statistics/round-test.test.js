/**
 * The statistics behind a claim, on synthetic rounds drawn from a seeded generator (no timing):
 * the sign-flip test's exact p-values, how often it claims a difference between identical
 * distributions, that it finds a clear shift, that the detectable difference shrinks with more
 * rounds and less scatter, and the Benjamini–Hochberg adjustment across a report.
 */
import assert from 'node:assert/strict';
import { signFlipInterval, signFlipPValue, signFlipRejects, smallestPValue } from '../../statistics/sign-flip.js';
import { detectableInSpreads, detectableRatio } from '../../statistics/detectable.js';
import { testRounds } from '../../statistics/round-test.js';
import { adjustPValues, holdToFamily } from '../../statistics/family.js';
import { normalFrom, seededRandom } from '../../statistics/seeded-random.js';
import { ratioVerdict } from '../../statistics/verdict.js';

/**
 * Per-round ratios before/after of two variants whose slices scatter by `sd` (log-normal), the
 * "after" one `shift` times faster.
 * @param {number} seed @param {number} rounds @param {number} sd @param {number} [shift]
 */
function rounds(seed, rounds, sd, shift = 1) {
  const normal = normalFrom(seededRandom(seed));
  return Array.from({ length: rounds }, () => {
    const before = 20 * Math.exp(sd * normal());
    const after = (20 / shift) * Math.exp(sd * normal());
    return before / after;
  });
}

describe('bench-runner: sign-flip test', () => {
  it('counts every sign assignment: p is the share at least as extreme as the observed one', () => {
    const d = [0.3, -0.1, 0.25, 0.05, -0.02, 0.4, 0.1];
    let extreme = 0;
    const observed = Math.abs(d.reduce((a, b) => a + b, 0));
    for (let mask = 0; mask < 2 ** d.length; mask += 1) {
      const s = d.reduce((acc, x, i) => acc + (mask & (1 << i) ? -x : x), 0);
      if (Math.abs(s) >= observed - 1e-12) extreme += 1;
    }
    assert.equal(signFlipPValue(d), extreme / 2 ** d.length);
    assert.equal(signFlipRejects(d, 0.05), extreme / 2 ** d.length <= 0.05);
  });

  it('cannot reject with 5 rounds at 5 %, however clear they are; 6 rounds that agree can', () => {
    assert.equal(smallestPValue(5), 0.0625);
    assert.equal(signFlipPValue([1, 1.1, 0.9, 1.2, 1]), 0.0625);
    assert.equal(signFlipRejects([1, 1.1, 0.9, 1.2, 1], 0.05), false);
    assert.equal(signFlipPValue([1, 1.1, 0.9, 1.2, 1, 1.05]), 2 / 64);
    assert.equal(signFlipPValue([1, 1.1, -0.9, 1.2, 1, 1.05]) > 0.05, true);
  });

  it('gives the same p-value on every call past 16 rounds, where it samples (seeded)', () => {
    const d = rounds(7, 24, 0.1, 1.05).map(Math.log);
    assert.equal(signFlipPValue(d), signFlipPValue(d));
    assert.ok(signFlipPValue(d) >= 1 / 10_000);
  });

  it('its interval excludes 0 exactly when the test rejects', () => {
    for (let seed = 1; seed <= 30; seed += 1) {
      const d = rounds(seed, 9, 0.1, 1.06).map(Math.log);
      const interval = signFlipInterval(d, 0.05);
      assert.ok(interval);
      const excludesZero = interval[0] > 0 || interval[1] < 0;
      assert.equal(excludesZero, signFlipRejects(d, 0.05), `seed ${seed}: [${interval}] p=${signFlipPValue(d)}`);
    }
    assert.equal(signFlipInterval([0.1, 0.2, 0.1], 0.05), null, '3 rounds cannot bound it');
  });
});

describe('bench-runner: claims on synthetic rounds', () => {
  it('identical distributions: a difference is claimed in about 5 % of runs, not more', () => {
    const runs = 300;
    let claims = 0;
    for (let seed = 1; seed <= runs; seed += 1) {
      const kind = ratioVerdict(testRounds(rounds(seed, 11, 0.15))).kind;
      if (kind !== 'no-difference') claims += 1;
    }
    assert.ok(claims / runs <= 0.08, `${claims} of ${runs} runs claimed a difference`);
    assert.ok(claims > 0, 'a test that never rejects tests nothing');
  });

  it('a clear shift is claimed, with an interval around it', () => {
    const test = testRounds(rounds(3, 11, 0.05, 1.3));
    const verdict = ratioVerdict(test);
    assert.equal(verdict.kind, 'faster');
    assert.ok(verdict.factor !== null && Math.abs(verdict.factor - 1.3) < 0.05, `factor ${verdict.factor}`);
    assert.ok(verdict.ci && verdict.ci[0] > 1 && verdict.ci[0] < 1.3 && verdict.ci[1] > 1.3, `ci ${verdict.ci}`);
    assert.equal(ratioVerdict(testRounds(rounds(3, 11, 0.05, 1 / 1.3))).kind, 'slower');
  });

  it('a whole report of unchanged comparisons rarely claims anything once adjusted together', () => {
    const reports = 60;
    let withClaim = 0;
    for (let seed = 1; seed <= reports; seed += 1) {
      const tests = Array.from({ length: 11 }, (_, i) => testRounds(rounds(seed * 100 + i, 11, 0.2)));
      const level = { ratio: { rps: tests[0], rounds: { p50: tests[1], p99: tests[2] } }, routes: [0, 1, 2, 3].map((index) => ({ index, ratio: { p50: tests[3 + 2 * index], p99: tests[4 + 2 * index] } })) };
      const [run] = holdToFamily([{ levels: [level] }], 0.05);
      const all = [run.levels[0].ratio.rps, ...run.levels[0].routes.map((/** @type {any} */ r) => r.ratio.p50)];
      if (all.some((t) => ratioVerdict(t).kind !== 'no-difference')) withClaim += 1;
    }
    assert.ok(withClaim <= 6, `${withClaim} of ${reports} reports claimed a difference`);
  });
});

describe('bench-runner: detectable difference', () => {
  it('shrinks with more rounds and with less scatter', () => {
    const k = [6, 8, 11, 16, 30].map((n) => detectableInSpreads(n, 0.05));
    for (let i = 1; i < k.length; i += 1) assert.ok(/** @type {number} */ (k[i]) < /** @type {number} */ (k[i - 1]), `k = ${k}`);
    const wide = detectableRatio(rounds(5, 11, 0.2).map(Math.log), 0.05);
    const narrow = detectableRatio(rounds(5, 11, 0.05).map(Math.log), 0.05);
    assert.ok(wide !== null && narrow !== null && narrow < wide, `${narrow} < ${wide}`);
  });

  it('is none when the rounds are too few for the level asked', () => {
    assert.equal(detectableInSpreads(5, 0.05), null);
    assert.equal(detectableInSpreads(8, 0.05 / 11), null);
    assert.notEqual(detectableInSpreads(9, 0.05 / 11), null);
  });

  it('is a shift the test finds about 4 times in 5', () => {
    const sd = 0.1;
    const shift = Math.log(/** @type {number} */ (detectableRatio([-sd, sd, -sd, sd, -sd, sd, -sd, sd, -sd, sd].map((x) => x * Math.sqrt(0.9)), 0.05)));
    let found = 0;
    const normal = normalFrom(seededRandom(99));
    for (let run = 0; run < 400; run += 1) {
      const d = Array.from({ length: 10 }, () => shift + sd * normal());
      if (signFlipRejects(d, 0.05)) found += 1;
    }
    assert.ok(found / 400 > 0.72 && found / 400 < 0.88, `found ${found} of 400`);
  });
});

describe('bench-runner: many comparisons', () => {
  it('adjusts p-values by Benjamini–Hochberg, in the input order', () => {
    const q = adjustPValues([0.01, 0.04, 0.03, 0.2]);
    assert.deepEqual(q.map((x) => Number(x.toFixed(4))), [0.04, 0.0533, 0.0533, 0.2]);
  });

  it('annotates copies: the runs passed in keep their tests unchanged', () => {
    const test = testRounds(rounds(1, 11, 0.1));
    const runs = [{ levels: [{ ratio: { rps: test, rounds: { p50: test, p99: test } }, routes: [] }] }];
    const [held] = holdToFamily(runs, 0.05);
    assert.equal(held.levels[0].ratio.rps.family, 3);
    assert.equal(test.family, undefined);
  });
});
