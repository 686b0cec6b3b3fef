/**
 * Sequelize (and sequelize-typescript): `User.findAll()`, `sequelize.define()`, classes that extend
 * its `Model`. Models share the instance's pool; `sequelize.transaction(async (t) => …)` hands out
 * one transaction, and a call given `{ transaction: t }` runs on its connection (call-classification
 * orders those). `findOrCreate` and `findCreateFind` insert when nothing is found: writes.
 */

/** @type {import('./library-api.js').LibraryApi} */
export default {
  name: 'Sequelize',
  packages: ['sequelize', 'sequelize-typescript', '@sequelize/core'],
  handle: 'pool',
  reads: ['findAll', 'findOne', 'findByPk', 'findAndCountAll', 'count', 'max', 'min', 'sum', 'aggregate', 'reload', 'describe'],
  writes: ['create', 'bulkCreate', 'update', 'destroy', 'upsert', 'increment', 'decrement', 'findOrCreate', 'findCreateFind', 'restore', 'truncate', 'drop', 'sync', 'save', 'authenticate', 'close'],
  modifiers: ['scope', 'unscoped', 'schema'],
  transactions: ['transaction'],
  types: { Transaction: 'one', Sequelize: 'pool' },
};
