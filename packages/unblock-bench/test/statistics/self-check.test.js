/**
 * The A/A self-check's finding from a report's tests: which comparisons claimed a difference
 * (all of them false, since both servers ran the same code), named by route, and what each could
 * have detected. Made-up rounds, no timing.
 */
import assert from 'node:assert/strict';
import { selfCheck } from '../../statistics/self-check.js';
import { holdToFamily } from '../../statistics/family.js';
import { testRounds } from '../../statistics/round-test.js';
import { selfCheckLines } from '../../printers/self-check.js';

// Twelve rounds that scatter around 1× (noise), and twelve that all say "1.5× slower".
const noise = testRounds([1.02, 0.97, 1.05, 0.99, 0.94, 1.03, 1.01, 0.98, 1.06, 0.96, 1.0, 1.02]);
const shifted = testRounds([0.66, 0.68, 0.65, 0.67, 0.7, 0.64, 0.66, 0.67, 0.69, 0.65, 0.66, 0.68]);

/** @param {any} routeP50 the test of the first route's p50 */
function report(routeP50) {
  const level = {
    connections: 10,
    ratio: { rps: noise, rounds: { p50: noise, p99: noise } },
    routes: [0, 1].map((index) => ({ index, ratio: { p50: index === 0 ? routeP50 : noise, p99: noise } })),
  };
  return holdToFamily([{ threadpoolSize: 4, levels: [level] }], 0.05);
}

describe('bench-runner: A/A self-check', () => {
  it('claims nothing when every comparison is noise, and says what each could have detected', () => {
    const check = selfCheck(report(noise), ['GET /users/1', 'POST /session']);
    assert.equal(check.comparisons, 7);
    assert.equal(check.claims, 0);
    const items = check.levels[0].items;
    assert.deepEqual(items.map((i) => i.what), ['req/s', 'p50 latency', 'p99 latency', 'GET /users/1 p50 latency', 'GET /users/1 p99 latency', 'POST /session p50 latency', 'POST /session p99 latency']);
    for (const item of items) assert.match(item.detectableText, /^could detect ≥ \d+(\.\d)?%$/);
    const lines = selfCheckLines(check);
    assert.match(lines[0], /none of the 7 comparisons claimed a difference/);
    assert.match(lines.join('\n'), /^ {4}GET \/users\/1 p50 latency\s+no difference claimed, could detect ≥ \d/m);
  });

  it('reports a difference it claimed between the same code as a false claim', () => {
    const check = selfCheck(report(shifted), ['GET /users/1', 'POST /session']);
    assert.equal(check.claims, 1);
    const claimed = check.levels[0].items.filter((i) => i.claimed);
    assert.deepEqual(claimed.map((i) => i.what), ['GET /users/1 p50 latency']);
    assert.match(claimed[0].verdict, /^1\.50× slower \(95% CI/);
    const text = selfCheckLines(check).join('\n');
    assert.match(text, /yet 1 of 7 comparisons claimed a difference/);
    assert.match(text, /GET \/users\/1 p50 latency\s+FALSE CLAIM: 1\.50× slower/);
  });
});
