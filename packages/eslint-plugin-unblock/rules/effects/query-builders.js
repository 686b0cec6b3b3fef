/**
 * Query-builder chains: Knex's builder, which Objection's and Bookshelf's `Model.query()` start. The
 * builder's own methods say which SQL it sends, whatever the model is called: a chain that starts a
 * builder with `query()` and calls only its reading methods after it sends a SELECT; one writing
 * method makes the whole chain a write. Any other method keeps the chain unknown.
 */
import { unwrap, propertyName } from '../language/syntax/ast.js';
import knex from './libraries/knex.js';

/**
 * @typedef {import('../language/syntax/ast.js').CallNode} CallNode
 */

// Knex's builder methods are the Knex table's (libraries/knex.js): one list for both readers.
const READING_METHODS = new Set([...knex.reads, ...knex.modifiers ?? []]);
const WRITING_METHODS = new Set(knex.writes);

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
