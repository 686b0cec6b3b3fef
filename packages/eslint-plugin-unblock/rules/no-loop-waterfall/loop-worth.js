/**
 * Is running a loop's iterations together worth a report? Not when none of
 * its awaits waits on anything outside the process (bodies that only
 * compute gain nothing from overlapping), and not when each iteration
 * already runs a batch of work together (`await Promise.all(chunk.map(f))`):
 * such a loop is how its author bounds the concurrency on purpose.
 *
 * Nor when the loop starts nothing: `for (const p of started) await p` only
 * waits for work already running (often a bounded window, such as a stream
 * buffered 100 at a time); `Promise.all` would gain nothing but remove the bound.
 *
 * Nor, unless asked, when an iteration writes. Sequential writes stop at the
 * first failure; `Promise.all` has started every later write by then, so a
 * failure leaves more changed than the original did (the rewrite would run
 * code the original did not). What it buys is small: a write loop on a
 * serving path saves one admin form or one record's rows, and in a
 * transaction it runs on one connection anyway. Reads started early change
 * nothing, and reading a list per request is where the time goes.
 */
import { unwrap, propertyName } from '../language/syntax/ast.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 * @typedef {import('../language/syntax/ast.js').CallNode} CallNode
 */

/** @typedef {import('./loop-iterations.js').IterationScope} IterationScope */

const BATCH_COMBINATORS = new Set(['all', 'allSettled']);

/**
 * @param {any[]} awaits the iteration's awaits
 * @param {IterationScope} iteration
 */
export function worthRunningTogether(awaits, iteration) {
  let waits = false;
  let starts = false;
  for (const awaitNode of awaits) {
    const operand = awaitNode.type === 'AwaitExpression' ? unwrap(awaitNode.argument) : null;
    if (operand?.type !== 'CallExpression') {
      if (!awaitsStartedWork(operand, iteration)) starts = true;
      waits = true;
      continue;
    }
    starts = true;
    if (runsBatchOfElement(operand, iteration)) return false;
    const operation = iteration.classifier.classifyOperation(operand);
    if (operation.kind === 'write' && !iteration.reportsWrites) return false;
    // Only a body that shows pure computation says it does not wait.
    if (operation.io !== false) waits = true;
  }
  return waits && starts;
}

/**
 * `await p` where `p` is the element or a part of it (`for (const [key, p] of pending)`),
 * or `await pending[i]`: a promise some earlier code started, not work this iteration starts.
 * @param {Node} operand the awaited expression, unwrapped (null for `for await`)
 * @param {IterationScope} iteration
 */
function awaitsStartedWork(operand, { index, isElement, readsIteration }) {
  if (operand?.type === 'Identifier') return isElement(index.symbolOf(operand));
  if (operand?.type !== 'MemberExpression') return false;
  if (operand.computed && readsIteration(operand.property)) return true;
  let root = unwrap(operand.object);
  while (root?.type === 'MemberExpression') root = unwrap(root.object);
  return root?.type === 'Identifier' && isElement(index.symbolOf(root));
}

/**
 * `Promise.all(batch.map(…))` (or allSettled) over a list the element gives:
 * the iteration is one bounded batch.
 * @param {CallNode} call
 * @param {IterationScope} iteration
 */
function runsBatchOfElement(call, iteration) {
  const callee = unwrap(call.callee);
  if (callee?.type !== 'MemberExpression' || !BATCH_COMBINATORS.has(propertyName(callee) ?? '')) return false;
  const promise = unwrap(callee.object);
  if (promise?.type !== 'Identifier' || promise.name !== 'Promise') return false;
  const list = unwrap(call.arguments[0]);
  if (list?.type !== 'CallExpression') return false;
  const mapped = unwrap(list.callee);
  return mapped?.type === 'MemberExpression' && propertyName(mapped) === 'map' && iteration.dependsOnElement(mapped.object);
}
