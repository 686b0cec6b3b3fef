/**
 * Recognises one try statement of a "settled" waterfall: each await in its
 * own try/catch, each failure handled on its own.
 *
 *   try { user = await api.getUser(id); } catch (err) { log.warn(err); user = null; }
 *   try { await cache.del(key); } catch { }
 *
 * Only shapes whose rewrite into one Promise.allSettled keeps what runs:
 * the try block is exactly one awaited call, kept in a binding declared
 * outside (or dropped); no `finally`; the catch clause completes normally
 * (no return/throw/break/continue, so no conditional rethrow) and never
 * suspends (no await/yield), so every later try still runs after it.
 */
import { unwrap, walk, isFunctionNode } from '../language/syntax/ast.js';
import { countSuspensions } from './operations.js';
import { effectsOf } from '../effects/effects.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 * @typedef {import('../language/syntax/ast.js').VisitorKeys} VisitorKeys
 */
/**
 * @template {string} T
 * @typedef {import('../language/syntax/ast.js').NodeOf<T>} NodeOf
 */

/**
 * @typedef {object} SettledMember
 * @property {any} statement   the TryStatement
 * @property {any} inner       the try block's one statement
 * @property {'assignment' | 'expression'} form  `x = await f();` or `await f();`
 * @property {any} target      the assigned Identifier (assignment form), else null
 * @property {any} awaitNode
 * @property {any} operand     the awaited call, TypeScript wrappers removed
 * @property {boolean} wrapped the await sits in `as`/`!`/`satisfies`/`<T>`
 * @property {any} handler     the CatchClause
 * @property {import('../effects/effects.js').Effects} effects  of the whole inner statement (operation and assignment)
 * @property {import('../effects/effects.js').Effects} operandEffects  of the awaited call alone: what starts earlier in the rewrite
 * @property {import('../effects/call-classification.js').OperationClass} cls
 * @property {import('../effects/effects.js').Effects} catchEffects
 * @property {any[]} catchCalls  calls and `new` in the catch clause (outside nested functions)
 */

/** Definitions an assignment may target without a TypeError: `let`/`var` bindings and parameters. */
const ASSIGNABLE = new Set(['let', 'var']);

/**
 * @param {NodeOf<'Identifier'>} identifier an assignment target
 * @param {ReturnType<typeof import('../effects/references.js').getReferenceIndex>} index
 */
function isAssignableBinding(identifier, index) {
  const variable = /** @type {any} */ (index.symbolOf(identifier));
  // A global (a ReferenceError in strict code) or a const/import/function would throw inside the
  // try, where the catch handled it; assigned after Promise.allSettled, the error would escape.
  if (!variable || typeof variable !== 'object' || !Array.isArray(variable.defs) || variable.defs.length === 0) return false;
  return variable.defs.every((/** @type {any} */ def) => def.type === 'Parameter' || (def.type === 'Variable' && ASSIGNABLE.has(def.parent?.kind)));
}

/**
 * The awaited operation of the try block's one statement, or null.
 * A declaration inside the try is not one: its binding lives only in the
 * try block, so with nothing after it the result is never read.
 * @param {any} inner
 * @param {import('eslint').SourceCode} sourceCode
 * @param {ReturnType<typeof import('../effects/references.js').getReferenceIndex>} index
 */
function operationOf(inner, sourceCode, index) {
  if (inner.type !== 'ExpressionStatement') return null;
  const expression = inner.expression;
  let form = /** @type {'assignment' | 'expression'} */ ('expression');
  let target = null;
  let value = expression;
  if (expression.type === 'AssignmentExpression') {
    if (expression.operator !== '=' || expression.left.type !== 'Identifier' || !isAssignableBinding(expression.left, index)) return null;
    form = 'assignment';
    target = expression.left;
    value = expression.right;
  }
  const awaitNode = unwrap(value);
  if (awaitNode?.type !== 'AwaitExpression') return null;
  // `await p` of a promise started earlier, or of a plain value, is no waterfall.
  const operand = unwrap(awaitNode.argument);
  if (operand.type !== 'CallExpression') return null;
  if (countSuspensions(inner, sourceCode.visitorKeys) !== 1) return null;
  return { form, target, awaitNode, operand, wrapped: awaitNode !== value };
}

/**
 * Calls and constructions a catch clause makes where it stands.
 * @param {Node} handler
 * @param {any} visitorKeys
 */
function callsIn(handler, visitorKeys) {
  /** @type {any[]} */
  const calls = [];
  walk(handler, visitorKeys, (node) => {
    if (isFunctionNode(node)) return false;
    if (node.type === 'CallExpression' || node.type === 'NewExpression') calls.push(node);
    return true;
  });
  return calls;
}

/**
 * @param {any} statement
 * @param {{ sourceCode: import('eslint').SourceCode, index: ReturnType<typeof import('../effects/references.js').getReferenceIndex>, classifier: { classifyOperation: (operand: any) => import('../effects/call-classification.js').OperationClass } }} context
 * @returns {SettledMember | null}
 */
export function settledMemberOf(statement, { sourceCode, index, classifier }) {
  if (!hasSettledShape(statement)) return null;
  const [inner] = statement.block.body;
  const operation = operationOf(inner, sourceCode, index);
  if (!operation) return null;
  const { visitorKeys } = sourceCode;
  const handler = statement.handler;
  const catchEffects = effectsOf(handler, { visitorKeys, index });
  // A catch that leaves (a rethrow, even a conditional one) or waits changes what runs after it.
  if (catchEffects.exits || catchEffects.suspends) return null;
  const cls = classifier.classifyOperation(operation.operand);
  if (cls.barrier) return null;
  // A dropped result whose kind nothing tells is a command (`await warmUp()`): its place in time may be the point.
  if (operation.form === 'expression' && cls.kind === 'unknown') return null;
  return {
    statement,
    inner,
    ...operation,
    handler,
    effects: effectsOf(inner, { visitorKeys, index }),
    operandEffects: effectsOf(operation.awaitNode.argument, { visitorKeys, index }),
    cls,
    catchEffects,
    catchCalls: callsIn(handler, visitorKeys),
  };
}

/**
 * The part of a member's shape read from the syntax alone: a try with a catch, no `finally`, and one
 * expression statement in its block.
 * @param {Node} statement
 */
function hasSettledShape(statement) {
  return statement.type === 'TryStatement' && !statement.finalizer && Boolean(statement.handler)
    && statement.block.body.length === 1 && statement.block.body[0].type === 'ExpressionStatement';
}

/**
 * Whether a statement list may hold a settled group at all: two members side by side, by their
 * syntax. Asked before the file's facts are built, which a list without such a pair never needs.
 * @param {any[]} statements
 */
export function mayHoldSettledGroup(statements) {
  for (let i = 1; i < statements.length; i++) {
    if (hasSettledShape(statements[i]) && hasSettledShape(statements[i - 1])) return true;
  }
  return false;
}
