/**
 * Code whose awaits are ordered by the scope it runs in: transaction
 * callbacks (`db.transaction(async (tx) => …)`) and functions that open a
 * connection, session, lock or transaction (from that call on). Nothing in them is reported.
 */
import { isFunctionNode, unwrap, propertyName, walk } from '../language/syntax/ast.js';
import { SCOPE_OPENING_VERBS } from './verbs.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 * @typedef {import('../language/syntax/ast.js').ChildNode} ChildNode
 * @typedef {import('../language/syntax/ast.js').FunctionNode} FunctionNode
 * @typedef {import('../language/syntax/ast.js').VisitorKeys} VisitorKeys
 */
/**
 * @template {string} T
 * @typedef {import('../language/syntax/ast.js').NodeOf<T>} NodeOf
 */

/** @type {Set<string>} */
const openers = new Set(SCOPE_OPENING_VERBS);
const TRANSACTION_CALLBACK_CALLEES = /transaction|serializ|^(tx|trx|atomic|withLock|runExclusive|lock)$/i;

/** @param {NodeOf<'CallExpression' | 'NewExpression'>} call */
function calleeName(call) {
  const callee = unwrap(call.callee);
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression') return propertyName(callee);
  return null;
}

/** @param {NodeOf<'Decorator'>} decorator */
function namesTransaction(decorator) {
  const expression = unwrap(decorator.expression);
  const callee = expression.type === 'CallExpression' ? unwrap(expression.callee) : expression;
  const name = callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' ? propertyName(callee) : null;
  return name !== null && /transaction|transactional|atomic/i.test(name);
}

/**
 * What orders a function's awaits: the whole body (a transaction callback, a method the framework wraps
 * in one), or the calls in it that open a connection, session, lock or transaction — each ordering what
 * runs after it.
 * @typedef {{ whole: boolean, openers: NodeOf<'CallExpression'>[] }} Ordering
 */

/** @type {WeakMap<object, Ordering>} */
const orderings = new WeakMap();

/**
 * @param {FunctionNode} fn
 * @param {VisitorKeys} visitorKeys
 * @returns {Ordering}
 */
function orderingOf(fn, visitorKeys) {
  const known = orderings.get(fn);
  if (known) return known;
  const ordering = { whole: wrappedInTransaction(fn), openers: /** @type {NodeOf<'CallExpression'>[]} */ ([]) };
  if (!ordering.whole) {
    walk(fn.body, visitorKeys, (node) => {
      if (node !== fn.body && isFunctionNode(node)) return false;
      if (node.type === 'CallExpression' && opensScope(node)) ordering.openers.push(node);
      return true;
    });
  }
  orderings.set(fn, ordering);
  return ordering;
}

/**
 * A method the framework wraps in a transaction (`@InjectTransactionManager()`, `@Transactional()`),
 * or a callback handed to one (`db.transaction(async (tx) => …)`).
 * @param {FunctionNode} fn
 */
function wrappedInTransaction(fn) {
  const parent = fn.parent;
  if ((parent?.type === 'MethodDefinition' || parent?.type === 'Property') && (/** @type {{ decorators?: NodeOf<'Decorator'>[] }} */ (parent).decorators ?? []).some(namesTransaction)) return true;
  if (parent?.type === 'CallExpression' && /** @type {readonly Node[]} */ (parent.arguments).includes(fn)) {
    const name = calleeName(parent);
    return Boolean(name && TRANSACTION_CALLBACK_CALLEES.test(name));
  }
  return false;
}

/**
 * `pool.connect()`, `db.transaction()`, `client.query('BEGIN')`.
 * @param {NodeOf<'CallExpression'>} call
 */
function opensScope(call) {
  const name = calleeName(call);
  if (name && openers.has(name)) return true;
  const first = call.arguments[0];
  return first?.type === 'Literal' && typeof first.value === 'string' && /^\s*(BEGIN|START TRANSACTION)\b/i.test(first.value);
}

/**
 * The opener orders the node: it starts before the node ends (before it, or inside it), or a loop around
 * both runs it again before the node's next turn. Reads made before a function opens its transaction are not in it.
 * @param {NodeOf<'CallExpression'>} opener
 * @param {ChildNode} node
 * @param {FunctionNode} fn
 */
function ordersNode(opener, node, fn) {
  if (opener.range[0] < node.range[1]) return true;
  for (let current = node.parent; current && current !== fn; current = current.parent) {
    if (LOOPS.has(current.type) && current.range[0] <= opener.range[0] && opener.range[1] <= current.range[1]) return true;
  }
  return false;
}

/** @type {Set<string>} */
const LOOPS = new Set(['ForStatement', 'ForInStatement', 'ForOfStatement', 'WhileStatement', 'DoWhileStatement']);

/**
 * Whether the node runs where a transaction, connection or lock puts the awaits in order.
 * @param {ChildNode} node
 * @param {VisitorKeys} visitorKeys
 */
export function isInOrderedScope(node, visitorKeys) {
  for (let current = node.parent; current; current = current.parent) {
    if (!isFunctionNode(current)) continue;
    const ordering = orderingOf(current, visitorKeys);
    if (ordering.whole || ordering.openers.some((opener) => ordersNode(opener, node, current))) return true;
  }
  return false;
}
