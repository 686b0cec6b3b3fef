/**
 * What the printers say before a headline figure: a route the fix made slower, why a measured
 * gain exceeds the ideal, rows whose rounds disagree, and which Node ran the servers. Made-up
 * slices through the real aggregation, so the figures are the ones a run would give.
 */
import assert from 'node:assert/strict';
import { aggregateLevel, formatComparison, formatSummary, renderHtml } from '../../index.js';
import { idealExplanation, levelHeadline, noisyReason, runtimeLine, slowerRoutes } from '../../printers/caveats.js';
import { latencyHistogram } from '../../statistics/stats.js';

/**
 * One slice with two routes: GET /users (p50 `users`) and POST /login (p50 `login`).
 * @param {'before' | 'after'} variant @param {number} round @param {number} rps @param {number} users @param {number} login
 */
function slice(variant, round, rps, users, login, extra = {}) {
  const p50 = (users + login) / 2;
  return {
    variant,
    round,
    load: {
      rps,
      completed: rps,
      elapsed: 1,
      errors: 0,
      timeouts: 0,
      non2xx: 0,
      latency: { p50, p90: p50, p99: p50 * 2, max: p50 * 2, mean: p50, count: 10 },
      histogram: latencyHistogram([users, login]),
      cpuSeconds: 0.1,
      routes: [
        { rps: rps / 2, completed: rps / 2, latency: { p50: users, p99: users * 2 } },
        { rps: rps / 2, completed: rps / 2, latency: { p50: login, p99: login * 2 } },
      ],
    },
    server: { eventLoop: { p50: 1, p99: 5 }, utilization: 0.5, cpuSeconds: 0.5 },
    bystander: null,
    cpu: { machineCores: 1, ownCores: 1, outsideCores: 0 },
    noisy: false,
    repeats: 0,
    ...extra,
  };
}

/**
 * Nine rounds, the given ones repeated in turn (nine rounds that agree are enough for a claim).
 * @param {Array<[number, number, number, number, number, number]>} rounds per round: before rps, users, login; after rps, users, login
 * @param {import('../../fixture/fixture.js').IdealSpec} ideal
 * @param {number} [connections]
 */
function level(rounds, ideal, connections = 10) {
  return levelOf(Array.from({ length: 9 }, (_, i) => rounds[i % rounds.length]), ideal, connections);
}

/**
 * The level of exactly these rounds.
 * @param {Array<[number, number, number, number, number, number]>} rounds
 * @param {import('../../fixture/fixture.js').IdealSpec} ideal
 * @param {number} connections
 */
function levelOf(rounds, ideal, connections) {
  const slices = rounds.flatMap(([br, bu, bl, ar, au, al], round) => [slice('before', round, br, bu, bl), slice('after', round, ar, au, al)]);
  return { ...aggregateLevel(/** @type {any[]} */ (slices), { connections, threadpoolSize: 4, cores: 2, ideal }), slices: [] };
}

/** @param {any} lvl */
function result(lvl) {
  return {
    schema: 1,
    machine: { cores: 2, cpuModel: 'Test CPU', node: 'v20.20.2', platform: 'linux-x64', memoryGiB: 4 },
    fixture: { name: 'ts-app', title: 'T', description: '', seed: '', dir: '/x', entry: 'src/app.ts', routes: ['GET /users/7', 'POST /login'] },
    settings: { connections: [lvl.connections], duration: 1, rounds: 9, warmup: 0, threadpoolSizes: [4], rules: [], maxOutsideLoad: 0.5 },
    fix: { rulesApplied: ['unblock/no-blocking-sync-call'], rulesMissing: [], findings: [], unfixed: [], diff: '', files: [] },
    status: 'measured',
    runtime: { node: 'v22.23.3', execPath: '/opt/node22/bin/node', execArgv: [], typescript: 'strip', note: "the runner's Node (v20.20.2) cannot strip types" },
    equivalence: { equal: true, requests: 2, differences: [] },
    routes: null,
    host: null,
    runs: [{ threadpoolSize: 4, levels: [lvl] }],
    wallSeconds: 9,
  };
}

// The login got 1.6× slower in every round while the whole load got 1.5× faster (the bcryptjs case).
const slowerLogin = level(
  [
    [100, 40, 100, 150, 10, 160],
    [100, 40, 100, 152, 10, 158],
    [100, 40, 100, 148, 10, 162],
  ],
  { kind: 'offload' },
);

describe('bench-runner: what is said before the headline', () => {
  it('names a route the fix made slower before the overall gain, in the terminal, summary and HTML', () => {
    assert.deepEqual(slowerRoutes(slowerLogin, result(slowerLogin)), ['POST /login got 1.60× slower (p50 100 → 160 ms)']);
    assert.match(levelHeadline(slowerLogin, result(slowerLogin)), /^POST \/login got 1\.60× slower \(p50 100 → 160 ms\); all routes together: 1\.50× faster/);
    const text = formatComparison(result(slowerLogin), { diff: false });
    assert.ok(text.indexOf('POST /login got 1.60× slower') < text.indexOf('1.50× faster'), 'the slower route comes first');
    assert.match(formatSummary([{ fixture: 'x', result: result(slowerLogin) }]), /POST \/login got 1\.60× slower .*; all routes together: 1\.50× faster/);
    assert.match(renderHtml([{ fixture: 'x', result: result(slowerLogin) }]), /<h3>10 connections, UV_THREADPOOL_SIZE=4: POST \/login got 1\.60× slower/);
  });

  it('names no route when none got slower, or the rounds disagree', () => {
    const mixed = level(
      [
        [100, 40, 100, 150, 10, 90],
        [100, 40, 100, 150, 10, 110],
      ],
      { kind: 'offload' },
    );
    assert.deepEqual(slowerRoutes(mixed, result(mixed)), []);
    assert.match(levelHeadline(mixed, result(mixed)), /^1\.50× faster \(95% CI/);
  });

  it('explains a measured gain above the ideal: what the model assumes, and what it does not count', () => {
    // One connection: moving the work off the event loop runs it no faster, so the ideal is 1.00×.
    const oneConnection = level(
      [
        [100, 10, 10, 134, 7, 7],
        [100, 10, 10, 135, 7, 7],
        [100, 10, 10, 133, 7, 7],
      ],
      { kind: 'offload' },
      1,
    );
    const why = idealExplanation(oneConnection);
    assert.match(String(why), /^measured 1\.34× is more than the ideal 1\.00×: the ideal assumes the fix does the same work per request and only lets more of it run at once \(1 JS thread → min\(1 connection, pool 4, 2 cores\) = 1 thread\); a larger gain means each request also got cheaper/);
    assert.match(formatComparison(result(oneConnection)), /1 conn: ideal gain 1\.00×: the model expects no gain \(.*\); measured 1\.34× is more than the ideal/);
    assert.match(formatSummary([{ fixture: 'x', result: result(oneConnection) }]), /1\.00× \(no gain expected; measured more, see the report\)/);
    // Within the ideal: nothing to explain.
    assert.equal(idealExplanation(slowerLogin), null);
  });

  it('marks rows whose rounds disagree, with the reason, in the HTML summary', () => {
    const wide = level(
      [
        [100, 10, 10, 120, 9, 9],
        [100, 10, 10, 180, 9, 9],
        [100, 10, 10, 150, 9, 9],
      ],
      { kind: 'none' },
    );
    assert.equal(noisyReason(wide), 'the rounds disagree by ±20%');
    assert.equal(noisyReason(slowerLogin), null);
    // Three rounds cannot show any difference: the row says so.
    const three = levelOf([[100, 10, 10, 150, 9, 9], [100, 10, 10, 151, 9, 9], [100, 10, 10, 149, 9, 9]], { kind: 'none' }, 10);
    assert.equal(noisyReason(three), 'too few rounds to show a difference');
    const html = renderHtml([{ fixture: 'a', result: result(wide) }, { fixture: 'b', result: { ...result(slowerLogin), fixture: { ...result(slowerLogin).fixture, name: 'steady' } } }]);
    assert.match(html, /<tr class="noisy"><td data-label="fixture">ts-app <span class="mark" title="the rounds disagree by ±20%">⚠ noisy<\/span>/);
    assert.match(html, /<tr><td data-label="fixture">steady<\/td>/);
    assert.match(html, /⚠ noisy<\/span>: the rounds of that row disagree/);
  });

  it('says which Node ran the servers, and why it is not the runner\'s own', () => {
    const line = "servers: Node v22.23.3 (/opt/node22/bin/node), TypeScript run by type stripping; the runner's Node (v20.20.2) cannot strip types";
    assert.equal(runtimeLine(result(slowerLogin)), line);
    assert.ok(formatComparison(result(slowerLogin)).includes(line));
    assert.ok(renderHtml([{ fixture: 'x', result: result(slowerLogin) }]).includes('Servers: Node v22.23.3 (/opt/node22/bin/node), TypeScript run by type stripping; the runner&#39;s Node'));
  });

  it('lays the tables out as cards in a half-width panel', () => {
    const html = renderHtml([{ fixture: 'x', result: result(slowerLogin) }]);
    assert.match(html, /@media \(max-width:640px\)\{[^]*table\.summary td::before\{content:attr\(data-label\)/);
    assert.match(html, /svg\{max-width:100%;height:auto\}/);
  });
});
