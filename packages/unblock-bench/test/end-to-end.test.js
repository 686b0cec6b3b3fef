import assert from 'node:assert/strict';
import path from 'node:path';
import { formatComparison, renderHtml, runComparison } from '../index.js';
import { FIXTURES, REPO, childPids } from './helpers.js';

describe('bench-runner: one real comparison end to end', function () {
  this.timeout(30000);

  it('fixes, checks, loads both variants and reports the whole structure', async () => {
    const baseline = childPids();
    /** @type {string[]} */
    const phases = [];
    const result = await runComparison(
      { fixture: path.join(FIXTURES, 'tiny'), connections: [1, 2], duration: 1, rounds: 1, warmup: 0, maxRepeats: 0 },
      { onProgress: (event) => phases.push(event.phase) },
    );
    assert.deepEqual(childPids(), baseline, 'everything stopped');

    assert.equal(result.status, 'measured');
    assert.equal(result.fixture.name, 'tiny');
    assert.ok(result.machine.cores >= 1);
    assert.equal(result.machine.node, process.version);
    assert.match(result.fix.diff, /\+ {2}const \[first, second\] = await Promise\.all\(\[lookup\('a'\), lookup\('b'\)\]\);/);
    assert.deepEqual(result.equivalence, { equal: true, requests: 2, differences: [] });
    assert.deepEqual([...new Set(phases)], ['fix', 'start', 'equivalence', 'slice', 'done']);
    assert.equal(result.runs.length, 1);
    assert.equal(result.runs[0].threadpoolSize, 2);
    assert.deepEqual(result.runs[0].levels.map((l) => l.connections), [1, 2]);

    for (const level of result.runs[0].levels) {
      assert.equal(level.slices.length, 2);
      assert.deepEqual(level.slices.map((s) => s.variant), ['before', 'after']);
      for (const variant of [level.before, level.after]) {
        assert.ok(variant.rps.median > 0);
        for (const key of ['p50', 'p90', 'p99', 'max']) assert.equal(typeof variant.latency[key], 'number', key);
        assert.ok(variant.latency.p50 <= variant.latency.p99);
        assert.equal(typeof variant.eventLoop.p99, 'number');
        assert.equal(typeof variant.bystander.p50, 'number');
        assert.equal(variant.errors, 0);
        assert.equal(typeof variant.bound, 'string');
        assert.ok(variant.histogram.reduce((a, b) => a + b, 0) > 0);
      }
      assert.equal(typeof level.ratio.rps.median, 'number');
      assert.equal(level.ideal.gain, 2);
    }
    assert.ok(result.wallSeconds > 0);
    assert.match(formatComparison(result), /req\/s/);
    assert.equal((renderHtml([{ fixture: 'tiny', result }]).match(/<svg /g) ?? []).length, 8);
  });

  it('says "nothing to fix" for the negative control and starts no process', async () => {
    /** @type {string[]} */
    const phases = [];
    const result = await runComparison({ fixture: path.join(REPO, 'fixtures', 'negative-control') }, { onProgress: (e) => phases.push(e.phase) });
    assert.equal(result.status, 'nothing-to-fix');
    assert.deepEqual(result.runs, []);
    assert.deepEqual(result.fix.findings, []);
    assert.equal(result.fix.diff, '');
    assert.deepEqual(phases, ['fix']);
    assert.match(formatComparison(result), /nothing to fix/);
  });

  it('--aa runs the "before" code in both servers: a fix that changes the answer is refused, its A/A run is measured', async () => {
    const fixture = path.join(FIXTURES, 'answers-own-text');
    const refused = await runComparison({ fixture, maxRepeats: 0 }).then(() => assert.fail('expected a refusal'), (e) => e);
    assert.equal(refused.code, 'NOT_EQUIVALENT');
    const baseline = childPids();
    const result = await runComparison({ fixture, aa: true, maxRepeats: 0 });
    assert.deepEqual(childPids(), baseline, 'everything stopped');
    assert.equal(result.status, 'measured');
    assert.equal(result.mode, 'aa');
    assert.equal(result.fix.findings.length, 1, 'the fix is found, and not applied');
    assert.equal(result.runs[0].levels[0].slices.length, 12);
    assert.equal(result.selfCheck?.comparisons, 3);
    assert.equal(result.selfCheck?.levels[0].items.length, 3);
    const text = formatComparison(result);
    assert.match(text, /^A\/A self-check: the fix is not applied; both servers run the "before" code/m);
    assert.match(text, /^A\/A self-check: both servers ran the "before" code, (and none of the 3 comparisons|yet \d of 3 comparisons) claimed a difference/m);
    assert.match(renderHtml([{ fixture: 'answers-own-text', result }]), /not applied: A\/A self-check/);
  });
});
