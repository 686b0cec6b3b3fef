/**
 * Is running a loop's iterations together worth a report? Not when none of
 * its awaits waits on anything outside the process (bodies that only
 * compute gain nothing from overlapping), and not when each iteration
 * already runs a batch of work together (`await Promise.all(chunk.map(f))`):
 * such a loop is how its author bounds the concurrency on purpose.
 */
import { unwrap, propertyName } from '../core/syntax/ast.js';

/** @typedef {import('./loop-iterations.js').IterationScope} IterationScope */

const BATCH_COMBINATORS = new Set(['all', 'allSettled']);

/**
 * @param {any[]} awaits the iteration's awaits
 * @param {IterationScope} iteration
 */
export function worthRunningTogether(awaits, iteration) {
  let waits = false;
  for (const awaitNode of awaits) {
    const operand = awaitNode.type === 'AwaitExpression' ? unwrap(awaitNode.argument) : null;
    if (operand?.type !== 'CallExpression') {
      waits = true;
      continue;
    }
    if (runsBatchOfElement(operand, iteration)) return false;
    // Only a body that shows pure computation says it does not wait.
    if (iteration.classifier.classifyOperation(operand).io !== false) waits = true;
  }
  return waits;
}

/**
 * `Promise.all(batch.map(…))` (or allSettled) over a list the element gives:
 * the iteration is one bounded batch.
 * @param {any} call
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
