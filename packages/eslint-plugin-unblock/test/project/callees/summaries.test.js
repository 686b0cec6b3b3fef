/**
 * Effect summaries, one evidence source at a time, each positive next to its
 * negative. Code is parsed with oxc-parser (as imported files are) and the
 * summary of the function named `target` is read.
 */
import assert from 'node:assert/strict';
import { parseSync, visitorKeys } from 'oxc-parser';
import { createModuleView } from '../../../rules/project/modules/module-view.js';
import { createSummarizer } from '../../../rules/project/callees/summarize.js';
import { valueOfName } from '../../../rules/project/modules/module-values.js';
import { summaryOf } from './summary-of.js';

describe('project index: effect summaries', () => {
  it('SQL text: a SELECT reads its tables; an INSERT … RETURNING writes', () => {
    const read = summaryOf("async function target(db, id) { return db.query('SELECT * FROM users WHERE id = $1', [id]); }");
    assert.equal(read.kind, 'read');
    assert.deepEqual([...read.reads], ['sql:users']);
    const write = summaryOf("async function target(db, n) { return db.query('INSERT INTO users (name) VALUES ($1) RETURNING id', [n]); }");
    assert.equal(write.kind, 'write');
    assert.deepEqual([...write.writes], ['sql:users']);
  });

  it('SQL text in tagged templates and in a module constant', () => {
    assert.equal(summaryOf('async function target(sql, id) { return sql`SELECT * FROM teams WHERE id = ${id}`; }').kind, 'read');
    assert.equal(summaryOf("const PURGE = 'DELETE FROM sessions';\nasync function target(db) { return db.query(PURGE); }").kind, 'write');
  });

  it('HTTP: the method of fetch and axios decides', () => {
    assert.equal(summaryOf('async function target(id) { const r = await fetch(`/u/${id}`); return r.json(); }').kind, 'read');
    assert.equal(summaryOf("async function target(id) { return fetch(`/u/${id}`, { method: 'DELETE' }); }").kind, 'write');
    assert.equal(summaryOf("import axios from 'axios';\nasync function target(id) { return axios.get(`/u/${id}`); }").kind, 'read');
    assert.equal(summaryOf("import axios from 'axios';\nasync function target(id, b) { return axios.post(`/u/${id}`, b); }").kind, 'write');
  });

  it('fs by import: reads vs writes', () => {
    assert.equal(summaryOf("import { readFile } from 'node:fs/promises';\nasync function target(p) { return readFile(p, 'utf8'); }").kind, 'read');
    assert.equal(summaryOf("import fs from 'node:fs';\nasync function target(p, t) { return fs.promises.writeFile(p, t); }").kind, 'write');
  });

  it('CPU only: string and array built-ins, JSON and Math compute; an unknown call does not', () => {
    const pure = summaryOf('async function target(s) { return JSON.stringify(s.trim().split(",").map((x) => Math.max(0, Number(x)))); }');
    assert.equal(pure.kind, 'none');
    assert.equal(pure.io, false);
    const unknown = summaryOf('async function target(s) { return transform(s.trim()); }');
    assert.equal(unknown.kind, 'unknown');
    assert.notEqual(unknown.io, false);
  });

  it('promise executors and timers: resolve/reject settle (not a read or a write), a timer waits', () => {
    const callback = summaryOf("async function target(pool, day) { return new Promise((resolve, reject) => { pool.query('SELECT * FROM sales WHERE day = ?', [day], (err, rows) => (err ? reject(err) : resolve(rows))); }); }");
    assert.equal(callback.kind, 'read', 'reject() is not a write, resolve() not a read: the SQL decides');
    const sleep = summaryOf('async function target(key) { await new Promise((resolve) => setTimeout(resolve, 5)); return key; }');
    assert.equal(sleep.kind, 'none');
    assert.equal(sleep.io, true, 'waiting on a timer is waiting');
  });

  it('parameters: rebinding one is no write; changing the object it holds is, unless a nested function declares the name again', () => {
    // Found in real code: `if (!Array.isArray(cids)) cids = [cids]` made a category lookup a write.
    const rebound = summaryOf('async function target(ids) { if (!Array.isArray(ids)) ids = [ids]; return ids.length; }');
    assert.ok(!rebound.writes.has('args'));
    assert.equal(rebound.kind, 'none');
    const pushed = summaryOf('async function target(ids) { ids.push(0); return ids.length; }');
    assert.ok(pushed.writes.has('args'));
    // Found in real code: `tags.map((tag) => { tag.name = … })` inside a function whose parameter is also `tag`.
    const inner = summaryOf('async function target(tag) { const tags = tag || []; return tags.map((tag) => { tag.name = tag.name.slice(1); return tag; }); }');
    assert.ok(!inner.writes.has('args'), "the callback's own `tag` is not the parameter");
    const outer = summaryOf('async function target(tag) { [1].forEach((n) => { tag.name = String(n); }); }');
    assert.ok(outer.writes.has('args'), 'a callback that changes the parameter it closes over writes it');
  });

  it('a read-through cache: storing what was read in a cache is a read of the cache, any other set a write', () => {
    /** @param {any} call */
    const byVerb = (call) => (/^(get|load)/.test(call.callee.property?.name ?? call.callee.name ?? '') ? 'read' : /^set/.test(call.callee.property?.name ?? '') ? 'write' : 'unknown');
    const fill = summaryOf("import cache from './cache';\nasync function target(key) { let ids = cache.get(key); if (ids) return ids; ids = await load(key); cache.set(key, ids); return ids; }", byVerb);
    assert.equal(fill.kind, 'read');
    assert.deepEqual([...fill.writes], []);
    assert.ok(fill.reads.has('recv:cache'), 'it still reads the cache: an invalidating write stays ordered with it');
    const field = summaryOf('async function target(key) { const hit = this.userCache.get(key); if (hit) return hit; const v = await load(key); this.userCache.set(key, v); return v; }', byVerb);
    assert.deepEqual([...field.thisWrites], [], 'filling this.userCache changes no field a caller sees');
    assert.equal(field.kind, 'read');
    const store = summaryOf("import store from './store';\nasync function target(key) { const v = await load(key); store.set(key, v); return v; }", byVerb);
    assert.equal(store.kind, 'write');
  });

  it('this state: fields read and written', () => {
    const summary = summaryOf('function target(c) { this.user = c; return this.session; }');
    assert.deepEqual([...summary.thisWrites], ['user']);
    assert.deepEqual([...summary.thisReads], ['session']);
    assert.equal(summary.kind, 'write', 'writing a field is a write');
  });

  it('module state: let bindings and const collections, not constants', () => {
    const state = summaryOf('const seen = new Set();\nfunction target(id) { seen.add(id); return seen.size; }');
    assert.ok([...state.writes].some((key) => key.endsWith('#seen')));
    assert.equal(state.kind, 'write');
    const constant = summaryOf('const LIMIT = 10;\nfunction target(n) { return Math.min(n, LIMIT); }');
    assert.equal(constant.kind, 'none');
  });

  it('find-or-create: reads then writes one resource', () => {
    const summary = summaryOf("async function target(db, n) { const r = await db.query('SELECT id FROM teams WHERE name = $1', [n]); return r.rows[0] ?? db.query('INSERT INTO teams (name) VALUES ($1)', [n]); }");
    assert.equal(summary.findOrCreate, true);
    const reads = summaryOf("async function target(db, n) { const r = await db.query('SELECT id FROM teams WHERE name = $1', [n]); return db.query('SELECT * FROM members WHERE team = $1', [r.rows[0].id]); }");
    assert.equal(reads.findOrCreate, false);
  });

  it('composes through calls in the same module, and a cycle stays unknown', () => {
    const composed = summaryOf("async function load(db, id) { return db.query('SELECT * FROM a WHERE id = $1', [id]); }\nasync function target(db, id) { return load(db, id); }");
    assert.equal(composed.kind, 'read');
    const cycle = summaryOf('async function other(n) { return target(n - 1); }\nasync function target(n) { return n > 0 ? other(n) : 0; }');
    assert.equal(cycle.kind, 'unknown');
  });

  it('names decide only for calls whose body cannot be read', () => {
    const byName = summaryOf('async function target(repo, id) { return repo.findOne(id); }', (call) => (call.callee.property?.name === 'findOne' ? 'read' : 'unknown'));
    assert.equal(byName.kind, 'read');
    assert.equal(byName.io, true, 'an unread callee is presumed to wait');
  });

  // The first question used to fix a function's summary for the whole file: asked first from deep in a
  // chain, `save` kept the depth bound's unknown for its callee, and a later pair asking about it
  // directly got that less informed answer. Which pair is looked at first must not change a verdict,
  // and the persistent cache keeps summaries that must equal a fresh run's.
  it('gives a function the same summary whichever question asked first', () => {
    const code = [
      "async function write(db, row) { return db.query('INSERT INTO users (name) VALUES ($1)', [row]); }",
      'async function save(db, row) { return write(db, row); }',
      'async function target(db, row) { return save(db, row); }',
    ].join('\n');
    const { program } = parseSync('/virtual/module.ts', code, { range: true, preserveParens: false });
    const view = createModuleView('/virtual/module.ts', program);
    const save = /** @type {any} */ (valueOfName(view, 'save'));
    const fresh = () => createSummarizer({ kindOfNames: () => 'unknown', visitorKeysOf: () => visitorKeys });
    const direct = fresh().summaryOfFunction(save, 1);
    assert.deepEqual([...direct.writes], ['sql:users']);
    const afterDeep = fresh();
    // At the depth bound, `save`'s call to `write` is not followed.
    assert.equal(afterDeep.summaryOfFunction(save, 4).kind, 'unknown');
    assert.deepEqual(afterDeep.summaryOfFunction(save, 1), direct);
  });
});

