/**
 * "Start early, await late" must keep the program's results: each handler
 * runs before and after the suggestion against a stub backend with delays,
 * and the test compares results, which error surfaces (one failure, two
 * failures where the later call fails sooner, a call that throws before
 * returning a promise), that no rejection goes unhandled, and which calls
 * overlapped — more than under the Promise.all suggestion.
 */
import assert from 'node:assert/strict';
import { lintWith, applyFirstSuggestions, applySuggestionsWithId } from '../../support/apply-suggestions.js';
import { createBackend, compile, outcome } from '../../support/stub-backend.js';

const handlers = [
  {
    name: 'the issue\'s example: a dependent await between',
    source: `async function handler(api, id) {
  const user = await api.getUser(id);
  const orders = await api.getOrders(user.args[0]);
  const config = await api.getConfig(id);
  return { user, orders, config };
}`,
    started: ['getConfig'],
    gained: ['getConfig|getOrders'],
  },
  {
    name: 'two started, a plain statement and an optional chain',
    source: `async function handler(api, id) {
  const a = await api.getA(id);
  const label = a.from.toUpperCase();
  const b = await api.getB(id);
  const c = await api.getC(a.args[0]);
  const n = (await api.getConfig(id))?.nested?.deep;
  return { label, b, c, n };
}`,
    started: ['getB', 'getConfig'],
    gained: ['getC|getConfig'],
  },
  {
    name: 'assignments to a name and to a property',
    source: `async function handler(api, id) {
  const out = {};
  let user;
  user = await api.getUser(id);
  out.orders = await api.getOrders(user.args[0]);
  out.config = await api.getConfig(id);
  return { user, out };
}`,
    started: ['getConfig'],
    gained: ['getConfig|getOrders'],
  },
];

/** Started calls take longer, so they are still running when the awaits between them start. */
const SLOW = 30;

/**
 * Runs `run` with this test's own unhandledRejection listener in place of
 * the test runner's, and returns the reasons reported as unhandled.
 * @param {() => Promise<void>} run
 */
async function unhandledDuring(run) {
  /** @type {unknown[]} */
  const reasons = [];
  const listener = (/** @type {unknown} */ reason) => reasons.push(reason);
  const saved = process.listeners('unhandledRejection');
  process.removeAllListeners('unhandledRejection');
  process.on('unhandledRejection', listener);
  try {
    await run();
    // Node reports a rejection as unhandled after the microtasks of the turn it happened in.
    await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    process.removeListener('unhandledRejection', listener);
    for (const other of saved) process.on('unhandledRejection', other);
  }
  return reasons;
}

describe('start early, await late keeps results, errors and handled rejections', () => {
  for (const handler of handlers) {
    describe(handler.name, () => {
      const messages = lintWith(handler.source, { rule: 'no-await-waterfall' });
      const early = applySuggestionsWithId(handler.source, messages, 'startEarly');
      const promiseAll = applyFirstSuggestions(handler.source, messages);
      const delays = Object.fromEntries(handler.started.map((name) => [name, SLOW]));
      const original = compile(handler.source);
      const rewritten = compile(early);
      /** Every method the handler calls, in order, when nothing fails. */
      let methods = /** @type {string[]} */ ([]);

      before(async () => {
        const probe = createBackend();
        await original(probe.api, 1);
        methods = probe.stats.calls;
      });

      it('is reported with the start-early suggestion second', () => {
        assert.equal(messages.length, 1);
        assert.deepEqual(messages[0].suggestions?.map((suggestion) => suggestion.messageId), ['startTogether', 'startEarly']);
        for (const name of handler.started) assert.match(early, new RegExp(`= \\(async \\(\\) => api\\.${name}\\(id\\)\\)\\(\\);`));
      });

      it('returns the same result and overlaps more than the Promise.all rewrite', async () => {
        const runs = await Promise.all([handler.source, promiseAll, early].map(async (source) => {
          const backend = createBackend({ delays });
          return { result: await outcome(() => compile(source)(backend.api, 42)), stats: backend.stats };
        }));
        const [before, withAll, after] = runs;
        assert.ok(!('error' in before.result), 'the handler succeeds with a healthy backend');
        assert.deepEqual(after.result, before.result);
        assert.deepEqual(withAll.result, before.result);
        assert.deepEqual([...after.stats.calls].sort(), [...before.stats.calls].sort(), 'the same calls are made');
        assert.equal(before.stats.overlaps.size, 0, 'the original runs one call at a time');
        for (const pair of withAll.stats.overlaps) assert.ok(after.stats.overlaps.has(pair), `${pair} overlaps under Promise.all, and still does`);
        for (const pair of handler.gained) {
          assert.ok(after.stats.overlaps.has(pair), `${pair} overlaps once started early`);
          assert.ok(!withAll.stats.overlaps.has(pair), `${pair} does not overlap under Promise.all`);
        }
      });

      it('throws the error the original throws: one failure, two failures, a synchronous throw', async () => {
        /** @type {import('../../support/stub-backend.js').BackendSettings[]} */
        const scenarios = [
          ...methods.map((name) => ({ failing: name, delays })),
          ...methods.map((name) => ({ throwing: [name], delays })),
          // The later call fails first in time: the original never reaches it, so the earlier error must surface.
          ...methods.flatMap((earlier, i) => methods.slice(i + 1).map((later) => ({ failing: [earlier, later], delays: { [earlier]: SLOW, [later]: 1 } }))),
        ];
        const reasons = await unhandledDuring(async () => {
          for (const settings of scenarios) {
            const before = createBackend(settings);
            const after = createBackend(settings);
            const expected = await outcome(() => original(before.api, 7));
            const actual = await outcome(() => rewritten(after.api, 7));
            assert.ok('error' in expected);
            assert.deepEqual(actual, expected, JSON.stringify(settings));
            // A started call runs even when an earlier one fails: the only extra calls are the started ones.
            const extra = after.stats.calls.filter((name) => !before.stats.calls.includes(name));
            assert.ok(extra.every((name) => handler.started.includes(name)), `extra calls ${extra}`);
            await after.idle();
          }
        });
        assert.deepEqual(reasons, [], 'no rejection is reported as unhandled');
      });

      it('without the guard, a started call that fails after an earlier failure is unhandled (the check can fail)', async () => {
        const unguarded = compile(early.replace(/^\s*\w+\.catch\(\(\) => \{\}\);.*\n/gm, ''));
        const settings = { failing: [methods[0], ...handler.started], delays: { [methods[0]]: 1, ...delays } };
        const reasons = await unhandledDuring(async () => {
          const backend = createBackend(settings);
          await outcome(() => unguarded(backend.api, 7));
          await backend.idle();
        });
        assert.equal(reasons.length, handler.started.length);
      });
    });
  }
});
