/**
 * Recognises the loops the loop-waterfall rule understands and describes
 * them uniformly: what one iteration is (its body and per-iteration
 * bindings), what it iterates over, and what a rewrite would replace.
 *   for (const item of items) …          for (const key in object) …
 *   for (let i = 0; i < list.length; i++) …
 *   items.forEach(async (item) => …);
 */
import { unwrap, propertyName, isFunctionNode } from '../language/syntax/ast.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 * @typedef {import('../language/syntax/ast.js').CallNode} CallNode
 */

/**
 * @typedef {object} LoopShape
 * @property {'for-of' | 'for-in' | 'indexed' | 'forEach'} kind
 * @property {any} loop       the ForOf/ForIn/For statement, or the forEach CallExpression
 * @property {any} statement  what a rewrite replaces: the loop (with its label) or the forEach's statement
 * @property {string | null} label  the loop's label, if any
 * @property {any} body       the loop body (any statement) or the callback's body
 * @property {any | null} pattern  the binding of each element (for-of/for-in)
 * @property {any} source     the iterated expression (`items`, `object`, `list`, forEach's receiver)
 * @property {any | null} index  the counter Identifier of an indexed loop
 * @property {any | null} callback  forEach's callback
 */

/** @param {any} node */
function isStatementListParent(node) {
  return (
    node?.type === 'BlockStatement' || node?.type === 'Program' || node?.type === 'StaticBlock' ||
    node?.type === 'SwitchCase'
  );
}

/**
 * The statement a rewrite replaces and the loop's label.
 * @param {any} loop
 */
function outerStatement(loop) {
  let statement = loop;
  /** @type {string | null} */
  let label = null;
  while (statement.parent?.type === 'LabeledStatement') {
    // Only one label is understood; a second one keeps the loop unrewritten.
    if (label !== null) return { statement: statement.parent, label: null, multipleLabels: true };
    statement = statement.parent;
    label = statement.label.name;
  }
  return { statement, label, multipleLabels: false };
}

/**
 * A `const`/`let` declaration of exactly one binding without initialiser (the for-of/in head).
 * @param {any} left
 */
function iterationPattern(left) {
  if (left?.type !== 'VariableDeclaration') return null;
  if (left.kind !== 'const' && left.kind !== 'let') return null;
  if (left.declarations.length !== 1 || left.declarations[0].init) return null;
  return left.declarations[0].id;
}

/**
 * @param {any} node
 * @returns {LoopShape | null}
 */
export function forOfShape(node) {
  if (node.await) return null;
  const pattern = iterationPattern(node.left);
  if (!pattern) return null;
  const { statement, label, multipleLabels } = outerStatement(node);
  if (multipleLabels) return null;
  return { kind: 'for-of', loop: node, statement, label, body: node.body, pattern, source: node.right, index: null, callback: null };
}

/**
 * @param {any} node
 * @returns {LoopShape | null}
 */
export function forInShape(node) {
  const pattern = iterationPattern(node.left);
  if (!pattern || pattern.type !== 'Identifier') return null;
  const { statement, label, multipleLabels } = outerStatement(node);
  if (multipleLabels) return null;
  return { kind: 'for-in', loop: node, statement, label, body: node.body, pattern, source: node.right, index: null, callback: null };
}

/**
 * A member chain of plain names (`list`, `this.items`, `data.rows`): reading
 * it twice gives the same thing as long as nothing is assigned to it.
 * @param {any} node
 * @returns {boolean}
 */
export function isStableReference(node) {
  const inner = unwrap(node);
  if (inner?.type === 'Identifier' || inner?.type === 'ThisExpression') return true;
  return inner?.type === 'MemberExpression' && !inner.computed && !inner.optional && isStableReference(inner.object);
}

/**
 * `for (let i = 0; i < list.length; i++)` and its spellings `++i`, `i += 1`, `i = i + 1`.
 * @param {any} node
 * @returns {LoopShape | null}
 */
export function indexedShape(node) {
  const { init, test, update } = node;
  if (init?.type !== 'VariableDeclaration' || init.kind !== 'let' || init.declarations.length !== 1) return null;
  const [declarator] = init.declarations;
  if (declarator.id.type !== 'Identifier' || declarator.init?.type !== 'Literal' || declarator.init.value !== 0) return null;
  const name = declarator.id.name;
  if (test?.type !== 'BinaryExpression' || test.operator !== '<') return null;
  if (test.left.type !== 'Identifier' || test.left.name !== name) return null;
  const bound = test.right;
  if (bound.type !== 'MemberExpression' || bound.computed || propertyName(bound) !== 'length' || !isStableReference(bound.object)) {
    return null;
  }
  if (!isIncrementOf(update, name)) return null;
  const { statement, label, multipleLabels } = outerStatement(node);
  if (multipleLabels) return null;
  return {
    kind: 'indexed', loop: node, statement, label, body: node.body, pattern: null,
    source: unwrap(bound.object), index: declarator.id, callback: null,
  };
}

/**
 * @param {any} update
 * @param {string} name
 */
function isIncrementOf(update, name) {
  if (!update) return false;
  const isCounter = (/** @type {any} */ node) => node?.type === 'Identifier' && node.name === name;
  const isOne = (/** @type {any} */ node) => node?.type === 'Literal' && node.value === 1;
  if (update.type === 'UpdateExpression') return update.operator === '++' && isCounter(update.argument);
  if (update.type !== 'AssignmentExpression' || !isCounter(update.left)) return false;
  if (update.operator === '+=') return isOne(update.right);
  const right = update.right;
  return (
    update.operator === '=' && right.type === 'BinaryExpression' && right.operator === '+' &&
    ((isCounter(right.left) && isOne(right.right)) || (isOne(right.left) && isCounter(right.right)))
  );
}

/**
 * `items.forEach(async (item) => { … })` as a statement of its own.
 * @param {CallNode} call CallExpression
 * @returns {LoopShape | null}
 */
export function forEachShape(call) {
  const callee = call.callee;
  if (callee.type !== 'MemberExpression' || propertyName(callee) !== 'forEach' || callee.computed) return null;
  const callback = call.arguments[0];
  if (!isFunctionNode(callback) || !callback.async || callback.generator) return null;
  // `items?.forEach(…)` sits in a ChainExpression.
  const expression = call.parent?.type === 'ChainExpression' ? call.parent : call;
  const statement = expression.parent?.type === 'ExpressionStatement' && expression.parent.expression === expression ? expression.parent : null;
  if (!statement) return null;
  return {
    kind: 'forEach', loop: call, statement, label: null, body: callback.body, pattern: callback.params[0] ?? null,
    source: callee.object, index: null, callback,
  };
}

export { isStatementListParent };
