/**
 * The exact words of each rule's report: which operations it names, as the
 * file wrote them, in one sentence of about 140 characters at most.
 */
import assert from 'node:assert/strict';
import { lintWith } from '../support/apply-suggestions.js';

// The blocking rule's cases are functions nothing calls: they are reported once unknown callers are.
const optionsOf = (/** @type {string} */ rule) => (rule === 'no-blocking-sync-call' ? { includeUnknownCallers: true } : undefined);
/**
 * @param {string} rule
 * @param {string} code
 * @param {'module' | 'commonjs'} [sourceType]
 */
const messagesOf = (rule, code, sourceType = 'module') => lintWith(code, { rule, sourceType, options: optionsOf(rule) }).map((message) => message.message);

describe('report messages', () => {
  describe('unblock/no-await-waterfall names the operations', () => {
    const cases = [
      ['two calls', 'async function h(id) { const user = await api.getUser(id); const orders = await api.getOrders(id); return [user, orders]; }',
        "`getUser()` and `getOrders()` wait for each other though neither uses the other's result; start them together with Promise.all."],
      ['three calls', 'async function h() { const a = await f(); const b = await g(); const c = await k(); return [a, b, c]; }',
        "`f()`, `g()` and `k()` wait for each other though none uses another's result; start them together with Promise.all."],
      ['past three: the first two and +N more', 'async function h() { const a = await f(); const b = await g(); const c = await k(); const d = await m(); return [a, b, c, d]; }',
        "`f()`, `g()` +2 more wait for each other though none uses another's result; start them together with Promise.all."],
      ['the same method name on two receivers reads in full', 'async function h() { const a = await pool.query("1"); const b = await replica.query("2"); return [a, b]; }',
        "`pool.query()` and `replica.query()` wait for each other though neither uses the other's result; start them together with Promise.all."],
      // A name is never repeated: the same call twice is counted.
      ['the same call twice is counted', 'async function h(a, b) { const x = await db.findWhere(a); const y = await db.findWhere(b); return [x, y]; }',
        "two `db.findWhere()` calls wait for each other though neither uses the other's result; start them together with Promise.all."],
      ['counted and named apart from another receiver\'s method of the same name', 'async function h(a) { const x = await settings.get("a"); const y = await settings.get("b"); const z = await redis.get(a); return [x, y, z]; }',
        "two `settings.get()` calls and `redis.get()` wait for each other though none uses another's result; start them together with Promise.all."],
      ['four of the same call', 'async function h() { const a = await q("1"); const b = await q("2"); const c = await q("3"); const d = await q("4"); return [a, b, c, d]; }',
        "four `q()` calls wait for each other though none uses another's result; start them together with Promise.all."],
      ['a repeated name among others', 'async function h() { const a = await find(1); const b = await list(); const c = await find(2); return [a, b, c]; }',
        "two `find()` calls and `list()` wait for each other though none uses another's result; start them together with Promise.all."],
      ['past three names: the first two and +N more operations', 'async function h() { const a = await f(); const b = await f(); const c = await g(); const d = await k(); const e = await m(); return [a, b, c, d, e]; }',
        "two `f()` calls, `g()` +2 more wait for each other though none uses another's result; start them together with Promise.all."],
      ['awaits inside one expression', 'async function h() { return [await f(), await this.repo.load()]; }',
        "`f()` and `load()` wait for each other though neither uses the other's result; start them together with Promise.all."],
    ];
    for (const [title, code, expected] of cases) {
      it(title, () => assert.deepEqual(messagesOf('no-await-waterfall', code), [expected]));
    }

    it('says so when no rewrite can keep the declared types', () => {
      const code = 'async function h() { let a, b; a = (await f()) as A; b = await g(); return [a, b]; }';
      const [message] = lintWith(code, { rule: 'no-await-waterfall', typescript: true });
      assert.equal(message.message, "`f()` and `g()` wait for each other though neither uses the other's result; start them together with Promise.all (no rewrite: it would lose a declared type).");
      assert.deepEqual(message.suggestions ?? [], []);
    });
  });

  describe('unblock/no-blocking-sync-call uses the names the file imported', () => {
    const cases = [
      ['named import', "import { gzipSync } from 'node:zlib'; export async function h(b) { return gzipSync(b); }", 'module',
        '`gzipSync()` computes on the main thread and stalls every other request; use await promisify(gzip)(…) instead.'],
      ['aliased import names the API too', "import { pbkdf2Sync as derive } from 'node:crypto'; export async function h(p) { return derive(p, 's', 1000, 64, 'sha512'); }", 'module',
        '`derive()` (crypto.pbkdf2Sync) computes on the main thread and stalls every other request; use await promisify(pbkdf2)(…) instead.'],
      ['namespace import', "import * as crypto from 'node:crypto'; export async function h(p) { return crypto.pbkdf2Sync(p, 's', 1000, 64, 'sha512'); }", 'module',
        '`crypto.pbkdf2Sync()` computes on the main thread and stalls every other request; use await promisify(crypto.pbkdf2)(…) instead.'],
      ['require destructuring', "const { scryptSync } = require('crypto'); module.exports = async function h(p) { return scryptSync(p, 's', 64); }", 'commonjs',
        '`scryptSync()` computes on the main thread and stalls every other request; use await promisify(scrypt)(…) instead.'],
      ['not in an async function: the table\'s replacement, never with empty ()', "import { execSync } from 'node:child_process'; export function h(c) { return execSync(c); }", 'module',
        '`execSync()` blocks the main thread until the child exits; in an async function, use await promisify(child_process.exec)(…) and its stdout.'],
    ];
    for (const [title, code, sourceType, expected] of cases) {
      it(title, () => {
        const messages = messagesOf('no-blocking-sync-call', /** @type {string} */ (code), /** @type {any} */ (sourceType));
        assert.equal(messages.length, 1);
        assert.ok(messages[0].length <= 140, `${messages[0].length} characters: ${messages[0]}`);
        assert.doesNotMatch(messages[0], /\(\)\(|\w\(\) instead|\(\)\)/, 'an empty argument list in the replacement');
        assert.equal(messages[0], expected);
      });
    }
  });
});
