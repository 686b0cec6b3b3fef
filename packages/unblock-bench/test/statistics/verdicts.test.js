/**
 * The words the reports put on numbers: "N× faster" or "N× slower" only when the rounds' test
 * rejects "no difference", "no difference detected (could detect ≥ X%)" otherwise, and "noisy
 * host" when the hypervisor stole CPU time or other programs were busy. Pure functions, made-up
 * figures.
 */
import assert from 'node:assert/strict';
import { aggregateLevel, formatComparison, formatSummary, hostVerdict, ratioVerdict, renderHtml } from '../../index.js';
import { testRounds } from '../../statistics/round-test.js';
import { holdToFamily } from '../../statistics/family.js';
import { readStealTicks } from '../../processes/cpu-sampler.js';

describe('bench-runner: verdict wording', () => {
  // Ten rounds around a ratio, scattered by ±jitter (alternating, so the rounds agree on the direction when jitter is small).
  const around = (/** @type {number} */ ratio, /** @type {number} */ jitter, n = 10) => testRounds(Array.from({ length: n }, (_, i) => ratio * (1 + (i % 2 ? jitter : -jitter) * (1 + i / n))));

  it('says "1.10× slower" for a ratio below 1, never "0.91× faster", with its confidence interval', () => {
    const v = ratioVerdict(around(1 / 1.1, 0.02));
    assert.equal(v.kind, 'slower');
    assert.match(v.text, /^1\.10× slower \(95% CI 1\.0\d–1\.1\d×\)$/);
    assert.ok(v.ci && v.ci[0] < 1.1 && v.ci[1] > 1.1 && v.ci[0] > 1);
    assert.match(ratioVerdict(around(1.48, 0.011)).text, /^1\.48× faster \(95% CI 1\.4\d–1\.\d\d×\)$/);
  });

  it('says "no difference detected" with the smallest difference the run could detect when the test does not reject', () => {
    // The case: 0.87× ±19.2% on a shared host.
    const v = ratioVerdict(around(0.87, 0.192));
    assert.equal(v.kind, 'no-difference');
    assert.match(v.text, /^no difference detected \(could detect ≥ \d+%\)$/);
    assert.equal(v.factor, null);
    // Rounds that scatter less could have seen a smaller difference.
    const calmer = ratioVerdict(around(1.0, 0.05));
    assert.ok(/** @type {number} */ (calmer.detectable) < /** @type {number} */ (v.detectable));
  });

  it('claims nothing from too few rounds, and says how many it would need', () => {
    const five = ratioVerdict(testRounds([2, 2.1, 1.9, 2.05, 2]));
    assert.equal(five.kind, 'no-difference');
    assert.equal(five.text, 'no difference detected (5 rounds cannot show one; needs ≥ 6)');
    assert.equal(ratioVerdict(testRounds([0.5])).text, 'no difference detected (1 round cannot show one; needs ≥ 6)');
    // Alone, 8 rounds that agree are a claim; among 11 comparisons a lone difference must reach
    // p ≤ 0.05 / 11, which takes 9 rounds.
    const eight = testRounds([2, 2.1, 1.9, 2.05, 2, 2, 2.1, 1.95]);
    assert.equal(ratioVerdict(eight).kind, 'faster');
    const flat = testRounds([1, 1, 1, 1, 1, 1, 1, 1]);
    const level = { ratio: { rps: eight, rounds: { p50: flat, p99: flat } }, routes: [0, 1, 2, 3].map((index) => ({ index, ratio: { p50: flat, p99: flat } })) };
    const [run] = holdToFamily([{ levels: [level] }], 0.05);
    assert.equal(ratioVerdict(run.levels[0].ratio.rps).text, 'no difference detected (8 rounds cannot show one; needs ≥ 9)');
    assert.equal(ratioVerdict(null).text, 'n/a');
    assert.equal(ratioVerdict(/** @type {any} */ ({ median: 1.4, spread: 0.01, n: 5 })).kind, 'unknown', 'a result saved without a test');
  });

  it('calls the host noisy when the hypervisor steals CPU time', () => {
    const slices = [0.12, 0.1, 0.14].map((stealShare) => ({ cpu: { outsideCores: 0.1, stealShare } }));
    const host = hostVerdict(slices, { maxOutsideLoad: 0.5, maxSteal: 0.05 });
    assert.equal(host.noisy, true);
    assert.match(host.text, /^noisy host: 12% of the CPU time was stolen by the hypervisor during the run/);
  });

  it('calls the host noisy when other programs keep the CPU busy, and quiet otherwise', () => {
    const busy = hostVerdict([0.9, 1.3, 1.1].map((outsideCores) => ({ cpu: { outsideCores, stealShare: 0 } })), { maxOutsideLoad: 0.5, maxSteal: 0.05 });
    assert.equal(busy.noisy, true);
    assert.match(busy.text, /^noisy host: other programs used 1\.1 cores during the run/);
    assert.match(busy.text, /at most 1\.3/);
    const quiet = hostVerdict([{ cpu: { outsideCores: 0.1, stealShare: null } }], { maxOutsideLoad: 0.5, maxSteal: 0.05 });
    assert.equal(quiet.noisy, false);
    assert.equal(quiet.text, 'quiet host: steal not measured, other programs 0.1 cores (median per slice, at most 0.1)');
  });

  it('reads the steal ticks from /proc/stat', () => {
    assert.deepEqual(readStealTicks('cpu  100 5 50 800 10 0 5 30 0 0\ncpu0 1 2 3 4 5 6 7 8 9 10\n'), { total: 1000, steal: 30 });
    assert.equal(readStealTicks('intr 1 2 3\n'), null);
  });
});

/**
 * One slice with two routes: a slow route the fix speeds up and a cheap one it leaves alone.
 * @param {'before' | 'after'} variant
 * @param {number} round
 * @param {number} slowMs
 * @param {number} cheapMs
 */
function slice(variant, round, slowMs, cheapMs) {
  const route = (/** @type {number} */ p50, /** @type {number} */ completed) => ({ completed, rps: completed / 2, latency: { p50, p90: p50, p99: p50 * 2, max: p50 * 2, mean: p50, count: completed } });
  return {
    variant,
    round,
    load: {
      rps: 100,
      completed: 200,
      elapsed: 2,
      errors: 0,
      timeouts: 0,
      non2xx: 0,
      latency: { p50: (slowMs + cheapMs) / 2, p90: slowMs, p99: slowMs * 2, max: slowMs * 2, mean: slowMs, count: 200 },
      histogram: [],
      cpuSeconds: 0.1,
      routes: [route(slowMs, 100), route(cheapMs, 100)],
    },
    server: { eventLoop: { p50: 0.1, p99: 1 }, utilization: 0.2, cpuSeconds: 0.2 },
    bystander: null,
    cpu: { machineCores: 1.9, ownCores: 0.4, outsideCores: 1.5, stealShare: 0.01 },
    noisy: true,
    repeats: 0,
  };
}

describe('bench-runner: per-route report', () => {
  // Ten rounds: the slow route goes from about 30 to 10 ms, the cheap one stays at about 1 ms.
  const slices = Array.from({ length: 10 }, (_, round) => {
    const wobble = round % 2 ? 1 : -1;
    return [slice('before', round, 30 + wobble * (round % 3), 1.0), slice('after', round, 10, 1.0 + wobble * 0.1)];
  }).flat();
  const level = { ...aggregateLevel(/** @type {any[]} */ (slices), { connections: 1, threadpoolSize: 4, cores: 2, ideal: { kind: 'none' } }), slices: [] };
  const finding = { file: 'routes/users.js', ruleId: 'unblock/no-await-waterfall', line: 9, column: 3, message: 'm' };
  const result = {
    machine: { cores: 2, cpuModel: 'Test CPU', node: 'v20', platform: 'linux-x64' },
    fixture: { name: 'app', title: 'App', entry: 'server.js', routes: ['GET /users/1', 'GET /health'] },
    settings: { rounds: 10, duration: 1, warmup: 0, maxOutsideLoad: 0.5 },
    fix: {
      rulesApplied: ['unblock/no-await-waterfall'],
      rulesMissing: [],
      findings: [finding],
      unfixed: [],
      diff: '',
      files: [
        { file: 'server.js', changed: false, findings: [], unfixed: [], diff: '' },
        { file: 'routes/users.js', changed: true, findings: [finding], unfixed: [], diff: '' },
      ],
    },
    status: 'measured',
    equivalence: { equal: true, requests: 2, differences: [] },
    routes: { findings: [{ route: 'GET /users/1', findings: [finding] }, { route: 'GET /health', findings: [] }], error: null },
    host: hostVerdict(slices, { maxOutsideLoad: 0.5, maxSteal: 0.05 }),
    runs: holdToFamily([{ threadpoolSize: 4, levels: [level] }], 0.05),
    wallSeconds: 3,
  };

  it('aggregates each route apart: share, latency and per-round ratios', () => {
    assert.equal(level.routes.length, 2);
    const [slow, cheap] = level.routes;
    assert.equal(slow.before.share, 0.5);
    assert.equal(slow.before.latency.p50, 30);
    assert.equal(slow.after.latency.p50, 10);
    assert.equal(ratioVerdict(slow.ratio.p50).kind, 'faster');
    assert.equal(ratioVerdict(cheap.ratio.p50).kind, 'no-difference');
  });

  it('prints a per-route table with a total, the findings per route and the noisy host', () => {
    const text = formatComparison(result);
    assert.match(text, /^host: noisy host: other programs used 1\.5 cores/m);
    assert.match(text, /^GET \/users\/1\s+1\s+50\.0 → 50\.0\s+50% → 50%\s+30\.0 → 10\.0\s+60\.0 → 20\.0\s+2\.99× faster \(95% CI 2\.9\d–3\.\d\d×\)/m);
    assert.match(text, /^GET \/health\s+0\s.*no difference detected \(could detect ≥ \d+%\)/m);
    assert.match(text, /^ {2}verdicts: a sign-flip test on the 10 rounds' after\/before ratios; the report's 7 comparisons together hold false claims to 5%/m);
    assert.match(text, /^total \(all routes\)\s+1\s+100 → 100\s+100%/m);
    assert.match(text, /^ {2}GET \/users\/1: routes\/users\.js:9 no-await-waterfall$/m);
    assert.match(text, /^ {2}GET \/health: none$/m);
    assert.match(text, /^ {2}routes\/users\.js\s+1 finding, fixed$/m);
    assert.match(text, /^ {2}server\.js\s+no finding$/m);
    assert.match(formatSummary([{ fixture: 'app', result }]), /\[noisy host\]/);
  });

  it('puts the same per-route table and host verdict in the HTML report', () => {
    const html = renderHtml([{ fixture: 'app', result }]);
    assert.match(html, /<th>findings its requests ran<\/th>/);
    assert.match(html, /<td data-label="route">GET \/users\/1<\/td><td data-label="findings its requests ran">routes\/users\.js:9 no-await-waterfall<\/td><td data-label="p50 ms">30\.0\u00a0→ 10\.0<\/td><td data-label="p50 after vs before">2\.99× faster \(95% CI 2\.9\d–3\.\d\d×\)<\/td>/);
    assert.match(html, /<td data-label="p50 after vs before">no difference detected \(could detect ≥ \d+%\)<\/td>/);
    assert.match(html, /<td data-label="route">GET \/health<\/td><td data-label="findings its requests ran">none<\/td>/);
    assert.match(html, /<p class="note">Noisy host: other programs used 1\.5 cores/);
  });
});
