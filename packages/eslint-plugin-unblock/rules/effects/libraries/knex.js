/**
 * Knex's query builder, which Objection's and Bookshelf's `Model.query()` start too: `knex('users')
 * .where(…).first()`. The builder's methods say which SQL it sends: one writing method makes the
 * chain a write. The instance holds a pool; `knex.transaction(async (trx) => …)` and a
 * `Knex.Transaction` are one connection.
 */

/** @type {import('./library-api.js').LibraryApi} */
export default {
  name: 'Knex',
  packages: ['knex', 'objection', 'bookshelf'],
  handle: 'pool',
  rootCalls: true,
  reads: [
    'select', 'first', 'pluck', 'count', 'countDistinct', 'min', 'max', 'sum', 'avg', 'findById', 'findByIds', 'findOne',
    'resultSize', 'fetch', 'fetchAll', 'fetchPage',
  ],
  writes: [
    'insert', 'insertGraph', 'insertGraphAndFetch', 'insertAndFetch', 'update', 'updateAndFetch', 'updateAndFetchById',
    'patch', 'patchAndFetch', 'patchAndFetchById', 'delete', 'deleteById', 'del', 'upsert', 'upsertGraph',
    'upsertGraphAndFetch', 'relate', 'unrelate', 'increment', 'decrement', 'truncate', 'onConflict', 'merge', 'forUpdate',
    'forShare', 'save', 'destroy', 'migrate', 'seed',
  ],
  modifiers: [
    'query', 'table', 'column', 'columns', 'distinct', 'distinctOn', 'from', 'as', 'alias', 'where', 'andWhere', 'orWhere', 'whereNot',
    'orWhereNot', 'whereIn', 'orWhereIn', 'whereNotIn', 'orWhereNotIn', 'whereNull', 'orWhereNull', 'whereNotNull',
    'orWhereNotNull', 'whereBetween', 'whereNotBetween', 'whereExists', 'whereNotExists', 'whereRaw', 'orWhereRaw',
    'whereLike', 'whereILike', 'whereJsonPath', 'whereComposite', 'join', 'innerJoin', 'leftJoin', 'leftOuterJoin',
    'rightJoin', 'rightOuterJoin', 'fullOuterJoin', 'crossJoin', 'joinRaw', 'joinRelated', 'leftJoinRelated',
    'innerJoinRelated', 'groupBy', 'groupByRaw', 'having', 'havingRaw', 'orderBy', 'orderByRaw', 'limit', 'offset',
    'page', 'range', 'withGraphFetched', 'withGraphJoined', 'withRelated', 'eager', 'modify', 'modifiers',
    'skipUndefined', 'throwIfNotFound', 'timeout', 'debug', 'with', 'withSchema', 'clone', 'returning',
  ],
  transactions: ['transaction'],
  types: { 'Knex.Transaction': 'one', Transaction: 'one', Knex: 'pool' },
};
