/**
 * Control flow of one loop iteration: the awaits it makes, the statements
 * that leave it early, and whether anything in it cannot move into a
 * callback (`yield`, `var`, a `return` from the enclosing function).
 */
import { walk, isFunctionNode, unwrap } from '../language/syntax/ast.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 * @typedef {import('../language/syntax/ast.js').VisitorKeys} VisitorKeys
 */

const LOOP_TYPES = new Set(['ForStatement', 'ForInStatement', 'ForOfStatement', 'WhileStatement', 'DoWhileStatement']);

/**
 * @typedef {object} IterationControl
 * @property {any[]} awaits     AwaitExpressions of one iteration (nested functions excluded), in source order
 * @property {any[]} continues  `continue` statements that end this iteration (they become `return`)
 * @property {string | null} blocker why the iteration cannot run inside a callback, or null
 */

/**
 * Where a break/continue jumps to: 'inner' (a loop, switch or label inside
 * the body), 'this' (the analysed loop) or 'outer' (out of the loop).
 * @param {any} jump BreakStatement or ContinueStatement
 * @param {Node} loop
 * @param {string | null} label the analysed loop's label
 */
function jumpTarget(jump, loop, label) {
  const name = jump.label?.name ?? null;
  for (let node = jump.parent; node && node !== loop; node = node.parent) {
    if (name === null) {
      if (LOOP_TYPES.has(node.type)) return 'inner';
      if (node.type === 'SwitchStatement' && jump.type === 'BreakStatement') return 'inner';
    } else if (node.type === 'LabeledStatement' && node.label.name === name) {
      return 'inner';
    }
  }
  if (name === null || name === label) return 'this';
  return 'outer';
}

/**
 * @param {import('./loop-shapes.js').LoopShape} shape
 * @param {VisitorKeys} visitorKeys
 * @returns {IterationControl}
 */
export function iterationControl(shape, visitorKeys) {
  /** @type {any[]} */
  const awaits = [];
  /** @type {any[]} */
  const continues = [];
  /** @type {any[]} */
  const throws = [];
  /** @type {string | null} */
  let blocker = null;
  const inCallback = shape.kind === 'forEach';

  walk(shape.body, visitorKeys, (node) => {
    if (blocker !== null) return false;
    // In sloppy-mode scripts a function declared in a block is also visible after the loop.
    if (node.type === 'FunctionDeclaration' && !inCallback) blocker = 'function declaration';
    if (node !== shape.body && isFunctionNode(node)) return false;
    switch (node.type) {
      case 'AwaitExpression':
        awaits.push(node);
        break;
      case 'YieldExpression':
        blocker = 'yield';
        break;
      case 'ForOfStatement':
        // An inner `for await` waits per iteration: fine. Counted as an await of this iteration.
        if (node.await) awaits.push(node);
        break;
      case 'VariableDeclaration':
        if (node.kind === 'var' && !inCallback) blocker = 'var declaration';
        if (node.kind === 'await using') awaits.push(node);
        break;
      case 'ReturnStatement':
        if (!inCallback) blocker = 'return';
        break;
      case 'ThrowStatement':
        throws.push(node);
        break;
      case 'BreakStatement': {
        const target = jumpTarget(node, shape.loop, shape.label);
        if (target !== 'inner') blocker = 'break';
        break;
      }
      case 'ContinueStatement': {
        const target = jumpTarget(node, shape.loop, shape.label);
        if (target === 'outer') blocker = 'continue to an outer loop';
        else if (target === 'this') continues.push(node);
        break;
      }
      default:
        break;
    }
    return true;
  });
  awaits.sort((a, b) => a.range[0] - b.range[0]);
  // A throw that comes after an await depends on what was awaited: the sequential loop stops at the first
  // element in order that throws, the parallel one at the first in time. That is the same only when every
  // element would throw the same error.
  if (blocker === null && awaits.length > 0 && throws.some((node) => node.range[0] > awaits[0].range[0] && !sameErrorEveryTime(node))) {
    blocker = 'throw after an await';
  }
  return { awaits, continues, blocker };
}

/**
 * A throw whose error is the same whichever element throws it: `new SomeError(…)` given only literals
 * (`new HttpException('Remove your team members first', 400)`). Its message names no element, so which
 * failing element throws it first does not show.
 * @param {any} node a ThrowStatement
 */
function sameErrorEveryTime(node) {
  const error = unwrap(node.argument);
  if (error?.type !== 'NewExpression' || unwrap(error.callee)?.type !== 'Identifier') return false;
  return error.arguments.every((/** @type {any} */ argument) => argument.type === 'Literal' || (argument.type === 'TemplateLiteral' && argument.expressions.length === 0));
}
