/**
 * Query-builder chains: Knex's builder, which Objection's and Bookshelf's `Model.query()` start. The
 * builder's own methods say which SQL it sends, whatever the model is called: a chain that starts a
 * builder with `query()` and calls only its reading methods after it sends a SELECT; one writing
 * method makes the whole chain a write. Any other method keeps the chain unknown.
 */
import { unwrap, propertyName } from '../language/syntax/ast.js';

/**
 * @typedef {import('../language/syntax/ast.js').CallNode} CallNode
 */

/** The builder's methods that shape a SELECT (Knex, and what Objection adds for reading relations). */
const READING_METHODS = new Set([
  'select', 'column', 'columns', 'distinct', 'distinctOn', 'from', 'as', 'alias',
  'where', 'andWhere', 'orWhere', 'whereNot', 'orWhereNot', 'whereIn', 'orWhereIn', 'whereNotIn', 'orWhereNotIn',
  'whereNull', 'orWhereNull', 'whereNotNull', 'orWhereNotNull', 'whereBetween', 'whereNotBetween', 'whereExists',
  'whereNotExists', 'whereRaw', 'orWhereRaw', 'whereLike', 'whereILike', 'whereJsonPath', 'whereComposite',
  'join', 'innerJoin', 'leftJoin', 'leftOuterJoin', 'rightJoin', 'rightOuterJoin', 'fullOuterJoin', 'crossJoin', 'joinRaw',
  'joinRelated', 'leftJoinRelated', 'innerJoinRelated', 'groupBy', 'groupByRaw', 'having', 'havingRaw', 'orderBy',
  'orderByRaw', 'limit', 'offset', 'first', 'pluck', 'count', 'countDistinct', 'min', 'max', 'sum', 'avg',
  'findById', 'findByIds', 'findOne', 'page', 'range', 'resultSize', 'withGraphFetched', 'withGraphJoined',
  'withRelated', 'eager', 'modify', 'modifiers', 'skipUndefined', 'throwIfNotFound', 'timeout', 'debug',
]);

/** The builder's methods that change rows. */
const WRITING_METHODS = new Set([
  'insert', 'insertGraph', 'insertGraphAndFetch', 'insertAndFetch', 'update', 'updateAndFetch', 'updateAndFetchById',
  'patch', 'patchAndFetch', 'patchAndFetchById', 'delete', 'deleteById', 'del', 'upsert', 'upsertGraph',
  'upsertGraphAndFetch', 'relate', 'unrelate', 'increment', 'decrement', 'truncate', 'onConflict', 'merge', 'forUpdate',
  'forShare',
]);

/**
 * What a query-builder chain does (`Model.query().where(…).orderBy(…)`), or null when the call is
 * no such chain or calls a method the builder does not read with.
 * @param {CallNode} call
 * @returns {'read' | 'write' | null}
 */
export function queryBuilderKind(call) {
  /** @type {string[]} */
  const methods = [];
  let node = unwrap(call);
  while (node?.type === 'CallExpression') {
    const callee = unwrap(node.callee);
    if (callee?.type !== 'MemberExpression') return null;
    const name = propertyName(callee);
    if (name === null) return null;
    if (name === 'query' && node.arguments.length === 0) {
      if (methods.length === 0) return null;
      if (methods.some((method) => WRITING_METHODS.has(method))) return 'write';
      return methods.every((method) => READING_METHODS.has(method)) ? 'read' : null;
    }
    methods.push(name);
    node = unwrap(callee.object);
  }
  return null;
}
