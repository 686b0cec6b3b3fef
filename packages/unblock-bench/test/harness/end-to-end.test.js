import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { benchmarkFunction, formatFunctionHeader } from '../../harness/index.js';
import { liveChildCount } from '../../index.js';

const fixture = (/** @type {string} */ name) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

describe('function harness: end to end through the bench runner', function () {
  this.timeout(60_000);

  it('benchmarks a handler from a user file with a one-second load and reports the model', async () => {
    const phases = new Set();
    const result = /** @type {any} */ (await benchmarkFunction(
      { file: fixture('express-router.js'), line: 14, latencyModel: { kind: 'io', ms: 5 }, connections: [4], duration: 1, rounds: 1, warmup: 0 },
      { onProgress: (e) => phases.add(e.phase) },
    ));
    assert.equal(result.status, 'measured', result.refusal ?? '');
    assert.equal(result.function.name, "router.get('/users/:id') handler");
    assert.equal(result.function.modelText, 'I/O wait of 5 ms per simulated call');
    assert.deepEqual(result.function.simulated, ['db.getOrders', 'db.getPreferences', 'db.getUser']);
    assert.match(result.function.note, /numbers come from the latency model, not from your real database/);
    assert.match(result.fixture.description, /latency model \(I\/O wait of 5 ms per simulated call\), not from real backends/);
    assert.equal(result.equivalence.equal, true);
    assert.match(result.fix.diff, /await Promise\.all\(\[/);
    const level = result.runs[0].levels[0];
    assert.equal(level.connections, 4);
    for (const variant of [level.before, level.after]) {
      assert.equal(variant.errors + variant.timeouts + variant.non2xx, 0);
      assert.ok(variant.rps.median > 0);
    }
    assert.deepEqual(level.ideal.gain, 3, 'three sequential waits become one');
    assert.ok(phases.has('equivalence') && phases.has('slice'));
    assert.equal(
      formatFunctionHeader(result, { cwd: fileURLToPath(new URL('.', import.meta.url)) }),
      [
        "function: router.get('/users/:id') handler (fixtures/express-router.js:14)",
        'latency model: I/O wait of 5 ms per simulated call',
        'simulated calls: db.getOrders, db.getPreferences, db.getUser',
        'Backends are simulated: the numbers come from the latency model, not from your real database or services.',
        '',
      ].join('\n'),
    );
    assert.equal(liveChildCount(), 0);
  });

  it('refuses without starting anything when the function cannot be isolated or fails on simulated values', async () => {
    const refused = await benchmarkFunction({ file: fixture('refusals.js'), line: 15 });
    assert.equal(refused.status, 'refused');
    assert.match(refused.refusal, /closes over `sessions`/);
    assert.match(formatFunctionHeader(refused, { cwd: fileURLToPath(new URL('.', import.meta.url)) }), /^cannot benchmark whoAmI \(fixtures\/refusals\.js:15\): the function closes over `sessions`/);
    const looping = await benchmarkFunction({ file: fixture('refusals.js'), line: 56, latencyModel: { kind: 'io', ms: 0 } });
    assert.equal(looping.status, 'refused');
    assert.match(looping.refusal, /^the function fails on simulated values: the function touched simulated values more than 100000 times in one call; it probably loops/);
    assert.equal(liveChildCount(), 0);
  });
});
