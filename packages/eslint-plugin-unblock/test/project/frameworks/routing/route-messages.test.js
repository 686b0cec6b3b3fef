/**
 * Every rule names the route its report runs on when the project index knows it, in the same words:
 * "(reached from GET /x in routes.js)". The fixture is linted from disk with its own package.json as the
 * project root: the waterfall rules name the handler around the report or a handler that calls it directly,
 * from the files their start-up gate read.
 */
import assert from 'node:assert/strict';
import { lintFixture } from '../../lint-fixture.js';

/** @type {Record<string, Array<{ ruleId: string | null, line: number, message: string }>>} */
let reports;

/**
 * The messages of one file, as `line rule: message`.
 * @param {string} file
 */
const messagesIn = (file) => (reports[file] ?? []).map((report) => `${report.line} ${report.ruleId?.replace('unblock/', '')}: ${report.message}`);

describe('project index: report messages name the route', () => {
  before(async () => {
    reports = await lintFixture('route-messages');
  });

  it('a waterfall in an Express route handler names GET /x', () => {
    assert.deepEqual(messagesIn('routes.js'), [
      "11 no-await-waterfall: `readProfile()` and `readInvoices()` wait for each other though neither uses the other's result (reached from GET /x in routes.js); start them together with Promise.all.",
    ]);
  });

  it('a helper three routes call names the first and counts the others', () => {
    assert.deepEqual(messagesIn('dashboard.js'), [
      "4 no-await-waterfall: `readTotals()` and `readAlerts()` wait for each other though neither uses the other's result (reached from GET /a in routes.js and from two other routes); start them together with Promise.all.",
    ]);
  });

  it('a loop waterfall in a NestJS controller method names POST /prefix/path', () => {
    assert.deepEqual(messagesIn('orders.controller.ts'), [
      '10 no-loop-waterfall: The iterations of this loop do not depend on each other but each waits for the previous one (reached from POST /orders/lookup in orders.controller.ts); run them together with Promise.all.',
    ]);
  });

  it('a computed Koa path is said to be computed, not printed as "GET in koa.js"', () => {
    assert.deepEqual(messagesIn('koa.js'), [
      "9 no-await-waterfall: `readProfile()` and `readInvoices()` wait for each other though neither uses the other's result (reached from GET with a computed path in koa.js); start them together with Promise.all.",
    ]);
  });

  it('a handler registered in a third file, one call above: no route named, the message is unchanged', () => {
    assert.deepEqual(messagesIn('invoices.js'), [
      "6 no-await-waterfall: `readProfile()` and `readInvoices()` wait for each other though neither uses the other's result; start them together with Promise.all.",
    ]);
  });

  it('nothing known to call it: no entry to name, so no report (includeUnknownCallers reports it, its message as it always was)', async () => {
    assert.deepEqual(messagesIn('report.js'), []);
    const included = await lintFixture('route-messages', { 'unblock/no-await-waterfall': ['warn', { includeUnknownCallers: true }] });
    assert.deepEqual((included['report.js'] ?? []).map((report) => `${report.line} ${report.message}`), [
      "5 `readProfile()` and `readInvoices()` wait for each other though neither uses the other's result; start them together with Promise.all.",
    ]);
  });

  it('the blocking rule counts the other routes the same way, and package calls name it too, folded into an aside already there', () => {
    assert.deepEqual(messagesIn('tokens.js'), [
      '8 no-blocking-sync-call: `crypto.pbkdf2Sync()` computes on the main thread (100,000 iterations of SHA-256: about 17 ms per call) and stalls every other request (reached from GET /fingerprint in routes.js and from one other route); in an async function, use await promisify(crypto.pbkdf2)(…).',
      // One aside, not "(its callback form …) (reached from …)".
      '12 no-blocking-sync-call: jsonwebtoken.sign() signs with a private key on the main thread (about 1.4 ms for RS256 with a 2048-bit key, more for larger keys), and it has no asynchronous form (its callback form signs on the main thread too, one tick later; reached from POST /token in routes.js). Run it on a worker pool (piscina), or use jose, whose WebCrypto signing runs on the libuv thread pool, so the event loop keeps serving.',
      '16 no-blocking-sync-call: bcryptjs.hashSync() hashes with bcrypt in JavaScript on the main thread (cost factor 10: about 100 ms per hash), so no other request is served until it returns (reached from POST /secret in routes.js). Its async form, bcryptjs.hash(), is no cure: it yields to other requests only after each 100 ms of work, so at cost factor 10 a hash still blocks in one piece. Use native bcrypt\'s hash() (the same hash, computed on the libuv thread pool), or run it on a worker thread.',
    ]);
  });
});
