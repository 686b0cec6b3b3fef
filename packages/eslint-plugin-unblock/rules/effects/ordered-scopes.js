/**
 * Code whose awaits are ordered by the scope it runs in: transaction
 * callbacks (`db.transaction(async (tx) => …)`) and functions that open a
 * connection, session, lock or transaction. Nothing in them is reported.
 */
import { isFunctionNode, unwrap, propertyName, walk } from '../language/syntax/ast.js';
import { SCOPE_OPENING_VERBS } from './verbs.js';

const openers = new Set(SCOPE_OPENING_VERBS);
const TRANSACTION_CALLBACK_CALLEES = /transaction|serializ|^(tx|trx|atomic|withLock|runExclusive|lock)$/i;

/** @param {any} call */
function calleeName(call) {
  const callee = unwrap(call.callee);
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression') return propertyName(callee);
  return null;
}

/** @param {any} decorator */
function namesTransaction(decorator) {
  const expression = unwrap(decorator.expression);
  const callee = expression.type === 'CallExpression' ? unwrap(expression.callee) : expression;
  const name = callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' ? propertyName(callee) : null;
  return name !== null && /transaction|transactional|atomic/i.test(name);
}

/** @type {WeakMap<object, boolean>} */
const orderedFunctions = new WeakMap();

/**
 * @param {any} fn
 * @param {any} visitorKeys
 */
function isOrderedFunction(fn, visitorKeys) {
  let known = orderedFunctions.get(fn);
  if (known !== undefined) return known;
  known = false;
  const parent = fn.parent;
  // A method the framework wraps in a transaction (`@InjectTransactionManager()`, `@Transactional()`).
  if ((parent?.type === 'MethodDefinition' || parent?.type === 'Property') && (parent.decorators ?? []).some(namesTransaction)) {
    known = true;
  }
  if (parent?.type === 'CallExpression' && parent.arguments.includes(fn)) {
    const name = calleeName(parent);
    if (name && TRANSACTION_CALLBACK_CALLEES.test(name)) known = true;
  }
  if (!known) {
    walk(fn.body, visitorKeys, (node) => {
      if (node !== fn.body && isFunctionNode(node)) return false;
      if (node.type === 'CallExpression') {
        const name = calleeName(node);
        if (name && openers.has(name)) known = true;
        const first = node.arguments[0];
        if (first?.type === 'Literal' && typeof first.value === 'string' && /^\s*(BEGIN|START TRANSACTION)\b/i.test(first.value)) {
          known = true;
        }
      }
      return !known;
    });
  }
  orderedFunctions.set(fn, known);
  return known;
}

/**
 * @param {any} node
 * @param {any} visitorKeys
 */
export function isInOrderedScope(node, visitorKeys) {
  for (let current = node.parent; current; current = current.parent) {
    if (isFunctionNode(current) && isOrderedFunction(current, visitorKeys)) return true;
  }
  return false;
}
