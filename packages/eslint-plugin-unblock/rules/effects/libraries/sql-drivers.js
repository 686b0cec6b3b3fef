/**
 * SQL drivers (pg, mysql2, mysql, mariadb): a `Pool` spreads queries over its connections; a
 * `Client`, a connection and what `pool.connect()`/`getConnection()` hands out run their queries
 * one at a time. What a query does is in its SQL text (sql-text.js), so no method is listed here:
 * the table only says what each value is.
 */

/** @type {import('./library-api.js').LibraryApi} */
export default {
  name: 'SQL driver',
  packages: ['pg', 'mysql2', 'mysql', 'mariadb', 'pg-pool'],
  handle: 'pool',
  reads: [],
  writes: [],
  made: { Client: 'one', connect: 'one', getConnection: 'one', createConnection: 'one', Pool: 'pool', createPool: 'pool' },
  types: { Client: 'one', PoolClient: 'one', Connection: 'one', PoolConnection: 'one', Pool: 'pool' },
};
