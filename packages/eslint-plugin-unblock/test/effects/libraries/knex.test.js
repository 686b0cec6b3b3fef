/**
 * Knex's table (rules/effects/libraries/knex.js): the instance is called to start a builder
 * (`db('users')`), the builder's methods say which SQL it sends, and a transaction — the callback's
 * `trx` or a value typed `Knex.Transaction` — is one connection.
 */
import assert from 'node:assert/strict';
import { lintLibraryCode, code } from './lint-library.js';

const header = ["import createKnex from 'knex';", "const db = createKnex({ client: 'pg', connection: process.env.DATABASE_URL });"];

describe('library table: Knex', () => {
  it('two builder reads on the instance are reported, known by Knex\'s API', () => {
    const reports = lintLibraryCode(code([...header,
      'export async function board(ctx) {',
      "  const ids = await db('users').where({ active: true }).pluck('id');",
      "  const last = await db('events').orderBy('at', 'desc').first();",
      '  ctx.body = { ids, last };',
      '}']));
    assert.equal(reports.length, 1);
    assert.deepEqual(reports[0].operations.map((line) => line.endsWith("read, from Knex's API")), [true, true]);
  });

  it('an insert keeps its place: the count after it waits', () => {
    const reports = lintLibraryCode(code([...header,
      'export async function join(userId, teamId) {',
      "  await db('members').insert({ userId, teamId });",
      "  const size = await db('members').where({ teamId }).count();",
      '  return size;',
      '}']));
    assert.deepEqual(reports, []);
  });

  it('a transaction is one connection: its callback, and a parameter typed Knex.Transaction', () => {
    const inCallback = code([...header,
      'export function transfer(from, to) {',
      '  return db.transaction(async (trx) => {',
      "    const a = await trx('accounts').where({ id: from }).first();",
      "    const b = await trx('accounts').where({ id: to }).first();",
      '    return { a, b };',
      '  });',
      '}']);
    assert.deepEqual(lintLibraryCode(inCallback), []);
    const typed = (/** @type {string} */ type) => code(["import { Knex } from 'knex';",
      `export async function balances(q: ${type}, from: string, to: string) {`,
      "  const a = await q('accounts').where({ id: from }).first();",
      "  const b = await q('accounts').where({ id: to }).first();",
      '  return { a, b };',
      '}']);
    assert.deepEqual(lintLibraryCode(typed('Knex.Transaction'), { typescript: true }), []);
    assert.equal(lintLibraryCode(typed('Knex'), { typescript: true }).length, 1);
  });
});
