/**
 * The words the reports put on numbers: "faster" only when the fix is faster, "N× slower" when it
 * is slower, "inconclusive" when the rounds' spread reaches across 1×, and "noisy host" when the
 * hypervisor stole CPU time or other programs were busy. Pure functions, made-up figures.
 */
import assert from 'node:assert/strict';
import { aggregateLevel, formatComparison, formatSummary, hostVerdict, ratioVerdict, renderHtml } from '../../index.js';
import { readStealTicks } from '../../processes/cpu-sampler.js';

describe('bench-runner: verdict wording', () => {
  it('says "1.10× slower" for a ratio below 1, never "0.91× faster"', () => {
    const v = ratioVerdict({ median: 1 / 1.1, spread: 0.02, n: 5 });
    assert.equal(v.kind, 'slower');
    assert.equal(v.text, '1.10× slower ±2.0%');
    assert.equal(ratioVerdict({ median: 1.48, spread: 0.011, n: 5 }).text, '1.48× faster ±1.1%');
  });

  it('says "inconclusive" when the spread covers 1×', () => {
    // The case: 0.87× ±19.2% on a shared host.
    const v = ratioVerdict({ median: 0.87, spread: 0.192, n: 5 });
    assert.equal(v.kind, 'inconclusive');
    assert.equal(v.text, 'inconclusive (0.87× ±19.2% covers 1×)');
    assert.equal(ratioVerdict({ median: 1.05, spread: 0.06, n: 3 }).kind, 'inconclusive');
    // Just outside: the whole band is above 1.
    assert.equal(ratioVerdict({ median: 1.1, spread: 0.05, n: 3 }).kind, 'faster');
  });

  it('a single round has no spread to judge by: the direction is still named', () => {
    assert.equal(ratioVerdict({ median: 0.5, spread: 0, n: 1 }).text, '2.00× slower');
    assert.equal(ratioVerdict({ median: 1.004, spread: 0, n: 1 }).kind, 'unchanged');
    assert.equal(ratioVerdict(null).text, 'n/a');
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
  const slices = [
    slice('before', 0, 30, 1.0),
    slice('after', 0, 10, 1.1),
    slice('before', 1, 31, 1.0),
    slice('after', 1, 10, 0.9),
    slice('before', 2, 29, 1.0),
    slice('after', 2, 11, 1.0),
  ];
  const level = { ...aggregateLevel(/** @type {any[]} */ (slices), { connections: 1, threadpoolSize: 4, cores: 2, ideal: { kind: 'none' } }), slices: [] };
  const finding = { file: 'routes/users.js', ruleId: 'unblock/no-await-waterfall', line: 9, column: 3, message: 'm' };
  const result = {
    machine: { cores: 2, cpuModel: 'Test CPU', node: 'v20', platform: 'linux-x64' },
    fixture: { name: 'app', title: 'App', entry: 'server.js', routes: ['GET /users/1', 'GET /health'] },
    settings: { rounds: 3, duration: 1, warmup: 0, maxOutsideLoad: 0.5 },
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
    runs: [{ threadpoolSize: 4, levels: [level] }],
    wallSeconds: 3,
  };

  it('aggregates each route apart: share, latency and per-round ratios', () => {
    assert.equal(level.routes.length, 2);
    const [slow, cheap] = level.routes;
    assert.equal(slow.before.share, 0.5);
    assert.equal(slow.before.latency.p50, 30);
    assert.equal(slow.after.latency.p50, 10);
    assert.equal(ratioVerdict(slow.ratio.p50).kind, 'faster');
    assert.equal(ratioVerdict(cheap.ratio.p50).kind, 'inconclusive');
  });

  it('prints a per-route table with a total, the findings per route and the noisy host', () => {
    const text = formatComparison(result);
    assert.match(text, /^host: noisy host: other programs used 1\.5 cores/m);
    assert.match(text, /^GET \/users\/1\s+1\s+50\.0 → 50\.0\s+50% → 50%\s+30\.0 → 10\.0\s+60\.0 → 20\.0\s+3\.00× faster/m);
    assert.match(text, /^GET \/health\s+0\s.*inconclusive \(1\.00× ±10\.1% covers 1×\)/m);
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
    assert.match(html, /<td data-label="route">GET \/users\/1<\/td><td data-label="findings its requests ran">routes\/users\.js:9 no-await-waterfall<\/td><td data-label="p50 ms">30\.0\u00a0→ 10\.0<\/td><td data-label="p50 after vs before">3\.00× faster ±7\.7%<\/td>/);
    assert.match(html, /<td data-label="route">GET \/health<\/td><td data-label="findings its requests ran">none<\/td>/);
    assert.match(html, /<p class="note">Noisy host: other programs used 1\.5 cores/);
  });
});
