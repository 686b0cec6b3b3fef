import assert from 'node:assert/strict';
import {
  aggregateLevel,
  boundResource,
  formatComparison,
  formatJson,
  formatSummary,
  fractionOfIdeal,
  idealGain,
  renderHtml,
} from '../../index.js';
import { latencyHistogram, percentile, summarize } from '../../statistics/stats.js';
import { niceTicks } from '../../printers/svg.js';

/**
 * A measured slice as the runner records it, with made-up figures.
 * @param {'before' | 'after'} variant
 * @param {number} round
 * @param {number} rps
 * @param {number} p50
 */
function slice(variant, round, rps, p50, extra = {}) {
  const latencies = [p50 * 0.9, p50, p50, p50 * 1.1, p50 * 3];
  return {
    variant,
    round,
    load: {
      rps,
      completed: rps * 2,
      elapsed: 2,
      errors: 0,
      timeouts: variant === 'before' ? 1 : 0,
      non2xx: 0,
      latency: { p50, p90: p50 * 1.1, p99: p50 * 3, max: p50 * 3, mean: p50, count: 5 },
      histogram: latencyHistogram(latencies),
      cpuSeconds: 0.2,
    },
    server: { eventLoop: { p50: 0.1, p99: variant === 'before' ? 40 : 2 }, utilization: 0.3, cpuSeconds: 0.6 },
    bystander: { p50: variant === 'before' ? 30 : 0.4, p99: variant === 'before' ? 60 : 1.2, max: 70, count: 50, failures: 0 },
    cpu: { machineCores: 0.6, ownCores: 0.5, outsideCores: 0.1 },
    noisy: false,
    repeats: 0,
    ...extra,
  };
}

function levelFixture() {
  // Nine rounds: three figures, each three times (enough rounds for the test to name the gain).
  const figures = [
    [100, 60, 500, 12],
    [110, 55, 520, 11],
    [90, 65, 470, 13],
  ];
  const slices = Array.from({ length: 9 }, (_, round) => {
    const [brps, bp50, arps, ap50] = figures[round % 3];
    return [slice('before', round, brps, bp50), slice('after', round, arps, ap50, round === 2 ? { noisy: true, repeats: 1 } : {})];
  }).flat();
  return aggregateLevel(/** @type {any[]} */ (slices), { connections: 10, threadpoolSize: 4, cores: 2, ideal: { kind: 'parallel-io', before: 6, after: 1 } });
}

function resultFixture() {
  const level = { ...levelFixture(), slices: [] };
  return {
    schema: 1,
    tool: { name: 'unblock-bench', version: '0.0.0' },
    startedAt: '2026-01-01T00:00:00.000Z',
    machine: { cores: 2, cpuModel: 'Test CPU', node: 'v20.20.2', platform: 'linux-x64', memoryGiB: 4 },
    fixture: { name: 'io-demo', title: 'Demo <fixture>', description: 'd', seed: 's', dir: '/x', entry: 'server.js' },
    settings: { connections: [10], duration: 2, rounds: 9, warmup: 1, threadpoolSizes: [4], rules: [], maxOutsideLoad: 0.5 },
    fix: { rulesApplied: ['unblock/no-await-waterfall'], rulesMissing: [], findings: [{ ruleId: 'unblock/no-await-waterfall', line: 3, column: 1, message: 'm' }], unfixed: [], diff: '--- before/server.js\n+++ after/server.js\n-old\n+new\n' },
    status: 'measured',
    equivalence: { equal: true, requests: 2, differences: [] },
    runs: [{ threadpoolSize: 4, levels: [level] }],
    wallSeconds: 41.2,
  };
}

describe('bench-runner: statistics and aggregation', () => {
  it('computes percentiles by interpolation and the median with its half-range spread', () => {
    assert.equal(percentile([1, 2, 3, 4], 50), 2.5);
    assert.equal(percentile([5], 99), 5);
    assert.equal(percentile([], 50), null);
    const s = summarize([4, 5, 6]);
    assert.equal(s.median, 5);
    assert.equal(s.spread, 0.2);
  });

  it('pairs rounds, takes medians and the ratio per pair', () => {
    const level = levelFixture();
    assert.equal(level.before.rps.median, 100);
    assert.equal(level.after.rps.median, 500);
    // ratios per round: 5, 520/110, 470/90 (three times each) → median 5
    assert.equal(level.ratio.rps.median, 5);
    assert.equal(level.ratio.rps.n, 9);
    assert.ok(level.ratio.rps.spread > 0);
    assert.equal(level.before.latency.p50, 60);
    assert.equal(level.after.latency.p50, 12);
    assert.equal(level.ratio.p50, 5);
    assert.equal(level.before.eventLoop.p99, 40);
    assert.equal(level.after.bystander.p50, 0.4);
    assert.equal(level.before.timeouts, 9);
    assert.deepEqual(level.after.rpsPerRound, [500, 520, 470, 500, 520, 470, 500, 520, 470]);
    assert.equal(level.noisySlices, 1);
    assert.equal(level.repeatedSlices, 1);
    assert.equal(level.after.histogram.reduce((a, b) => a + b, 0), 45);
    // Nine rounds that all agree: the gain is named, with its interval and p-value.
    assert.equal(level.ratio.rps.p, 2 / 512);
    assert.ok(level.ratio.rps.ci[0] > 4.7 && level.ratio.rps.ci[1] < 5.3);
  });

  it('predicts the ideal gain the issue names', () => {
    assert.equal(idealGain({ kind: 'parallel-threadpool', tasks: 6 }, { connections: 1, threadpoolSize: 4, cores: 2 }).gain, 2);
    assert.equal(idealGain({ kind: 'parallel-threadpool', tasks: 6 }, { connections: 1, threadpoolSize: 4, cores: 8 }).gain, 4);
    assert.equal(idealGain({ kind: 'parallel-threadpool', tasks: 6 }, { connections: 10, threadpoolSize: 4, cores: 2 }).gain, 1);
    assert.equal(idealGain({ kind: 'parallel-io', before: 6, after: 1 }, { connections: 10, threadpoolSize: 4, cores: 2 }).gain, 6);
    assert.equal(idealGain({ kind: 'offload' }, { connections: 1, threadpoolSize: 4, cores: 2 }).gain, 1);
    assert.equal(idealGain({ kind: 'offload' }, { connections: 10, threadpoolSize: 4, cores: 2 }).gain, 2);
    assert.equal(idealGain({ kind: 'none' }, { connections: 1, threadpoolSize: 4, cores: 2 }).gain, null);
    assert.equal(fractionOfIdeal(5, 6), 0.8);
    assert.equal(fractionOfIdeal(1.02, 1), null);
  });

  it('names the resource that bounds a measurement, with the figure', () => {
    const ctx = { cores: 2, threadpoolSize: 4, connections: 10 };
    assert.equal(boundResource({ ownCores: 1.9, serverCores: 1.5, utilization: 0.5 }, ctx), 'CPU (1.9 of 2 cores busy, load generator included)');
    assert.equal(boundResource({ ownCores: 1.2, serverCores: 1, utilization: 0.95 }, ctx), 'event loop (busy 95% of the time)');
    assert.match(boundResource({ ownCores: 0.3, serverCores: 0.2, utilization: 0.1 }, ctx), /^waiting \(10 connections/);
    assert.equal(boundResource({ ownCores: 1.1, serverCores: 1, utilization: 0.5, machineCores: 1.96 }, ctx), 'CPU (2.0 of 2 cores busy, 0.9 of them by other programs)');
    assert.match(boundResource({ ownCores: 0.3, serverCores: 0.2, utilization: 0.1, machineCores: 1.2 }, ctx), /^waiting/);
    assert.equal(boundResource({ ownCores: 1.1, serverCores: 1.05, utilization: 0.1 }, { ...ctx, threadpoolSize: 1 }), 'thread pool (all 1 threads busy)');
  });
});

describe('bench-runner: printers', () => {
  it('says why the bystander\'s latency is n/a: no probe got a 2xx answer, and what each got', () => {
    const notFound = { p50: null, p99: null, max: null, count: 0, failures: 40, failure: 'answered 404' };
    const slices = ['before', 'after'].flatMap((variant) => [0, 1].map((round) => slice(/** @type {any} */ (variant), round, 100, 10, { bystander: notFound })));
    const level = aggregateLevel(/** @type {any[]} */ (slices), { connections: 1, threadpoolSize: 4, cores: 2, ideal: { kind: 'parallel-io', before: 2, after: 1 } });
    assert.deepEqual(level.before.bystander, { p50: null, p99: null, answered: 0, failures: 80, failure: 'answered 404' });
    const result = resultFixture();
    result.fixture = { ...result.fixture, bystander: 'GET /healthz' };
    result.runs = [{ threadpoolSize: 4, levels: [{ ...level, slices: [] }] }];
    const text = formatComparison(result);
    assert.match(text, /bystander p50\/p99 ms\s+n\/a \/ n\/a\s+n\/a \/ n\/a$/m);
    assert.match(
      text,
      /^ {2}1 conn: bystander GET \/healthz latency n\/a: no probe got a 2xx answer \(before: answered 404 to 80 probes; after: answered 404 to 80 probes\); "bystander" should name a cheap route that answers 2xx$/m,
    );
    assert.doesNotMatch(formatComparison(resultFixture()), /bystander .*latency n\/a/, 'no note when the bystander answered');
  });

  it('prints a per-fixture table with ratio, spread, bound and ideal', () => {
    const text = formatComparison(resultFixture());
    assert.match(text, /^io-demo — Demo <fixture>/);
    assert.match(text, /machine: 2 cores \(Test CPU\), Node v20\.20\.2/);
    assert.match(text, /req\/s\s+100 ±\S+\s+500 ±\S+\s+4\.98× faster \(95% CI 4\.\d\d–5\.\d\d×\)/);
    assert.match(text, /bystander p50\/p99 ms\s+30\.0 \/ 60\.0\s+0\.40 \/ 1\.2$/m);
    assert.match(text, /10 conn: ideal gain 6\.00× .*reached 80% of it/);
    assert.match(text, /10 conn: 1 slice ran while other programs used more than 0\.5 cores/);
    assert.doesNotMatch(text, /\(s\)/, 'counted nouns, not "finding(s)"');
    assert.match(text, /^\+new$/m, 'diff included by default');
    assert.doesNotMatch(formatComparison(resultFixture(), { diff: false }), /^\+new$/m);
  });

  it('ends the fix line on what it says: the rules only when it has findings to name them by', () => {
    const result = resultFixture();
    assert.match(formatComparison(result), /^fix: 1 finding by unblock\/no-await-waterfall$/m);
    const files = [{ file: 'server.js', changed: true, findings: [], unfixed: [] }, { file: 'db.js', changed: false, findings: [], unfixed: [] }];
    const unnamed = { ...result, fix: { ...result.fix, findings: [], files } };
    const text = formatComparison(unnamed);
    assert.match(text, /^fix: 0 findings in 1 of 2 project files$/m);
    assert.doesNotMatch(text, / by $/m);
  });

  it('says what was not measured and why for a fixture the rules leave alone, and names an expected negative control', () => {
    const fix = { ...resultFixture().fix, findings: [], files: [{ file: 'server.js' }, { file: 'db.js' }], unresolved: [{ file: 'server.js', specifier: './routes/users.js' }] };
    const result = { ...resultFixture(), fix, status: 'nothing-to-fix', runs: [], equivalence: null, wallSeconds: 0.1 };
    assert.match(
      formatComparison(result),
      /^not measured: unblock\/no-await-waterfall found nothing to change in server\.js and the 1 file it imports; 1 relative import led to no file the rules could read \(\.\/routes\/users\.js in server\.js\), so there is no "after" to compare\.$/m,
    );
    assert.match(formatSummary([{ fixture: 'x', result }]), /not measured: nothing to fix/);
    const control = { ...result, expected: true };
    assert.match(formatComparison(control), /^nothing to fix, as this negative control expects: .*; not benchmarked\.$/m);
    assert.match(formatSummary([{ fixture: 'x', result: control }]), /nothing to fix, as expected \(negative control\)/);
    // Findings with no rewrite are named, not called "nothing".
    const reportOnly = { ...result, fix: { ...fix, unresolved: [], findings: [{ file: 'login.ts', ruleId: 'unblock/no-blocking-sync-call', line: 12, column: 5, message: 'm' }] } };
    assert.match(formatComparison(reportOnly), /not measured: unblock\/no-await-waterfall reported 1 finding in server\.js and the 1 file it imports but offer no rewrite for it \(login\.ts:12 no-blocking-sync-call\)/);
  });

  it('prints one summary table for many fixtures, errors included', () => {
    const text = formatSummary([
      { fixture: 'fixtures/io-demo', result: resultFixture() },
      { fixture: 'fixtures/broken', error: { message: 'the before server crashed: boom' } },
    ]);
    assert.match(text, /^machine: 2 cores/);
    assert.match(text, /io-demo\s+4\s+10\s+100 → 500\s+4\.98× faster \(95% CI \S+\)\s+60\.0 → 12\.0/);
    assert.match(text, /6\.00× \(80%\)/);
    assert.match(text, /fixtures\/broken .*error: the before server crashed: boom/);
    const md = formatSummary([{ fixture: 'x', result: resultFixture() }], { markdown: true });
    assert.match(md, /^\| fixture\s+\| pool \|/m);
  });

  it('puts chart ticks on steps of 1, 2 or 5 times a power of ten', () => {
    assert.deepEqual(niceTicks(0, 1.1), [0, 0.5, 1, 1.5]);
    assert.deepEqual(niceTicks(0, 453), [0, 100, 200, 300, 400, 500]);
    assert.deepEqual(niceTicks(0, 0.37), [0, 0.1, 0.2, 0.3, 0.4]);
    assert.deepEqual(niceTicks(1, 5), [1, 2, 3, 4, 5]);
  });

  it('writes JSON that round-trips', () => {
    const parsed = JSON.parse(formatJson([{ fixture: 'x', result: resultFixture() }]));
    assert.equal(parsed.format, 'unblock-bench/1');
    assert.equal(parsed.entries[0].result.runs[0].levels[0].ratio.rps.median, 5);
  });

  it('renders a self-contained HTML page with the four charts and escaped text', () => {
    const html = renderHtml([{ fixture: 'x', result: resultFixture() }]);
    assert.match(html, /^<!doctype html>/);
    assert.equal((html.match(/<svg /g) ?? []).length, 4);
    for (const title of ['Latency distribution', 'Requests per second, each round', 'Event-loop delay', 'Bystander route latency under load']) {
      assert.ok(html.includes(`>${title}</text>`), title);
    }
    assert.ok(html.includes('Demo &lt;fixture&gt;'));
    // Words for users, not for us.
    assert.doesNotMatch(html, /\(s\)|Seed experiment|Before = /);
    assert.match(html, /The fix: 1 finding/);
    assert.match(html, /<h3>10 connections, UV_THREADPOOL_SIZE=4: 4\.98× faster \(95% CI 4\.\d\d–5\.\d\d×\) \(req\/s 100 → 500\)<\/h3>/);
    // Round axis labels only: 0, 0.5, 1, 1.5 — never 0.38 or 1.1.
    const labels = [...html.matchAll(/text-anchor="end" font-size="10">([^<]+)</g)].map((m) => Number(m[1]));
    /** A whole multiple of 1, 2 or 5 times the power of ten just below it (so 1.5 = 3 × 0.5 is round, 1.1 and 0.38 are not). */
    const isRound = (/** @type {number} */ x) =>
      x === 0 || [1, 2, 5].some((f) => {
        const units = x / (f * 10 ** Math.floor(Math.log10(x / f)));
        return Math.abs(units - Math.round(units)) < 1e-9;
      });
    assert.ok(labels.length > 0 && labels.every(isRound), `labels: ${labels.join(' ')}`);
    assert.doesNotMatch(html, /<script|https?:\/\/(?!www\.w3\.org)/, 'nothing fetched or run at view time');
  });
});
