import assert from 'node:assert/strict';
import { Linter } from 'eslint';
import plugin from '../../index.js';
import rule from '../../rules/no-await-waterfall.js';
import { generateHandlers } from '../../../../scripts/generated-code.js';
import { lintWith, applyFirstSuggestions } from '../support/apply-suggestions.js';
import { runRuleTests } from './rule-tester.js';

/**
 * @param {number} count
 * @param {string | null} output the exact suggested code, or null when no rewrite is offered
 * @param {{ line?: number, column?: number, endLine?: number }} [at]
 */
const waterfall = (count, output, at = {}) => ({
  // The message's names are checked by test/rules/messages.test.js; here only the id.
  messageId: 'waterfall',
  ...at,
  suggestions: output === null ? [] : [{ messageId: 'startTogether', data: { count: String(count) }, output }],
});

/**
 * @param {ReturnType<typeof waterfall>} error
 * @param {string} output the exact "start early, await late" suggestion that follows the Promise.all one
 */
const withEarlyStart = (error, output) => ({ ...error, suggestions: [...error.suggestions, { messageId: 'startEarly', output }] });

const valid = [
  // ── A binding flows from the earlier operation to the later one ──────────
  // g needs f's result.
  'async function h() { const x = await f(); const y = await g(x); return y; }',
  // Write after write: both assign x.
  'async function h() { let x = await f(); x = await g(); return x; }',
  // The callback passed to f writes `count`, which g reads.
  'async function h() { let count = 0; const y = await f(() => { count++; }); const z = await g(count); return [y, z]; }',
  // Spread of the first result.
  'async function h() { const y = await f(); const z = await g(...y); return z; }',
  // A member write followed by a read of the object.
  'async function h() { const o = {}; o.x = await f(); const z = await g(o); return z; }',
  // A closure passed to g reads f's result.
  'async function h() { const y = await f(); const z = await g(() => y); return z; }',
  // A local helper that f receives writes `total`, which the next call reads.
  'let total = 0; function bump() { total++; } async function h() { const r = await run(bump); const v = await report(total); return [r, v]; }',
  // The earlier call is a local function whose body writes `total`.
  'let total = 0; async function bump() { total++; return total; } async function h() { const r = await bump(); const v = await report(total); return [r, v]; }',
  // Write-after-read: g's argument is computed from `state`, which the later assignment replaces.
  'async function h(state) { const a = await f(state.id); state = await g(); return [a, state]; }',

  // ── The earlier operation is a barrier ───────────────────────────────────
  // A guard: its result is unused, and it throws to stop what follows.
  'async function h(id) { await assertCanDelete(id); const r = await repo.remove(id); return r; }',
  'async function h(input) { await validate(input); const r = await getThing(input); return r; }',
  // A declared result that nothing reads is a dropped result too.
  'async function h() { const ok = await checkQuota(); const r = await getThing(); return r; }',
  // Locks, sleeps and hand-made sleeps order everything after them.
  'async function h() { const release = await mutex.acquire(); const v = await getThing(); release(); return v; }',
  'async function h() { const x = await sleep(100); const v = await getThing(); return [x, v]; }',
  'async function h() { const x = await getThing(); const t = await new Promise((r) => setTimeout(r, 10)); return [x, t]; }',
  // Transaction boundaries.
  "async function h(client) { await client.query('BEGIN'); const a = await getA(); const b = await getB(); return [a, b]; }",
  // Navigation and UI interaction in a browser test, followed by a query.
  "test('x', async () => { await page.goto(url); const rows = await db.getRows(); expect(rows).toBe(1); });",
  "test('y', async () => { const el = await page.waitForSelector('#x'); const title = await page.getTitle(); expect([el, title]).toBeTruthy(); });",
  // A callee the user declared ordered.
  {
    code: 'async function h() { const a = await audit.log("x"); const b = await getB(); return [a, b]; }',
    options: [{ orderedCallees: ['audit.log'] }],
  },

  // ── Same receiver or entity, and one of them writes ──────────────────────
  'async function h(row) { const r = await db.insert(row); const n = await db.count(); return [r, n]; }',
  'async function h() { const r = await counter.increment(); const v = await counter.value(); return [r, v]; }',
  'class S { async run() { const a = await this.load(); const b = await this.compute(); return [a, b]; } }',
  // Update then refetch of the same id, on different clients.
  'async function h(id, data) { const u = await api.updateUser(id, data); const fresh = await users.getUser(id); return [u, fresh]; }',
  // Ordered log writes.
  "async function h() { const l1 = await log.write('a'); const l2 = await log.write('b'); return [l1, l2]; }",
  // Found in real code (an auth module): after an update, a call of unknown
  // kind (serialising an entity loaded before) may observe the write half-done.
  'class A { async m(row, data) { const updated = await this.identities.update({ id: row.id, ...data }); const out = await this.repository.serialize(this.loaded); return [updated, out]; } }',
  // A later write must not run when an earlier call would have failed first.
  'async function h(order) { const x = await getStock(); const y = await saveOrder(order); return [x, y]; }',
  "async function h() { const x = await getA(); const y = await fetch(url, { method: 'POST' }); return [x, y]; }",
  // Two queries on one pool, the first one a write (its SQL text says so).
  "async function h() { const x = await pool.query('UPDATE accounts SET n = n + 1'); const y = await pool.query('SELECT 2'); return [x, y]; }",
  // Two queries whose text is not SQL the analysis can read: nothing says what they do.
  'async function h(a, b) { const x = await pool.query(a); const y = await pool.query(b); return [x, y]; }',
  // The earlier call may change the object the later one reads.
  'async function h(list) { const r = await list.refresh(); const v = await render(list); return [r, v]; }',
  // Found in real code (an auth library's token cache): two calls through a
  // curried wrapper, both handed the same storage object they may write to.
  'async function h(storage, response) { const idToken = await invoke(loadIdToken, log)(response, storage); const accessToken = await invoke(loadAccessToken, log)(response, storage); return [idToken, accessToken]; }',
  // The same with a shared member object (`this.cache`).
  'class T { async m() { const a = await prepareA(this.cache); const b = await prepareB(this.cache); return [a, b]; } }',
  // Found in real code (a CLI): the second call asks the user a question;
  // nothing should start before the answer, and the prompt must not show when the lookup fails.
  "async function h(name) { const publisher = await getPublisher(name); const answer = await read(`Delete '${name}'? [y/N] `); return [publisher, answer]; }",
  // A user-declared write verb.
  {
    code: 'async function h() { const a = await store.getNext(); const b = await store.getNext(); return [a, b]; }',
    options: [{ writeVerbs: ['getNext'] }],
  },

  // ── One connection, or inside a transaction ─────────────────────────────
  "async function h(pool) { const c = await pool.connect(); const x = await c.query('SELECT 1'); const y = await other.getY(); return [x, y]; }",
  'async function h() { return db.transaction(async (tx) => { const u = await tx.getUser(1); const o = await orders.getAll(); return [u, o]; }); }',
  'async function h() { return prisma.$transaction(async (tx) => { const u = await tx.user.findMany(); const p = await tx.post.findMany(); return [u, p]; }); }',
  // Found in real code (an e-commerce platform): the framework runs this method in a transaction.
  {
    code: `class ProductService {
  @InjectTransactionManager()
  protected async createVariants(data: Data[], sharedContext: Context = {}) {
    const options = await this.optionService.list({ ids: data.map((d) => d.id) }, sharedContext);
    const variants = await this.variantService.list({ ids: data.map((d) => d.id) }, sharedContext);
    return [options, variants];
  }
}`,
    only: 'ts',
  },
  // A receiver whose name ends in a word for one ordered resource.
  'async function h() { const a = await sharedPage.getCount("a"); const b = await sharedPage.getCount("b"); return [a, b]; }',
  // Reads on one connection are serialised by the driver anyway.
  'async function h(conn) { const a = await conn.getA(); const b = await conn.getB(); return [a, b]; }',

  // ── Promises already started, or plain values ───────────────────────────
  'async function h() { const p = f(); const q = g(); const x = await p; const y = await q; return [x, y]; }',
  'async function h(value) { const x = await 1; const y = await value; return [x, y]; }',

  // ── Not in one statement list, or separated by what depends on the first ─
  'async function h(c) { if (c) { const x = await f(); return x; } const y = await g(); return y; }',
  'async function h() { const a = async () => { const x = await f(); return x; }; const y = await g(); return [a, y]; }',
  // An early exit that depends on the first result: g would run even when f found nothing.
  'async function h() { const x = await f(); if (!x) return null; const y = await g(); return [x, y]; }',
  // A call whose result is dropped between them may be the reason for the order.
  'async function h() { const x = await f(); console.log(x); const y = await g(); return [x, y]; }',
  // The later operand holds an await of its own that would move with it.
  'async function h() { const x = await f(); const y = await g(await k()); return [x, y]; }',
  // Several declarators in one statement are left alone.
  'async function h() { const x = await f(), y = 1; const z = await g(); return [x, y, z]; }',
  // Expressions: the second operand changes what the first one reads.
  'async function h(x) { return [await f(x), await g(x++)]; }',
  // Expressions: a write must wait for the read before it.
  'async function h(x) { return { a: await getA(), b: await saveB(x) }; }',

  // ── Files not on a request path ─────────────────────────────────────────
  // Found in real code (a CMS's codemod tests): two fixture reads in a test.
  // True, but a test gains nothing worth a warning; test files are skipped by default.
  { code: 'it("x", async () => { const input = await fixture("a.ts"); const output = await fixture("b.ts"); expect(input).toBe(output); });', filename: 'src/transforms/index.spec.js' },
  { code: 'async function h() { const a = await getA(); const b = await getB(); return [a, b]; }', filename: 'test/helpers.js' },
  { code: 'async function h() { const a = await getA(); const b = await getB(); return [a, b]; }', filename: 'src/jobs/nightly.js', options: [{ ignoreFiles: ['**/jobs/**'] }] },

  // ── Odd but valid input never throws ────────────────────────────────────
  '',
  'label: { const x = 1; break label; }',
  { code: 'with (obj) { f(); }', languageOptions: { sourceType: 'script' }, only: 'js' },
  'class A { static { const x = 1; } static async m() { const r = await f(); return r; } }',
  // Explicit resource management: ESLint 8's espree predates it.
  { code: 'async function h() { await using res = await open(); const x = await f(); return x; }', minEslint: 9 },
  'const x = await f?.(); const y = x?.a?.(); export { y };',
];

const invalid = [
  // ── The message names the route the handler serves (the file alone shows it) ──
  {
    code: `import express from 'express';
const app = express();
app.get('/x', async (req, res) => {
  const user = await db.getUser(req.query.id);
  const orders = await db.getOrders(req.query.id);
  res.json({ user, orders });
});`,
    filename: 'routes.js',
    errors: [{
      ...waterfall(2, `import express from 'express';
const app = express();
app.get('/x', async (req, res) => {
  const [user, orders] = await Promise.all([
    db.getUser(req.query.id),
    db.getOrders(req.query.id),
  ]);
  res.json({ user, orders });
});`, { line: 4, column: 3, endLine: 5 }),
      data: { names: '`getUser()` and `getOrders()`', reason: "neither uses the other's result", route: ' (reached from GET /x in routes.js)', observed: '' },
    }],
  },
  // ── Adjacent declarations ───────────────────────────────────────────────
  {
    code: `async function h(id) {
  const user = await db.getUser(id);
  const orders = await db.getOrders(id);
  return { user, orders };
}`,
    errors: [waterfall(2, `async function h(id) {
  const [user, orders] = await Promise.all([db.getUser(id), db.getOrders(id)]);
  return { user, orders };
}`, { line: 2, column: 3, endLine: 3 })],
  },
  // Shadowed names are not flow: the arrow's `x` is its own parameter.
  {
    code: `async function h(x) {
  const y = await f();
  const z = await g((x) => x + 1);
  return [y, z];
}`,
    errors: [waterfall(2, `async function h(x) {
  const [y, z] = await Promise.all([f(), g((x) => x + 1)]);
  return [y, z];
}`)],
  },
  // Three operations, destructuring patterns, long lines wrap, comments move with their operation.
  {
    code: `async function handler(req, res) {
  // load everything the page needs
  const user = await db.users.findOne({ id: req.params.id }); // by primary key
  // settings live in another service
  const { theme, locale = 'en' } = await settingsService.getSettings(req.params.id);
  const [first, ...rest] = await fetch(\`\${base}/events?u=\${req.params.id}\`).then((r) => r.json());
  res.json({ user, theme, locale, first, rest });
}`,
    errors: [waterfall(3, `async function handler(req, res) {
  // load everything the page needs
  const [user, { theme, locale = 'en' }, [first, ...rest]] = await Promise.all([
    // by primary key
    db.users.findOne({ id: req.params.id }),
    // settings live in another service
    settingsService.getSettings(req.params.id),
    fetch(\`\${base}/events?u=\${req.params.id}\`).then((r) => r.json()),
  ]);
  res.json({ user, theme, locale, first, rest });
}`, { line: 3, column: 3, endLine: 6 })],
  },
  // Tabs and a multi-line argument keep their shape.
  {
    code: `async function h() {
\tconst x = await f();
\tconst y = await g({
\t\tlong: 1,
\t});
\treturn [x, y];
}`,
    errors: [waterfall(2, `async function h() {
\tconst [x, y] = await Promise.all([
\t\tf(),
\t\tg({
\t\t\tlong: 1,
\t\t}),
\t]);
\treturn [x, y];
}`)],
  },
  // No semicolons in, none out.
  {
    code: `async function h() {
  let x = await f()
  let y = await g()
  return [x, y]
}`,
    errors: [waterfall(2, `async function h() {
  let [x, y] = await Promise.all([f(), g()])
  return [x, y]
}`)],
  },

  // ── Non-adjacent groups: only the independent operation moves ──────────
  {
    code: `async function h(id) {
  const a = await f(id);
  const b = await g(a);
  const c = await k(id);
  return [a, b, c];
}`,
    errors: [withEarlyStart(waterfall(2, `async function h(id) {
  const [a, c] = await Promise.all([f(id), k(id)]);
  const b = await g(a);
  return [a, b, c];
}`, { line: 2, endLine: 4 }),
    // Started early, k(id) also overlaps g(a) (see no-await-waterfall.early-start.test.js).
    `async function h(id) {
  const cPromise = (async () => k(id))();
  cPromise.catch(() => {}); // keeps an early failure for the await below (no unhandled rejection)
  const a = await f(id);
  const b = await g(a);
  const c = await cPromise;
  return [a, b, c];
}`)],
  },
  // A plain statement that depends on the first result stays between, in order.
  {
    code: `async function h() {
  const user = await getUser();
  const name = user.name.toUpperCase();
  const posts = await getPosts();
  return { name, posts };
}`,
    errors: [waterfall(2, `async function h() {
  const [user, posts] = await Promise.all([getUser(), getPosts()]);
  const name = user.name.toUpperCase();
  return { name, posts };
}`)],
  },

  // ── Assignments to variables and members ────────────────────────────────
  // JavaScript (also when typescript-eslint parses it): in TypeScript the type `this.y` expects
  // could steer g()'s inference, and it cannot be written into the Promise.all (see the typed cases).
  {
    filename: 'file.js',
    code: `async function h() {
  let x, y;
  x = await f();
  this.y = await g();
  return [x, this.y];
}`,
    errors: [waterfall(2, `async function h() {
  let x, y;
  [x, this.y] = await Promise.all([f(), g()]);
  return [x, this.y];
}`)],
  },
  // A line starting with "[" after a line without a semicolon gets a guard. (JavaScript: in
  // TypeScript the globals `x` and `y` would not compile.)
  {
    filename: 'file.js',
    code: `async function h() {
  foo()
  x = await f()
  y = await g()
}`,
    errors: [waterfall(2, `async function h() {
  foo()
  ;[x, y] = await Promise.all([f(), g()])
}`)],
  },

  // ── Awaits inside one expression ────────────────────────────────────────
  {
    code: 'async function h() { return send(await first(), await second()); }',
    errors: [waterfall(2, 'async function h() { return send(...await Promise.all([first(), second()])); }')],
  },
  {
    code: 'async function h() { const arr = [await one(), await two()]; return arr; }',
    errors: [waterfall(2, 'async function h() { const arr = await Promise.all([one(), two()]); return arr; }')],
  },
  {
    code: 'async function h() { return [await one(), await two()].map(String); }',
    errors: [waterfall(2, 'async function h() { return (await Promise.all([one(), two()])).map(String); }')],
  },
  {
    code: 'async function h() { return [0, await one(), await two(), 3]; }',
    errors: [waterfall(2, 'async function h() { return [0, ...await Promise.all([one(), two()]), 3]; }')],
  },
  // Object properties: reported, but there is no in-place rewrite that keeps the keys readable.
  {
    code: 'async function h() { return { user: await getUser(), posts: await getPosts() }; }',
    errors: [waterfall(2, null, { column: 37 })],
  },

  // ── Where awaits live ───────────────────────────────────────────────────
  // Top-level awaits run once at start-up: reported only with includeOneOffCode (see the valid cases).
  {
    code: 'const config = await getConfig();\nconst flags = await getFlags();\nexport { config, flags };',
    options: [{ includeOneOffCode: true }],
    errors: [waterfall(2, 'const [config, flags] = await Promise.all([getConfig(), getFlags()]);\nexport { config, flags };')],
  },
  {
    code: 'export const a = await getA();\nexport const b = await getB();',
    options: [{ includeOneOffCode: true }],
    errors: [waterfall(2, 'export const [a, b] = await Promise.all([getA(), getB()]);')],
  },
  {
    code: 'const h = async () => { const a = await getA(); const b = await getB(); return a + b; };',
    errors: [waterfall(2, 'const h = async () => { const [a, b] = await Promise.all([getA(), getB()]); return a + b; };')],
  },
  {
    code: 'class C { async m() { const a = await this.repo.findA(); const b = await this.mailer.getB(); return [a, b]; } }',
    errors: [waterfall(2, 'class C { async m() { const [a, b] = await Promise.all([this.repo.findA(), this.mailer.getB()]); return [a, b]; } }')],
  },
  {
    code: 'async function s(k) { switch (k) { case 1: const x = await f(); const y = await g(); return [x, y]; } }',
    errors: [waterfall(2, 'async function s(k) { switch (k) { case 1: const [x, y] = await Promise.all([f(), g()]); return [x, y]; } }')],
  },
  // Reads on the same receiver are independent.
  {
    code: 'async function h(id) { const a = await db.users.findOne(id); const b = await db.orders.findMany(id); return [a, b]; }',
    errors: [waterfall(2, 'async function h(id) { const [a, b] = await Promise.all([db.users.findOne(id), db.orders.findMany(id)]); return [a, b]; }')],
  },
  // Only called names are verbs: the table `post` is a noun (reported by a colleague's harness tests).
  {
    code: 'async function h(id) { const user = await prisma.user.findUnique({ where: { id } }); const posts = await prisma.post.findMany({ where: { authorId: id } }); return [user, posts]; }',
    errors: [waterfall(2, 'async function h(id) { const [user, posts] = await Promise.all([prisma.user.findUnique({ where: { id } }), prisma.post.findMany({ where: { authorId: id } })]); return [user, posts]; }')],
  },
  // Sharing a value that reads as a scalar (an id) is no shared state, even for unknown verbs.
  {
    code: 'async function h(userId) { const a = await loadUser(userId); const b = await loadPosts(userId); return [a, b]; }',
    errors: [waterfall(2, 'async function h(userId) { const [a, b] = await Promise.all([loadUser(userId), loadPosts(userId)]); return [a, b]; }')],
  },
  // Two reads may share an object argument.
  {
    code: 'async function h(ctx) { const a = await getA(ctx); const b = await getB(ctx); return [a, b]; }',
    errors: [waterfall(2, 'async function h(ctx) { const [a, b] = await Promise.all([getA(ctx), getB(ctx)]); return [a, b]; }')],
  },
  // A write first, then a read of something else, is fine: the read does not depend on it.
  {
    code: 'async function h(row) { const saved = await orders.insert(row); const cfg = await config.getAll(); return [saved, cfg]; }',
    errors: [waterfall(2, 'async function h(row) { const [saved, cfg] = await Promise.all([orders.insert(row), config.getAll()]); return [saved, cfg]; }')],
  },
  // A user-declared read verb makes two calls on one receiver independent.
  {
    code: 'async function h() { const a = await pool.query("SELECT 1"); const b = await pool.query("SELECT 2"); return [a, b]; }',
    options: [{ readVerbs: ['query'] }],
    errors: [waterfall(2, 'async function h() { const [a, b] = await Promise.all([pool.query("SELECT 1"), pool.query("SELECT 2")]); return [a, b]; }')],
  },

  // ── No rewrite offered, but still reported ──────────────────────────────
  // Mixed declaration kinds cannot merge.
  {
    code: 'async function h() { const a = await f(); let b = await g(); return [a, b]; }',
    errors: [waterfall(2, null)],
  },
  // A comment between `=` and `await` has no place in the rewrite.
  {
    code: 'async function h() { const a = /* why */ await f(); const b = await g(); return [a, b]; }',
    errors: [waterfall(2, null)],
  },
  // The first result is asserted to a type: the assertion keeps its own statement, fed from the named result.
  {
    code: 'async function h() { const a = (await f()) as A; const b = await g(); return [a, b]; }',
    only: 'ts',
    errors: [waterfall(2, 'async function h() { const [aResult, b] = await Promise.all([f(), g()]); const a = aResult as A; return [a, b]; }')],
  },
  // Only some members are annotated: no tuple type would be honest, so the annotated one keeps its own statement.
  {
    code: 'async function h() { const a: A = await f(); const b = await g(); return [a, b]; }',
    only: 'ts',
    errors: [waterfall(2, 'async function h() { const [aResult, b] = await Promise.all([f() satisfies A | PromiseLike<A>, g()]); const a: A = aResult; return [a, b]; }')],
  },
  // A property's type may be what infers the call's type arguments (`out.config = await
  // http.get('/c')` with `config?: Config`), and the rewrite cannot name it: reported, no rewrite.
  {
    code: 'async function h(id: string) { const out: { config?: Config; user?: User } = {}; out.config = await http.get(id); out.user = await api.getUser(id); return out; }',
    only: 'ts',
    errors: [{ ...waterfall(2, null), messageId: 'waterfallUntyped' }],
  },
  // A variable declared with neither a type nor a value expects nothing: the rewrite stays plain.
  {
    code: 'async function h() { let a; let b; a = await f(); b = await g(); return [a, b]; }',
    only: 'ts',
    errors: [waterfall(2, 'async function h() { let a; let b; [a, b] = await Promise.all([f(), g()]); return [a, b]; }')],
  },
  // A type-only reference is not flow, but the merged declaration would refer to itself.
  {
    code: 'async function h() { const x = await f(); const y = await g<typeof x>(); return [x, y]; }',
    only: 'ts',
    errors: [{ ...waterfall(2, null), messageId: 'waterfallUntyped' }],
  },

  // ── TypeScript ──────────────────────────────────────────────────────────
  {
    code: `async function h(id: string): Promise<[User, Post[]]> {
  const user: User = await api.getUser(id)!;
  const posts: Post[] = await api.getPosts(id as string);
  return [user, posts];
}`,
    only: 'ts',
    errors: [waterfall(2, `async function h(id: string): Promise<[User, Post[]]> {
  const [user, posts]: [User, Post[]] = await Promise.all([
    api.getUser(id)! satisfies User | PromiseLike<User>,
    api.getPosts(id as string) satisfies Post[] | PromiseLike<Post[]>,
  ]);
  return [user, posts];
}`)],
  },
  {
    code: `class C {
  constructor(private readonly repo: Repo, private readonly mailer: Mailer) {}
  @Get()
  async show<T>(id: string) {
    const user = await this.repo.findUser(id);
    const tpl = await this.mailer.getTemplate<T>('x');
    return { user, tpl };
  }
}`,
    only: 'ts',
    errors: [waterfall(2, `class C {
  constructor(private readonly repo: Repo, private readonly mailer: Mailer) {}
  @Get()
  async show<T>(id: string) {
    const [user, tpl] = await Promise.all([
      this.repo.findUser(id),
      this.mailer.getTemplate<T>('x'),
    ]);
    return { user, tpl };
  }
}`)],
  },
  // `satisfies` on the operand stays with the operand.
  {
    code: 'async function h() { const a = await (f() satisfies Promise<A>); const b = await g(); return [a, b]; }',
    only: 'ts',
    errors: [waterfall(2, 'async function h() { const [a, b] = await Promise.all([f() satisfies Promise<A>, g()]); return [a, b]; }')],
  },

  // Test files are reported once ignoreFiles no longer lists them.
  {
    code: 'async function h() { const a = await getA(); const b = await getB(); return [a, b]; }',
    filename: 'test/helpers.js',
    options: [{ ignoreFiles: [] }],
    errors: [waterfall(2, 'async function h() { const [a, b] = await Promise.all([getA(), getB()]); return [a, b]; }')],
  },

  // ── The codemod option turns the suggestion into a fix ──────────────────
  {
    code: 'async function h() { const a = await f(); const b = await g(); return [a, b]; }',
    options: [{ fix: true }],
    output: 'async function h() { const [a, b] = await Promise.all([f(), g()]); return [a, b]; }',
    errors: [waterfall(2, 'async function h() { const [a, b] = await Promise.all([f(), g()]); return [a, b]; }')],
  },
];

describe('unblock/no-await-waterfall', () => {
  runRuleTests('no-await-waterfall', rule, { valid, invalid });
});

describe('unblock/no-await-waterfall on unusual input', () => {
  it('rejects an invalid option with ESLint\'s schema error', () => {
    const linter = new Linter();
    const config = (/** @type {unknown} */ options) => [{ plugins: { unblock: plugin }, rules: { 'unblock/no-await-waterfall': /** @type {any} */ (['warn', options]) } }];
    assert.throws(() => linter.verify('x', config({ fix: 'yes' })), /"unblock\/no-await-waterfall":\s+Value "yes" should be boolean/);
    assert.throws(() => linter.verify('x', config({ orderedCalees: [] })), /should NOT have additional properties/);
  });

  it('reports one group per handler in a 10,000-line generated file, and every rewrite parses', () => {
    const code = generateHandlers(530);
    assert.ok(code.split('\n').length > 10_000);
    const messages = lintWith(code, { rule: 'no-await-waterfall' });
    assert.equal(messages.length, 530, 'user and orders start together in each handler; friends needs user');
    const fixed = applyFirstSuggestions(code, messages);
    const rewritten = fixed.match(/await Promise\.all\(\[\s*db\.getUser\(req\.params\.id\),\s*db\.getOrders\(req\.params\.id\),\s*\]\)/g) ?? [];
    assert.equal(rewritten.length, 530);
    assert.deepEqual(lintWith(fixed, { rule: 'no-await-waterfall' }).filter((message) => message.fatal), []);
  });

  it('lints a file that does not parse without throwing', () => {
    const messages = lintWith('async function h() { const a = await f(; const b = await g(); }', { rule: 'no-await-waterfall' });
    assert.equal(messages.length, 1);
    assert.equal(messages[0].fatal, true);
  });
});
