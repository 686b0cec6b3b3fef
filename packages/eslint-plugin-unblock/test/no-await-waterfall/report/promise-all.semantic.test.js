/**
 * The Promise.all rewrite must keep the program's results: run each handler
 * before and after the suggested rewrite against stub async functions with
 * delays, and compare results, thrown errors, and how many calls were in
 * flight at once.
 */
import assert from 'node:assert/strict';
import { lintWith, applyFirstSuggestions } from '../../support/apply-suggestions.js';
import { createBackend, compile, outcome } from '../../support/stub-backend.js';

const handlers = [
  {
    name: 'adjacent declarations on one receiver',
    source: `async function handler(api, id) {
  const user = await api.getUser(id);
  const orders = await api.getOrders(id);
  return { user, orders };
}`,
    inFlight: 2,
  },
  {
    name: 'three operations with destructuring, defaults and rest',
    source: `async function handler(api, id) {
  const { from, missing = 'default' } = await api.getProfile(id);
  const [first, ...rest] = (await api.listThings(id)).list;
  const { nested: { deep } } = await api.getSettings(id);
  const [one, ...others] = await api.getPair(id).then((r) => r.list);
  return { from, missing, first, rest, deep, one, others };
}`,
    // The second statement's await sits inside a member access: it is no
    // candidate and nothing moves across it, so only the last two start together.
    inFlight: 2,
  },
  {
    name: 'a non-adjacent group keeps the dependent statement after it',
    source: `async function handler(api, id) {
  const user = await api.getUser(id);
  const friends = await api.getFriends(user.args[0]);
  const label = user.from.toUpperCase();
  const events = await api.getEvents(id);
  return { user, friends, label, events };
}`,
    inFlight: 2,
  },
  {
    name: 'assignments to variables and members',
    source: `async function handler(api, id) {
  const out = {};
  let total;
  total = await api.countAll(id);
  out.items = await api.getItems(id);
  return { out, total };
}`,
    inFlight: 2,
  },
  {
    name: 'awaits inside one call and one array',
    source: `async function handler(api, id) {
  const pair = [await api.getLeft(id), await api.getRight(id)];
  return Object.assign({}, { pair }, await api.getA(id), await api.getB(id));
}`,
    inFlight: 2,
  },
  {
    name: 'comments travel with their operations',
    source: `async function handler(api, id) {
  // the user
  const user = await api.getUser(id); // primary key
  // and their posts
  const posts = await api.getPosts(id);
  return [user, posts];
}`,
    inFlight: 2,
  },
];

describe('Promise.all rewrite keeps results, errors and order of outputs', () => {
  for (const handler of handlers) {
    describe(handler.name, () => {
      const messages = lintWith(handler.source, { rule: 'no-await-waterfall' });
      const rewritten = applyFirstSuggestions(handler.source, messages);

      it('is reported with a rewrite', () => {
        assert.ok(messages.length > 0, 'the rule reports the waterfall');
        assert.notEqual(rewritten, handler.source, 'a suggestion changed the code');
        assert.match(rewritten, /Promise\.all/);
      });

      it('returns the same result and starts the operations together', async () => {
        const before = createBackend();
        const after = createBackend();
        const expected = await outcome(() => compile(handler.source)(before.api, 42));
        const actual = await outcome(() => compile(rewritten)(after.api, 42));
        assert.deepEqual(actual, expected);
        assert.ok(!('error' in expected), 'the handler succeeds with a healthy backend');
        assert.equal(before.stats.maxInFlight, 1, 'the original runs one call at a time');
        assert.equal(after.stats.maxInFlight, handler.inFlight);
        assert.deepEqual([...after.stats.calls].sort(), [...before.stats.calls].sort(), 'the same calls are made');
      });

      it('throws the same error when one operation fails', async () => {
        const probe = createBackend();
        await compile(handler.source)(probe.api, 7);
        for (const failing of new Set(probe.stats.calls)) {
          const expected = await outcome(() => compile(handler.source)(createBackend({ failing }).api, 7));
          const actual = await outcome(() => compile(rewritten)(createBackend({ failing }).api, 7));
          assert.deepEqual(actual, expected, `when ${failing} fails`);
          assert.ok('error' in actual);
        }
      });
    });
  }
});
