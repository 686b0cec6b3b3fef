/**
 * Which loops the loop rule looks at: those with an await of their own,
 * found from the awaits themselves, so that code without awaits costs nothing.
 */
import { walk, isFunctionNode, propertyName } from '../language/syntax/ast.js';
import { forOfShape, forInShape, indexedShape } from './loop-shapes.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 * @typedef {import('../language/syntax/ast.js').VisitorKeys} VisitorKeys
 * @typedef {import('../language/syntax/ast.js').FunctionNode} FunctionNode
 */

/** Loop statements whose iterations the rule may rewrite (while loops never qualify). */
const LOOP_TYPES = new Set(['ForOfStatement', 'ForInStatement', 'ForStatement']);

/**
 * Adds to `candidates` every loop around an await up to its function, and the
 * forEach call whose callback that function is.
 * @param {Node} node an AwaitExpression or a `for await` loop
 * @param {Set<any>} candidates
 */
export function markAwaitingLoops(node, candidates) {
  for (let current = node.parent; current; current = current.parent) {
    if (LOOP_TYPES.has(current.type)) {
      candidates.add(current);
    } else if (isFunctionNode(current)) {
      if (isForEachCallback(current)) candidates.add(current.parent);
      return;
    }
  }
}

/**
 * `items.forEach(fn)`, by name: whether `items` is an array is decided later, with more care.
 * @param {FunctionNode} fn
 */
function isForEachCallback(fn) {
  const call = fn.parent;
  return call?.type === 'CallExpression' && call.arguments[0] === fn && call.callee.type === 'MemberExpression' && !call.callee.computed && propertyName(call.callee) === 'forEach';
}

/**
 * A cheap first look before any analysis: an await in the body (not in nested functions).
 * @param {Node} body
 * @param {VisitorKeys} visitorKeys
 */
export function hasAwaitInBody(body, visitorKeys) {
  let found = false;
  walk(body, visitorKeys, (node) => {
    if (found) return false;
    if (node !== body && isFunctionNode(node)) return false;
    if (node.type === 'AwaitExpression' || (node.type === 'ForOfStatement' && node.await)) found = true;
    return !found;
  });
  return found;
}

/**
 * Whether a node lies inside one of `loops` (a loop inside a reported one is part of its rewrite).
 * @param {Node} node
 * @param {Set<any>} loops
 */
export function isInsideAny(node, loops) {
  for (let current = node.parent; current; current = current.parent) {
    if (loops.has(current)) return true;
  }
  return false;
}

/**
 * The shape of a candidate loop statement, or null when it has none the rule can rewrite.
 * @param {Node} loop
 * @returns {import('./loop-shapes.js').LoopShape | null}
 */
export function loopShapeOf(loop) {
  if (loop.type === 'ForOfStatement') return forOfShape(loop);
  if (loop.type === 'ForInStatement') return forInShape(loop);
  if (loop.type === 'ForStatement') return indexedShape(loop);
  return null;
}
