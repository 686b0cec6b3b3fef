/**
 * Finds runs of consecutive try statements (settled-shape.js) whose awaited
 * operations may all start together in one Promise.allSettled.
 *
 * The rewrite starts every operation first, then applies, entry by entry in
 * the original order, the fulfilled assignment or the catch body. What moves
 * is only each later operation's start: above the earlier operations (the
 * Promise.all contract decides, as for any group) and above the earlier
 * catch bodies, which must neither read nor write what it uses, nor touch its
 * resource with a write. Catch bodies and assignments keep their order among
 * themselves, so one catch may read what an earlier one wrote.
 */
import { orderingReason, worthStartingTogether } from './independence.js';
import { bindingsFlow, effectsOf } from '../effects/effects.js';
import { settledMemberOf } from './settled-shape.js';

/**
 * @typedef {import('./settled-shape.js').SettledMember} SettledMember
 * @typedef {Parameters<typeof settledMemberOf>[1]} SettledContext
 */

/**
 * @param {any[]} statements a statement list
 * @param {SettledContext} context
 * @returns {SettledMember[][]}
 */
export function findSettledGroups(statements, context) {
  /** @type {SettledMember[][]} */
  const groups = [];
  /** @type {SettledMember[]} */
  let group = [];
  const flush = () => {
    if (group.length >= 2 && worthStartingTogether(group)) groups.push(group);
    group = [];
  };
  for (const statement of statements) {
    const member = statement.type === 'TryStatement' ? settledMemberOf(statement, context) : null;
    if (!member) {
      flush();
      continue;
    }
    if (!group.every((earlier) => mayStartBefore(earlier, member, context))) flush();
    group.push(member);
  }
  flush();
  return groups;
}

/** @type {WeakMap<SettledMember, import('./independence.js').OperationFacts[]>} */
const catchCallFacts = new WeakMap();

/**
 * May `later`'s operation start while `earlier`'s is pending and before
 * `earlier`'s assignment or catch body has run?
 * @param {SettledMember} earlier
 * @param {SettledMember} later
 * @param {SettledContext} context
 */
function mayStartBefore(earlier, later, context) {
  if (orderingReason(earlier, later) !== null) return false;
  if (bindingsFlow(earlier.catchEffects, later.operandEffects)) return false;
  const moving = { effects: later.operandEffects, cls: later.cls };
  return callsOfCatch(earlier, context).every((call) => orderingReason(call, moving) === null);
}

/**
 * The catch clause's calls as operations, so the analysis judges them like
 * any earlier operation: a write to the later one's receiver, table or
 * state, a barrier, an object both are handed.
 * @param {SettledMember} member
 * @param {SettledContext} context
 */
function callsOfCatch(member, { sourceCode, index, classifier }) {
  let facts = catchCallFacts.get(member);
  if (!facts) {
    facts = member.catchCalls.map((call) => ({
      effects: effectsOf(call, { visitorKeys: sourceCode.visitorKeys, index }),
      cls: classifier.classifyOperation(call),
    }));
    catchCallFacts.set(member, facts);
  }
  return facts;
}
