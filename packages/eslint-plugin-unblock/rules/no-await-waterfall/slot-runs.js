/**
 * Waterfalls inside one expression: runs of adjacent slots of an array, a
 * call or an object literal (`[await a(), await b()]`, `f(await a(), await b())`)
 * that each await a call and can start together.
 */
import { orderingReason, worthStartingTogether } from './independence.js';
import { countSuspensions } from './operations.js';
import { unwrap } from '../language/syntax/ast.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 * @typedef {import('../language/syntax/ast.js').VisitorKeys} VisitorKeys
 */
/**
 * @template {string} T
 * @typedef {import('../language/syntax/ast.js').NodeOf<T>} NodeOf
 */

/**
 * @typedef {ReturnType<typeof import('./statement-facts.js').createStatementFacts>} FileFacts
 */

/**
 * A cheap first look before any analysis: at least two slots await something.
 * @param {any[]} slots
 */
export function hasTwoAwaitedSlots(slots) {
  return slots.filter((slot) => slot && unwrap(slot).type === 'AwaitExpression').length >= 2;
}

/**
 * The runs worth starting together, in order. A slot that is no awaited call
 * ends a run; an awaited call ordered after a member of the run starts a new one.
 * @param {any[]} slots expressions in evaluation order (null for a slot that is not a plain value)
 * @param {() => FileFacts} getFacts the file's facts, built only once a slot awaits a call
 * @param {VisitorKeys} visitorKeys
 * @returns {any[][]} the AwaitExpressions of each run
 */
export function awaitedCallRuns(slots, getFacts, visitorKeys) {
  /** @param {NodeOf<'AwaitExpression'>} awaitNode */
  const operationOf = (awaitNode) => getFacts().expressionOperation(awaitNode);
  /** @type {any[][]} */
  const runs = [];
  /** @type {any[]} */
  let run = [];
  const flush = () => {
    if (run.length >= 2 && worthStartingTogether(run.map(operationOf))) runs.push(run);
    run = [];
  };
  for (const slot of slots) {
    const operation = slot && awaitedCallSlot(slot, getFacts, visitorKeys);
    if (!operation) {
      flush();
      continue;
    }
    const joins = run.every((member) => orderingReason(operationOf(member), operationOf(operation)) === null);
    if (!joins) flush();
    run.push(operation);
  }
  flush();
  return runs;
}

/**
 * The AwaitExpression in a slot when it awaits a call with no await of its own.
 * @param {any} slot
 * @param {() => FileFacts} getFacts
 * @param {VisitorKeys} visitorKeys
 */
function awaitedCallSlot(slot, getFacts, visitorKeys) {
  if (slot.type !== 'AwaitExpression') return null;
  if (unwrap(slot.argument).type !== 'CallExpression') return null;
  if (countSuspensions(slot, visitorKeys) !== 1) return null;
  const cls = getFacts().classifier.classifyOperation(unwrap(slot.argument));
  return cls.barrier ? null : slot;
}
