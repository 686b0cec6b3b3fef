import assert from 'node:assert/strict';
import { createHarness, BYSTANDER_PATH } from '../../harness/emit/runtime.js';
import { validateLatencyModel, parseLatencyModel, describeLatencyModel, createLatencySource, DEFAULT_LATENCY_MODEL, withFixedIterations } from '../../harness/emit/latency.js';

/** @param {string[]} asyncCalls @param {(db: any, req: any) => any} body */
async function run(asyncCalls, body, model = { kind: 'io', ms: 0 }) {
  const h = createHarness({ model: /** @type {any} */ (model), asyncCalls });
  const db = h.external('db');
  return h.handler((req) => body(db, req), { params: ['req'] }).invoke();
}

describe('function harness runtime: simulated values keep the code working', () => {
  it('supports property access, destructuring, iteration, array methods, numbers and strings', async () => {
    const { status, body } = await run(['db.getUser', 'db.getRows'], async (db, req) => {
      const [{ id, profile: { name } }, [first, ...rest], rows] = await Promise.all([db.getUser(req.params.id), db.getRows(), db.getRows()]);
      const ids = rows.map((r) => r.id);
      let count = 0;
      for (const row of rows) count += row.size > 0 ? 1 : 0;
      return { id, name: `${name}`, first, rest: rest.length, ids, count, total: Number(rows.total) + 1, json: JSON.parse(JSON.stringify({ first })) };
    });
    assert.equal(status, 200);
    const r = body.result;
    assert.equal(r.id, '‹db.getUser("‹req.params.id›").id›');
    assert.match(r.name, /^name-[0-9a-z]+$/);
    assert.equal(r.first, '‹db.getRows()[0]›');
    assert.equal(r.rest, 2);
    assert.deepEqual(r.ids, ['‹db.getRows()[0].id›', '‹db.getRows()[1].id›', '‹db.getRows()[2].id›']);
    assert.equal(r.count, 3);
    assert.ok(Number.isInteger(r.total) && r.total >= 2 && r.total <= 1001);
    assert.deepEqual(r.json, { first: '‹db.getRows()[0]›' });
    assert.deepEqual(body.calls, ['db.getRows()', 'db.getRows()', 'db.getUser("‹req.params.id›")']);
  });

  it('is not a thenable, so awaiting a non-simulated call gives the value at once', async () => {
    const { body } = await run([], async (db) => {
      const logged = await db.log('x');
      return typeof logged.then;
    });
    assert.equal(body.result, 'undefined');
  });

  it('gives the same value for the same call site and arguments, and different ones otherwise', async () => {
    const { body } = await run(['db.get'], async (db) => [Number((await db.get(1)).n), Number((await db.get(1)).n), Number((await db.get(2)).n)]);
    const [a, b, c] = body.result;
    assert.equal(a, b);
    assert.notEqual(a, c);
  });

  it('keeps writes to simulated objects', async () => {
    const { body } = await run([], async (db, req) => {
      req.user = { id: 7 };
      db.cache.hits = 3;
      return [req.user.id, db.cache.hits];
    });
    assert.deepEqual(body.result, [7, 3]);
  });

  it('stops a loop that waits for a backend to say "no more" with a 508 and a reason', async () => {
    const { status, body } = await run(['db.page'], async (db) => {
      let page = await db.page(0);
      while (page.next) page = await db.page(page.next);
      return page;
    });
    assert.equal(status, 508);
    assert.match(body.error, /loops until a backend returns an empty or false value/);
  });

  it('reports a thrown error as a 500 with its message', async () => {
    const { status, body } = await run([], async () => {
      throw new Error('boom');
    });
    assert.equal(status, 500);
    assert.equal(body.error, 'boom');
  });

  it('serves the bystander route without calling the function', async () => {
    let called = 0;
    const h = createHarness({ model: { kind: 'io', ms: 0 }, asyncCalls: [] });
    const handle = h.handler(() => (called += 1), { params: [] });
    const res = { head: 0, text: '', writeHead(/** @type {number} */ s) { this.head = s; }, end(/** @type {string} */ t) { this.text = t; } };
    await handle(/** @type {any} */ ({ url: BYSTANDER_PATH }), /** @type {any} */ (res));
    assert.deepEqual([res.head, res.text, called], [200, 'ok', 0]);
    await handle(/** @type {any} */ ({ url: '/' }), /** @type {any} */ (res));
    assert.equal(called, 1);
    assert.deepEqual(JSON.parse(res.text), { result: 1, calls: [] });
  });
});

describe('function harness: latency models', () => {
  it('defaults to the fixtures\' I/O calibration and validates every field', () => {
    assert.deepEqual(validateLatencyModel(undefined), { kind: 'io', ms: 10 });
    assert.deepEqual(DEFAULT_LATENCY_MODEL, { kind: 'io', ms: 10 });
    assert.throws(() => validateLatencyModel({ kind: 'io', ms: -1 }), /latencyModel\.ms must be a number of milliseconds between 0 and 60000 \(got -1\)/);
    assert.throws(() => validateLatencyModel({ kind: 'table', calls: { 'db.get': { kind: 'x' } } }), /latencyModel\.calls\['db\.get'\]\.kind must be/);
    assert.throws(() => validateLatencyModel('io'), /latencyModel must be an object/);
    assert.deepEqual(validateLatencyModel({ kind: 'threadpool', iterations: 15000 }), { kind: 'threadpool', ms: 0, iterations: 15000 });
    assert.throws(() => validateLatencyModel({ kind: 'threadpool', iterations: 1.5 }), /latencyModel\.iterations must be a whole number of pbkdf2 iterations/);
  });

  it('parses the CLI forms', () => {
    assert.deepEqual(parseLatencyModel('io:25'), { kind: 'io', ms: 25 });
    assert.deepEqual(parseLatencyModel('threadpool:3ms'), { kind: 'threadpool', ms: 3 });
    assert.deepEqual(parseLatencyModel('{"kind":"table","calls":{"db.getUser":{"kind":"io","ms":5}}}'), {
      kind: 'table',
      calls: { 'db.getUser': { kind: 'io', ms: 5 } },
      default: { kind: 'io', ms: 10 },
    });
    assert.throws(() => parseLatencyModel('fast'), /neither io:<ms>, threadpool:<ms> nor JSON/);
  });

  it('describes the model for the report', () => {
    assert.equal(describeLatencyModel({ kind: 'io', ms: 10 }), 'I/O wait of 10 ms per simulated call');
    assert.equal(
      describeLatencyModel({ kind: 'table', calls: { 'db.getUser': { kind: 'threadpool', ms: 4 } }, default: { kind: 'io', ms: 10 } }),
      'per-call table (db.getUser: thread-pool task of 4 ms (pbkdf2); others: I/O wait of 10 ms)',
    );
  });

  it('fixes the pbkdf2 iteration count at build time so both variants do the same work', () => {
    const fixed = withFixedIterations({ kind: 'table', calls: { 'db.a': { kind: 'threadpool', ms: 2 }, 'db.b': { kind: 'threadpool', ms: 0, iterations: 500 } }, default: { kind: 'io', ms: 1 } });
    assert.equal(fixed.kind, 'table');
    const calls = /** @type {any} */ (fixed).calls;
    assert.ok(Number.isInteger(calls['db.a'].iterations) && calls['db.a'].iterations > 0);
    assert.equal(calls['db.b'].iterations, 500);
    assert.ok(calls['db.b'].ms > 0, 'a declared size gets its measured duration for the report');
    assert.deepEqual(/** @type {any} */ (fixed).default, { kind: 'io', ms: 1 });
  });

  it('calibrates pbkdf2 for the thread-pool model and runs table entries by call path or method name', async () => {
    const source = createLatencySource({ kind: 'table', calls: { '*.heavy': { kind: 'threadpool', ms: 1 } }, default: { kind: 'io', ms: 0 } });
    assert.ok(source.iterationsPerMs > 0);
    await source.wait('db.heavy', 'heavy');
    await source.wait('db.light', 'light');
  });
});
