/**
 * The Promise.allSettled rewrite of "each await in its own try/catch" must
 * keep the program's results: run each handler before and after the
 * suggested rewrite against stub async operations (some rejecting, some
 * resolving, with delays that make later ones finish first, and one that
 * throws before returning a promise), and compare the returned value, the
 * thrown error, and the catch bodies' side effects in order; the rewrite
 * must also start the operations together.
 */
import assert from 'node:assert/strict';
import { lintWith, applyFirstSuggestions } from '../../support/apply-suggestions.js';
import { createBackend, compile, outcome } from '../../support/stub-backend.js';

/** Earlier operations take longer: completion order is the reverse of start order. */
const DELAYS = { getUser: 20, getOrders: 12, getPrefs: 4, verifyToken: 30 };

const handlers = [
  {
    name: 'a fallback value in each catch',
    source: `async function handler(api, id, log) {
  let user, orders;
  try { user = await api.getUser(id); } catch (err) { log.push(['user', err.message]); user = null; }
  try { orders = await api.getOrders(id); } catch (err) { log.push(['orders', err.message]); orders = []; }
  return { user, orders };
}`,
    calls: ['getUser', 'getOrders'],
  },
  {
    name: 'three operations, catches that read what an earlier catch wrote',
    source: `async function handler(api, id, log) {
  const failures = [];
  let user;
  let orders;
  let prefs = { theme: 'light' };
  try {
    user = await api.getUser(id);
  } catch (error) {
    failures.push('user');
    log.push(['user', error.message]);
  }
  // preferences are optional
  try {
    orders = await api.getOrders(id);
  } catch ({ message }) {
    log.push(['orders', message, failures.length]);
    failures.push('orders');
  }
  try {
    prefs = await api.getPrefs(id);
  } catch {
    log.push(['prefs', failures.join('+')]);
  }
  return { user, orders, prefs, failures };
}`,
    calls: ['getUser', 'getOrders', 'getPrefs'],
  },
  {
    name: 'a dropped result next to a kept one, a reassigned catch parameter',
    source: `async function handler(api, id, log) {
  let user = 'unset';
  try { await api.verifyToken(id); } catch (e) { e = e.message.toUpperCase(); log.push(['cache', e]); }
  try { user = await api.getUser(id); } catch (e) { log.push(['user', e.message]); }
  return { user };
}`,
    calls: ['verifyToken', 'getUser'],
  },
  {
    name: 'a catch that throws stops the entries after it, as before',
    // The one difference, as with Promise.all: the later reads were already started.
    catchThrows: true,
    source: `async function handler(api, id, log) {
  let user, orders;
  try { user = await api.getUser(id); } catch (err) { log.push(['user']); JSON.parse('not json'); }
  try { orders = await api.getOrders(id); } catch (err) { log.push(['orders', err.message]); orders = []; }
  return { user, orders };
}`,
    calls: ['getUser', 'getOrders'],
  },
];

/** Every subset of the operations, as the names that fail. @param {string[]} names */
function subsets(names) {
  return names.reduce((all, name) => [...all, ...all.map((subset) => [...subset, name])], /** @type {string[][]} */ ([[]]));
}

/**
 * @param {string} source
 * @param {{ failing?: string[], throwing?: string[] }} backend
 */
async function runHandler(source, backend) {
  const { api, stats } = createBackend({ ...backend, delays: DELAYS });
  /** @type {unknown[]} */
  const log = [];
  const result = await outcome(() => compile(source)(api, 7, log));
  return { result, log, stats };
}

describe('Promise.allSettled rewrite keeps results, errors and the catch bodies in order', () => {
  for (const handler of handlers) {
    describe(handler.name, () => {
      const messages = lintWith(handler.source, { rule: 'no-await-waterfall' });
      const rewritten = applyFirstSuggestions(handler.source, messages);

      it('is reported with an allSettled rewrite', () => {
        assert.equal(messages.length, 1);
        assert.equal(messages[0].messageId, 'waterfallSettled');
        assert.match(rewritten, /await Promise\.allSettled\(\[/);
        assert.doesNotMatch(rewritten, /\btry\b/);
      });

      for (const failing of subsets(handler.calls)) {
        it(`same value, error and catch effects when ${failing.length === 0 ? 'nothing fails' : `${failing.join(', ')} reject`}`, async () => {
          const before = await runHandler(handler.source, { failing });
          const after = await runHandler(rewritten, { failing });
          assert.deepEqual(after.result, before.result);
          assert.deepEqual(after.log, before.log, 'the catch bodies ran with the same reasons, in the same order');
          if (handler.catchThrows) assert.deepEqual(after.stats.calls.slice(0, before.stats.calls.length), before.stats.calls);
          else assert.deepEqual(after.stats.calls, before.stats.calls, 'the same operations, started in the same order');
          assert.equal(before.stats.maxInFlight, 1, 'the original runs one operation at a time');
          assert.equal(after.stats.maxInFlight, handler.calls.length, 'the rewrite starts them together');
        });
      }

      it('an operation that throws before returning a promise still reaches its own catch', async () => {
        for (const name of handler.calls) {
          const before = await runHandler(handler.source, { throwing: [name] });
          const after = await runHandler(rewritten, { throwing: [name] });
          assert.deepEqual(after.result, before.result, `when ${name} throws`);
          assert.deepEqual(after.log, before.log, `when ${name} throws`);
        }
      });
    });
  }
});
