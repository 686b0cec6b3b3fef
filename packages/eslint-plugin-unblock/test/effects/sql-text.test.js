import assert from 'node:assert/strict';
import { sqlFacts } from '../../rules/effects/sql-text.js';

describe('project index: SQL text', () => {
  const cases = [
    ['SELECT count(*) AS n FROM events WHERE team_id = $1', 'read', ['events']],
    ['select * from accounts a join invoices i on i.account_id = a.id', 'read', ['accounts', 'invoices']],
    ['  -- the count\n  SELECT 1', 'read', []],
    ['WITH recent AS (SELECT * FROM orders) SELECT * FROM recent', 'read', ['orders', 'recent']],
    ['SHOW search_path', 'read', []],
    ['INSERT INTO users (name) VALUES ($1) RETURNING id', 'write', ['users']],
    ['UPDATE "public"."settings" SET value = $1', 'write', ['public.settings']],
    ['DELETE FROM sessions WHERE expires < now()', 'write', ['sessions']],
    ['WITH gone AS (DELETE FROM carts RETURNING *) SELECT count(*) FROM gone', 'write', ['carts', 'gone']],
    ['SELECT id FROM jobs WHERE state = $1 FOR UPDATE SKIP LOCKED', 'write', ['jobs']],
    ['BEGIN', 'write', []],
    ['CREATE TABLE IF NOT EXISTS things (id int)', 'write', ['things']],
  ];
  for (const [text, kind, tables] of cases) {
    it(`${kind}: ${String(text).replace(/\s+/g, ' ').trim()}`, () => {
      assert.deepEqual(sqlFacts(String(text)), { kind, tables });
    });
  }

  // Prose handed to a call is not SQL, whatever word it starts with.
  for (const text of ['Select a file', 'update the settings first', 'Delete it? [y/N]', 'show me', 'Insert coin', 'begin the tour now please']) {
    it(`not SQL: ${text}`, () => assert.equal(sqlFacts(text), null));
  }
});
