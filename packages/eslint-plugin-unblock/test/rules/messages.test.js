/**
 * The exact words of each rule's report: which operations it names, as the
 * file wrote them, in one sentence of about 140 characters at most (a measured cost comes on top).
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
      // `.then()` is not the operation: the call it is chained on is, and the two are counted as one name.
      ['a call with a handler chained on is named by the call', "async function h(p) { const n = await rawQuery('a', p).then((rows) => rows[0].n); const rows = await rawQuery('b', p); return [n, rows]; }",
        "two `rawQuery()` calls wait for each other though neither uses the other's result; start them together with Promise.all."],
      // Named in full where the short names are the same: strings keep their spaces ('events as e', not 'eventsase').
      ['query builders named in full keep the spaces of their strings', "async function h() { const a = await knex('events as e').select('e.id'); const b = await knex('users as u').select('u.id'); return [a, b]; }",
        "`knex('events as e').select()` and `knex('users as u').select()` wait for each other though neither uses the other's result; start them together with Promise.all."],
      // Too long in full: the inner calls' arguments are left out, never cut in the middle ("count('idas…()").
      ['a long chain leaves out the arguments of its inner calls', "async function h(id) { const [a] = await db.knex('email_recipients').count('id as count').whereRaw('email_id = ? AND delivered_at IS NOT NULL', [id]); const [b] = await db.knex('email_recipients').count('id as count').whereRaw('email_id = ? AND failed_at IS NOT NULL', [id]); return [a, b]; }",
        "two `db.knex(…).count(…).whereRaw()` calls wait for each other though neither uses the other's result; start them together with Promise.all."],
      ['a longer chain reads as its first call and its last name', "async function h(id) { const a = await this.knex('members_created_events as mce').countDistinct('mce.member_id as n').where('mce.attribution_id', id).where('mce.attribution_type', 'post'); const b = await this.knex('members_subscription_created_events as msce').countDistinct('msce.member_id as n').where('msce.attribution_id', id).where('msce.attribution_type', 'post'); return [a, b]; }",
        "two `this.knex(…)…where()` calls wait for each other though neither uses the other's result; start them together with Promise.all."],
      ['a static of Promise keeps its class', 'async function h() { const a = await getPost(); const [b, c] = await Promise.all([f(), g()]); return [a, b, c]; }',
        "`getPost()` and `Promise.all()` wait for each other though neither uses the other's result; start them together with Promise.all."],
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

  // The linted file alone (no project index): the routes it registers itself are named, in the blocking rule's words.
  describe('the waterfall rules name the route the code runs on', () => {
    const cases = [
      ['no-await-waterfall', 'a waterfall in an Express route handler names GET /x', "import express from 'express';\nconst app = express();\napp.get('/x', async (req, res) => {\n  const user = await api.getUser(req.query.id);\n  const orders = await api.getOrders(req.query.id);\n  res.json({ user, orders });\n});",
        "`getUser()` and `getOrders()` wait for each other though neither uses the other's result (reached from GET /x in input.js); start them together with Promise.all."],
      // The start-up gate asks about the function that awaits the callback: the route is read there too.
      ['no-await-waterfall', 'a callback the handler awaits runs on its route', "import express from 'express';\nconst app = express();\napp.post('/batch', async (req, res) => {\n  await Promise.all(req.body.items.map(async (item) => {\n    const user = await api.getUser(item.id);\n    const orders = await api.getOrders(item.id);\n    return [user, orders];\n  }));\n  res.end();\n});",
        "`getUser()` and `getOrders()` wait for each other though neither uses the other's result (reached from POST /batch in input.js); start them together with Promise.all."],
      // Not "GET in input.js": the url is built at run time.
      ['no-await-waterfall', 'a computed path is said to be computed', "import Fastify from 'fastify';\nconst server = Fastify();\nserver.route({ method: 'GET', url: base + '/me', handler: async (req) => {\n  const user = await api.getUser(req.query.id);\n  const orders = await api.getOrders(req.query.id);\n  return [user, orders];\n} });",
        "`getUser()` and `getOrders()` wait for each other though neither uses the other's result (reached from GET with a computed path in input.js); start them together with Promise.all."],
      ['no-await-waterfall', 'no route known: the message is unchanged', 'export async function h(id) {\n  const user = await api.getUser(id);\n  const orders = await api.getOrders(id);\n  return [user, orders];\n}',
        "`getUser()` and `getOrders()` wait for each other though neither uses the other's result; start them together with Promise.all."],
      ['no-loop-waterfall', 'an async forEach in a route handler', "import express from 'express';\nconst app = express();\napp.get('/x', async (req, res) => {\n  req.body.ids.forEach(async (id) => { await api.touch(id); });\n  res.end();\n});",
        'forEach does not wait for async callbacks: the code after it runs before they finish and their errors go unhandled (reached from GET /x in input.js).'],
      ['no-loop-waterfall', 'no route known: the loop message is unchanged', 'export async function h(ids) {\n  const found = [];\n  for (const id of ids) found.push(await api.read(id));\n  return found;\n}',
        'The iterations of this loop do not depend on each other but each waits for the previous one; run them together with Promise.all.'],
    ];
    for (const [rule, title, code, expected] of cases) {
      it(title, () => assert.deepEqual(lintWith(code, { rule }).map((message) => message.message), [expected]));
    }

    it('a loop in a NestJS controller method names POST /prefix/path', () => {
      const code = "import { Controller, Post, Body } from '@nestjs/common';\n@Controller('orders')\nexport class OrdersController {\n  @Post('lookup')\n  public async lookup(@Body() body: { ids: string[] }) {\n    const found = [];\n    for (const id of body.ids) found.push(await this.store.readOrder(id));\n    return found;\n  }\n}";
      assert.deepEqual(lintWith(code, { rule: 'no-loop-waterfall', typescript: true }).map((message) => message.message), [
        'The iterations of this loop do not depend on each other but each waits for the previous one (reached from POST /orders/lookup in input.ts); run them together with Promise.all.',
      ]);
    });
  });

  describe('unblock/no-blocking-sync-call uses the names the file imported', () => {
    const cases = [
      ['named import', "import { gzipSync } from 'node:zlib'; export async function h(b) { return gzipSync(b); }", 'module',
        '`gzipSync()` computes on the main thread (about 14 ms per MB of input) and stalls every other request; use await promisify(gzip)(…) instead.'],
      ['aliased import names the API too', "import { pbkdf2Sync as derive } from 'node:crypto'; export async function h(p, n) { return derive(p, 's', n, 64, 'sha512'); }", 'module',
        '`derive()` (crypto.pbkdf2Sync) computes on the main thread and stalls every other request; use await promisify(pbkdf2)(…) instead.'],
      ['namespace import', "import * as crypto from 'node:crypto'; export async function h(p, n) { return crypto.pbkdf2Sync(p, 's', n, 64, 'sha512'); }", 'module',
        '`crypto.pbkdf2Sync()` computes on the main thread and stalls every other request; use await promisify(crypto.pbkdf2)(…) instead.'],
      ['require destructuring', "const { scryptSync } = require('crypto'); module.exports = async function h(p, cost) { return scryptSync(p, 's', 64, cost); }", 'commonjs',
        '`scryptSync()` computes on the main thread and stalls every other request; use await promisify(scrypt)(…) instead.'],
      ['not in an async function: the table\'s replacement, never with empty ()', "import { execSync } from 'node:child_process'; export function h(c) { return execSync(c); }", 'module',
        '`execSync()` blocks the main thread until the child exits (starting a shell and a process: at least 2 ms per call, plus whatever the command does); in an async function, use await promisify(child_process.exec)(…) and its stdout.'],
    ];
    for (const [title, code, sourceType, expected] of cases) {
      it(title, () => {
        const messages = messagesOf('no-blocking-sync-call', /** @type {string} */ (code), /** @type {any} */ (sourceType));
        assert.equal(messages.length, 1);
        // The cost a measured figure adds ("(about 14 ms per MB of input)") comes on top of the sentence.
        const sentence = messages[0].replace(/ \([^()]*\d ms per [^()]*\)/, '');
        assert.ok(sentence.length <= 140, `${sentence.length} characters: ${sentence}`);
        assert.doesNotMatch(messages[0], /\(\)\(|\w\(\) instead|\(\)\)/, 'an empty argument list in the replacement');
        assert.equal(messages[0], expected);
      });
    }
  });
});
