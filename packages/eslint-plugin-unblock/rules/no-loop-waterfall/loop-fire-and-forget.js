/**
 * An async `forEach` that fires and forgets on purpose: the callback handles
 * the errors of everything it waits for, and the function does nothing
 * after the `forEach` that could need the callbacks to have finished.
 * Reported, its "fix" (`await Promise.all(…)`) would make the function wait
 * for every callback — in a fan-out that delivers to many clients from an
 * outer loop, that serialises delivery per client, which is a change of
 * behaviour, not a repair. An unknown caller may or may not wait for the
 * function: when in doubt, no report.
 */
import { walk, isFunctionNode } from '../language/syntax/ast.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 * @typedef {import('../language/syntax/ast.js').VisitorKeys} VisitorKeys
 */

const LOOPS = new Set(['ForStatement', 'ForInStatement', 'ForOfStatement', 'WhileStatement', 'DoWhileStatement']);

/**
 * @param {import('./loop-shapes.js').LoopShape} shape a forEach shape
 * @param {VisitorKeys} visitorKeys
 */
export function firesAndForgetsOnPurpose(shape, visitorKeys) {
  return catchesWhatItAwaits(shape.callback, visitorKeys) && isLastWorkOfFunction(shape.statement);
}

/**
 * Every await of the callback sits in a `try` whose `catch` does not throw again.
 * @param {any} callback
 * @param {any} visitorKeys
 */
function catchesWhatItAwaits(callback, visitorKeys) {
  let awaits = 0;
  let uncaught = false;
  walk(callback.body, visitorKeys, (node) => {
    if (isFunctionNode(node)) return false;
    if (node.type === 'AwaitExpression' || (node.type === 'ForOfStatement' && node.await)) {
      awaits += 1;
      if (!insideHandlingTry(node, callback, visitorKeys)) uncaught = true;
    }
    return !uncaught;
  });
  return awaits > 0 && !uncaught;
}

/**
 * @param {Node} node
 * @param {Node} callback
 * @param {VisitorKeys} visitorKeys
 */
function insideHandlingTry(node, callback, visitorKeys) {
  for (let child = node, parent = node.parent; parent && parent !== callback; child = parent, parent = parent.parent) {
    if (parent.type === 'TryStatement' && parent.block === child && parent.handler && !throwsAgain(parent.handler.body, visitorKeys)) return true;
  }
  return false;
}

/**
 * @param {any} block
 * @param {VisitorKeys} visitorKeys
 */
function throwsAgain(block, visitorKeys) {
  let found = false;
  walk(block, visitorKeys, (node) => {
    if (isFunctionNode(node)) return false;
    if (node.type === 'ThrowStatement') found = true;
    return !found;
  });
  return found;
}

/**
 * Nothing of the function runs after the statement but the rest of the loops
 * around it (the same fan-out for the next item): it is the last statement
 * of every block up to the function's body.
 * @param {any} statement
 */
function isLastWorkOfFunction(statement) {
  let node = statement;
  for (;;) {
    const parent = node.parent;
    if (!parent) return false;
    if (parent.type === 'BlockStatement') {
      if (parent.body[parent.body.length - 1] !== node) return false;
      if (isFunctionNode(parent.parent)) return true;
    } else if (!(LOOPS.has(parent.type) && parent.body === node) && parent.type !== 'IfStatement' && parent.type !== 'LabeledStatement') {
      return false;
    }
    if (parent.type === 'IfStatement' && parent.test === node) return false;
    node = parent;
  }
}
