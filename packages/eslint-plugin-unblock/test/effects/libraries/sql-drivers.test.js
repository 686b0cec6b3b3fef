/**
 * The SQL drivers' table (rules/effects/libraries/sql-drivers.js): a pg `Pool` spreads queries over
 * its connections, a `Client` (or what `pool.connect()` hands out) runs them one at a time; the SQL
 * text says what each query does.
 */
import assert from 'node:assert/strict';
import { lintLibraryCode, code } from './lint-library.js';

const header = ["import pg from 'pg';", 'const pool = new pg.Pool();', 'const single = new pg.Client();'];

/** @param {string} receiver @param {string} first */
const twoQueries = (receiver, first) => code([...header,
  'export async function report(id) {',
  `  const orders = await ${receiver}.query(${JSON.stringify(first)}, [id]);`,
  "  const refunds = await " + receiver + ".query('SELECT * FROM refunds WHERE account = $1', [id]);",
  '  return { orders, refunds };',
  '}']);

describe('library table: SQL drivers', () => {
  it('two SELECTs on a pool are reported', () => {
    assert.equal(lintLibraryCode(twoQueries('pool', 'SELECT * FROM orders WHERE account = $1')).length, 1);
  });

  it('an UPDATE keeps its place', () => {
    assert.deepEqual(lintLibraryCode(twoQueries('pool', 'UPDATE orders SET seen = true WHERE account = $1')), []);
  });

  it('a Client is one connection, whatever it is called; so is a connection checked out of the pool', () => {
    assert.deepEqual(lintLibraryCode(twoQueries('single', 'SELECT * FROM orders WHERE account = $1')), []);
    const checkedOut = code([...header,
      'export async function report(id) {',
      '  const conn = await pool.connect();',
      "  const orders = await conn.query('SELECT * FROM orders WHERE account = $1', [id]);",
      "  const refunds = await conn.query('SELECT * FROM refunds WHERE account = $1', [id]);",
      '  conn.release();',
      '  return { orders, refunds };',
      '}']);
    assert.deepEqual(lintLibraryCode(checkedOut), []);
  });
});
