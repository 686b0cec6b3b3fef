/**
 * unblock/no-await-waterfall on "each await in its own try/catch": which runs
 * of try statements become one Promise.allSettled, the exact suggestion, and
 * the shapes left alone, grouped by why.
 */
import rule from '../../rules/no-await-waterfall.js';
import { runRuleTests } from './rule-tester.js';
import { PRELUDE } from '../no-await-waterfall/report/typed-results.cases.js';
import { SETTLED_CASES } from '../no-await-waterfall/report/settled-results.cases.js';

/**
 * @param {number} count
 * @param {string | null} output the exact suggested code, or null when no rewrite is offered
 * @param {{ line?: number, endLine?: number }} [at]
 */
const settled = (count, output, at = {}) => ({
  messageId: 'waterfallSettled',
  ...at,
  suggestions: output === null ? [] : [{ messageId: 'startSettled', data: { count: String(count) }, output }],
});

/** Two tries around `first` and `second` (statements or catch bodies varied per case). */
const pair = (/** @type {string} */ first, /** @type {string} */ second, params = 'id') =>
  `async function h(${params}) {\n  let a, b;\n  ${first}\n  ${second}\n  return [a, b];\n}`;

/** The two-try pair, rewritten. */
const CODEMOD_OUTPUT = `async function h(id) {
  let a, b;
  const [aResult, bResult] = await Promise.allSettled([
    (async () => api.getA(id))(),
    (async () => api.getB(id))(),
  ]);
  if (aResult.status === 'fulfilled') {
    a = aResult.value;
  } else {
    a = null;
  }
  if (bResult.status === 'fulfilled') {
    b = bResult.value;
  } else {
    b = null;
  }
  return [a, b];
}`;

const valid = [
  // ── The try/catch shape does not keep what runs ─────────────────────────
  // A finally runs after each operation in turn; it has no place in one allSettled.
  pair('try { a = await api.getA(id); } catch (e) { a = null; } finally { done(); }', 'try { b = await api.getB(id); } catch (e) { b = null; }'),
  // Two statements in a try: the second must not run when the first fails.
  pair('try { a = await api.getA(id); seen.add(id); } catch (e) { a = null; }', 'try { b = await api.getB(id); } catch (e) { b = null; }'),
  // The catch returns: the later try never runs when the first fails.
  pair('try { a = await api.getA(id); } catch (e) { return null; }', 'try { b = await api.getB(id); } catch (e) { b = null; }'),
  // A conditional rethrow is not normal completion either.
  pair('try { a = await api.getA(id); } catch (e) { if (e.code !== 404) throw e; a = null; }', 'try { b = await api.getB(id); } catch (e) { b = null; }'),
  // The catch waits for something of its own: the later try started after it.
  pair('try { a = await api.getA(id); } catch (e) { a = await api.getFallbackA(id); }', 'try { b = await api.getB(id); } catch (e) { b = null; }'),
  // A continue in a loop body skips the rest of the iteration.
  'async function h(ids) { for (const id of ids) { let a, b; try { a = await api.getA(id); } catch (e) { continue; } try { b = await api.getB(id); } catch (e) { b = null; } use(a, b); } }',
  // A declaration inside the try lives only in its block: with nothing after it, it is never read.
  pair('try { const a1 = await api.getA(id); } catch (e) { a = null; }', 'try { const b1 = await api.getB(id); } catch (e) { b = null; }'),
  // Assigning to a const or an undeclared name throws inside the try, where the catch handled it.
  'async function h(id) { const a = 1; let b; try { a = await api.getA(id); } catch (e) { log(e); } try { b = await api.getB(id); } catch (e) { b = null; } return [a, b]; }',
  'async function h(id) { let b; try { undeclared = await api.getA(id); } catch (e) { log(e); } try { b = await api.getB(id); } catch (e) { b = null; } return b; }',
  // A property target may have a setter that throws: assigned after allSettled, no catch would see it.
  'class C { async m(id) { try { this.a = await api.getA(id); } catch (e) { this.a = null; } try { this.b = await api.getB(id); } catch (e) { this.b = null; } } }',
  // A compound assignment reads the binding before the await.
  pair('try { a += await api.getA(id); } catch (e) { a = 0; }', 'try { b = await api.getB(id); } catch (e) { b = null; }'),
  // A dropped result whose kind nothing tells is a command: its place in time may be the point.
  pair('try { await warmUp(id); } catch (e) { log(e); }', 'try { b = await api.getB(id); } catch (e) { b = null; }'),
  // Only one try: nothing to start together.
  'async function h(id) { let a; try { a = await api.getA(id); } catch (e) { a = null; } const b = 1; return [a, b]; }',
  // A statement between the tries is not moved across.
  pair('try { a = await api.getA(id); } catch (e) { a = null; } mark(a);', 'try { b = await api.getB(id); } catch (e) { b = null; }'),

  // ── The operations depend on each other (the Promise.all contract) ─────
  // The later operation reads the earlier one's result.
  pair('try { a = await api.getA(id); } catch (e) { a = null; }', 'try { b = await api.getB(a.id); } catch (e) { b = null; }'),
  // The later operation is a write: it ran after the earlier read finished.
  pair('try { a = await api.getA(id); } catch (e) { a = null; }', 'try { b = await api.saveB(id); } catch (e) { b = null; }'),
  // A write, then a read of the same entity.
  pair('try { a = await api.updateA(id); } catch (e) { a = null; }', 'try { b = await users.getUser(id); } catch (e) { b = null; }'),
  // A barrier.
  pair('try { a = await mutex.acquire(); } catch (e) { a = null; }', 'try { b = await api.getB(id); } catch (e) { b = null; }'),
  // Inside a transaction callback everything is ordered.
  'async function h(id) { return db.transaction(async (tx) => { let a, b; try { a = await tx.getA(id); } catch (e) { a = null; } try { b = await tx.getB(id); } catch (e) { b = null; } return [a, b]; }); }',

  // ── A catch body and a later operation touch the same thing ─────────────
  // The catch writes the id the later operation reads (binding flow).
  pair('try { a = await api.getA(id); } catch (e) { id = fallbackId; }', 'try { b = await api.getB(id); } catch (e) { b = null; }'),
  // The later operation's callback writes what the catch reads.
  pair('try { a = await api.getA(id); } catch (e) { log(count); }', 'try { b = await api.getB(() => { count++; }); } catch (e) { b = null; }', 'id, count'),
  // The catch clears the cache the later operation reads from (same receiver, a write).
  pair('try { a = await api.getA(id); } catch (e) { cache.clear(); }', 'try { b = await cache.getB(id); } catch (e) { b = null; }'),
  // The catch hands the later operation's receiver to a call that may change it.
  pair('try { a = await api.getA(id); } catch (e) { store.reset(); }', 'try { b = await store.loadB(id); } catch (e) { b = null; }'),
];

const invalid = [
  {
    code: `async function h(api, id, log) {
  let user, orders;
  try { user = await api.getUser(id); } catch (err) { log.warn(err); user = null; }
  try { orders = await api.getOrders(id); } catch (err) { log.warn(err); orders = []; }
  return { user, orders };
}`,
    errors: [settled(2, `async function h(api, id, log) {
  let user, orders;
  const [userResult, ordersResult] = await Promise.allSettled([
    (async () => api.getUser(id))(),
    (async () => api.getOrders(id))(),
  ]);
  if (userResult.status === 'fulfilled') {
    user = userResult.value;
  } else {
    const err = userResult.reason;
    log.warn(err);
    user = null;
  }
  if (ordersResult.status === 'fulfilled') {
    orders = ordersResult.value;
  } else {
    const err = ordersResult.reason;
    log.warn(err);
    orders = [];
  }
  return { user, orders };
}`, { line: 3, endLine: 4 })],
  },
  // No semicolons, a catch without a parameter, an own-line comment that moves with its entry.
  {
    code: `async function h(id) {
  let user
  let orders
  try {
    user = await api.getUser(id)
  } catch {
    user = null
  }
  // orders are optional
  try {
    orders = await api.getOrders(id)
  } catch (error) {
    logger.error(error)
  }
  return { user, orders }
}`,
    errors: [settled(2, `async function h(id) {
  let user
  let orders
  const [userResult, ordersResult] = await Promise.allSettled([
    (async () => api.getUser(id))(),
    (async () => api.getOrders(id))(),
  ])
  if (userResult.status === 'fulfilled') {
    user = userResult.value
  } else {
    user = null
  }
  // orders are optional
  if (ordersResult.status === 'fulfilled') {
    orders = ordersResult.value
  } else {
    const error = ordersResult.reason
    logger.error(error)
  }
  return { user, orders }
}`, { line: 4, endLine: 14 })],
  },
  // A dropped result, a reassigned parameter (let), a destructured one (kept: it throws on a null reason),
  // an empty catch, and a name already in scope.
  {
    code: `async function h(id, userResult) {
  let user, teams;
  try { await cache.getWarm(id); } catch (e) { e = String(e); log.warn(e); }
  try { user = await api.getUser(id); } catch ({ code }) { user = code; }
  try { teams = await api.getTeams(id); } catch (err) {}
  return [user, teams, userResult];
}`,
    errors: [settled(3, `async function h(id, userResult) {
  let user, teams;
  const [getWarmResult, userResult2, teamsResult] = await Promise.allSettled([
    (async () => cache.getWarm(id))(),
    (async () => api.getUser(id))(),
    (async () => api.getTeams(id))(),
  ]);
  if (getWarmResult.status === 'rejected') {
    let e = getWarmResult.reason;
    e = String(e);
    log.warn(e);
  }
  if (userResult2.status === 'fulfilled') {
    user = userResult2.value;
  } else {
    const { code } = userResult2.reason;
    user = code;
  }
  if (teamsResult.status === 'fulfilled') {
    teams = teamsResult.value;
  }
  return [user, teams, userResult];
}`)],
  },
  // Entries with nothing to apply (a dropped result, an empty catch) leave a hole in the pattern.
  {
    code: `async function h(id) {
  let b;
  try { await api.getA(id); } catch {}
  try { b = await api.getB(id); } catch (e) { b = null; }
  try { await api.getC(id); } catch (e) {}
  return b;
}`,
    errors: [settled(3, `async function h(id) {
  let b;
  const [, bResult] = await Promise.allSettled([
    (async () => api.getA(id))(),
    (async () => api.getB(id))(),
    (async () => api.getC(id))(),
  ]);
  if (bResult.status === 'fulfilled') {
    b = bResult.value;
  } else {
    b = null;
  }
  return b;
}`)],
  },
  // Catch bodies that share state among themselves keep their order, so they may: each collects its failure.
  {
    code: pair('try { a = await api.getA(id); } catch (e) { failures.push(e); }', 'try { b = await api.getB(id); } catch (e) { failures.push(e); log(failures.length); }', 'id, failures'),
    errors: [settled(2, `async function h(id, failures) {
  let a, b;
  const [aResult, bResult] = await Promise.allSettled([
    (async () => api.getA(id))(),
    (async () => api.getB(id))(),
  ]);
  if (aResult.status === 'fulfilled') {
    a = aResult.value;
  } else {
    const e = aResult.reason;
    failures.push(e);
  }
  if (bResult.status === 'fulfilled') {
    b = bResult.value;
  } else {
    const e = bResult.reason;
    failures.push(e);
    log(failures.length);
  }
  return [a, b];
}`)],
  },
  // The third needs the first's result: only the first two start together.
  {
    code: `async function h(id) {
  let user, orders, invoices;
  try { user = await api.getUser(id); } catch (err) { user = null; }
  try { orders = await api.getOrders(id); } catch (err) { orders = []; }
  try { invoices = await billing.getInvoices(user.accountId); } catch (err) { invoices = []; }
  return { user, orders, invoices };
}`,
    errors: [settled(2, `async function h(id) {
  let user, orders, invoices;
  const [userResult, ordersResult] = await Promise.allSettled([
    (async () => api.getUser(id))(),
    (async () => api.getOrders(id))(),
  ]);
  if (userResult.status === 'fulfilled') {
    user = userResult.value;
  } else {
    user = null;
  }
  if (ordersResult.status === 'fulfilled') {
    orders = ordersResult.value;
  } else {
    orders = [];
  }
  try { invoices = await billing.getInvoices(user.accountId); } catch (err) { invoices = []; }
  return { user, orders, invoices };
}`, { line: 3, endLine: 4 })],
  },
  // A comment inside a try block has nowhere to go: reported, no rewrite.
  {
    code: `async function h(id) {
  let user, orders;
  try {
    // the primary record
    user = await api.getUser(id);
  } catch (err) { user = null; }
  try { orders = await api.getOrders(id); } catch (err) { orders = []; }
  return { user, orders };
}`,
    errors: [settled(2, null)],
  },
  // A local Promise is not the global one: reported, no rewrite.
  {
    code: `import Promise from 'bluebird';
${pair('try { a = await api.getA(id); } catch (e) { a = null; }', 'try { b = await api.getB(id); } catch (e) { b = null; }')}`,
    errors: [settled(2, null)],
  },
  // TypeScript: the cases whose output test/no-await-waterfall/report/typed-results.test.js also type-checks with tsc --strict.
  ...SETTLED_CASES.map(({ count, code, output }) => ({ code: PRELUDE + code, only: /** @type {const} */ ('ts'), errors: [settled(count, PRELUDE + output)] })),
  // The codemod option applies the rewrite.
  {
    code: pair('try { a = await api.getA(id); } catch (e) { a = null; }', 'try { b = await api.getB(id); } catch (e) { b = null; }'),
    options: [{ fix: true }],
    output: CODEMOD_OUTPUT,
    errors: [settled(2, CODEMOD_OUTPUT)],
  },
];

describe('unblock/no-await-waterfall: each await in its own try/catch', () => {
  runRuleTests('no-await-waterfall', rule, { valid, invalid });
});
