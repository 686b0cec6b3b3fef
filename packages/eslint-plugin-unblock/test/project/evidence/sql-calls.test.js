import assert from 'node:assert/strict';
import sqlCalls from '../../../rules/project/evidence/sql-calls.js';
import { sourceSays } from './call-site.js';

describe('evidence: SQL text handed to a call', () => {
  it('a string argument: SELECT reads its tables, INSERT writes', () => {
    assert.deepEqual(sourceSays(sqlCalls, "function target(db, id) { return db.query('SELECT * FROM users WHERE id = $1', [id]); }"), {
      kind: 'read', io: true, reads: ['sql:users'], writes: [], evidence: 'SELECT * FROM users WHERE id = $1',
    });
    assert.deepEqual(sourceSays(sqlCalls, "function target(db, n) { return db.query('INSERT INTO users (name) VALUES ($1)', [n]); }")?.writes, ['sql:users']);
  });

  it('a tagged template, a `{ text }` object and a module constant', () => {
    assert.equal(sourceSays(sqlCalls, 'function target(sql, id) { return sql`SELECT * FROM teams WHERE id = ${id}`; }')?.kind, 'read');
    assert.equal(sourceSays(sqlCalls, "function target(pool) { return pool.query({ text: 'DELETE FROM carts' }); }")?.kind, 'write');
    assert.equal(sourceSays(sqlCalls, "const PURGE = 'DELETE FROM sessions';\nfunction target(db) { return db.query(PURGE); }")?.kind, 'write');
  });

  it('a statement that names no table touches every table', () => {
    assert.deepEqual(sourceSays(sqlCalls, "function target(db) { return db.query('BEGIN'); }")?.writes, ['sql:*']);
  });

  it('says nothing about prose or a non-string argument', () => {
    assert.equal(sourceSays(sqlCalls, "function target(ui) { return ui.prompt('Select a file'); }"), null);
    assert.equal(sourceSays(sqlCalls, 'function target(db, q) { return db.query(q); }'), null);
  });
});
