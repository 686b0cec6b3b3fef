import assert from 'node:assert/strict';
import { DEFAULTS, resolveOptions } from '../../packages/unblock-bench/index.js';

const SPEC = { rules: ['unblock/no-await-waterfall'], load: { duration: 3 }, threadpoolSize: 8 };

describe('bench-runner: options', () => {
  it('takes caller options over fixture.json over the built-in defaults', () => {
    const opts = resolveOptions({ rounds: '7', connections: '1,4,4' }, SPEC);
    assert.equal(opts.rounds, 7);
    assert.deepEqual(opts.connections, [1, 4]);
    assert.equal(opts.duration, 3);
    assert.equal(opts.warmup, DEFAULTS.warmup);
    assert.deepEqual(opts.threadpoolSizes, [8]);
    assert.deepEqual(opts.rules, ['unblock/no-await-waterfall']);
  });

  it('keeps the defaults within the 60 s budget of one comparison', () => {
    const d = DEFAULTS;
    const loadSeconds = d.connections.length * 2 * (d.warmup + d.rounds * d.duration) + d.connections.length * d.maxRepeats * d.duration;
    assert.ok(loadSeconds <= 52, `planned load ${loadSeconds} s leaves room for start-up`);
  });

  it('sweeps thread-pool sizes when asked', () => {
    assert.deepEqual(resolveOptions({ sweepThreadpool: '2,4,8' }, SPEC).threadpoolSizes, [2, 4, 8]);
  });

  it('accepts short and full rule ids and rejects unknown ones', () => {
    assert.deepEqual(resolveOptions({ rules: ['no-loop-waterfall', 'unblock/no-blocking-sync-call'] }, SPEC).rules, [
      'unblock/no-loop-waterfall',
      'unblock/no-blocking-sync-call',
    ]);
    assert.throws(() => resolveOptions({ rules: ['prefer-const'] }, SPEC), { code: 'BAD_OPTION', message: /--rule: unknown rule "prefer-const"/ });
  });

  it('rejects bad values with one line naming the flag', () => {
    const cases = [
      [{ connections: '1,x' }, /--connections must list whole numbers from 1 to 1000, got "1,x"/],
      [{ connections: '0' }, /--connections must list whole numbers/],
      [{ duration: 'soon' }, /--duration must be a number from 0.2 to 600, got "soon"/],
      [{ rounds: 2.5 }, /--rounds must be a whole number from 1 to 100, got 2.5/],
      [{ sweepThreadpool: '2,,4' }, /--sweep-threadpool must list whole numbers/],
      [{ threadpoolSize: 2000 }, /--threadpool-size must be a whole number from 1 to 1024/],
      [{ listenTimeout: -1 }, /--listen-timeout must be a number/],
    ];
    for (const [input, message] of /** @type {Array<[any, RegExp]>} */ (cases)) {
      assert.throws(
        () => resolveOptions(input, SPEC),
        (/** @type {any} */ error) => error.code === 'BAD_OPTION' && message.test(error.message) && !error.message.includes('\n'),
      );
    }
  });
});
