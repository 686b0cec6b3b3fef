/**
 * The analysis contract: when may a later awaited operation start together
 * with (or before) an earlier piece of code? Any doubt answers "no".
 */
import { bindingsFlow, intersects } from '../effects/effects.js';
import { receiversOverlap } from '../effects/call-classification.js';
import { isDataSymbol } from '../effects/references.js';
import { isNounGetterName } from '../effects/noun-getters.js';

/**
 * An operation's kind, settling on first need whether an unknown call named
 * by a noun (`api.user(id)`) is a getter: most pairs never need to know.
 * @param {import('../effects/call-classification.js').OperationClass} cls
 */
function kindOf(cls) {
  if (cls.kind === 'unknown' && cls.nounName) {
    if (isNounGetterName(cls.nounName)) cls.kind = 'read';
    cls.nounName = null;
  }
  return cls.kind;
}

/**
 * @typedef {object} OperationFacts
 * @property {import('../effects/effects.js').Effects} effects
 * @property {import('../effects/call-classification.js').OperationClass} cls
 */

/**
 * Both operations pass the same data symbol (an id, a user object).
 * @param {OperationFacts} a
 * @param {OperationFacts} b
 */
function shareEntity(a, b) {
  for (const symbol of a.effects.reads) {
    if (b.effects.reads.has(symbol) && isDataSymbol(symbol)) return true;
  }
  return false;
}

/**
 * The operation calls a method that may change its receiver, and the other
 * one reads that receiver (`list.load()` then `render(list)`).
 * @param {OperationFacts} mutator
 * @param {OperationFacts} reader
 */
function mutatesWhatOtherReads(mutator, reader) {
  const receiver = mutator.cls.receiver;
  if (!receiver) return false;
  // `this.repo` and `this.mailer` are told apart by receiversOverlap, not here.
  if (typeof receiver.root === 'object' && receiver.root !== null && 'thisOf' in receiver.root) return false;
  // The kind last: settling it may ask the English tagger, which most pairs never need.
  return reader.effects.reads.has(receiver.root) && kindOf(mutator.cls) !== 'read';
}

/**
 * Two resource sets meet: a shared key, or SQL whose tables are unknown (`sql:*`) next to any SQL.
 * @param {Set<string>} a
 * @param {Set<string>} b
 */
function resourcesMeet(a, b) {
  if (intersects(a, b)) return true;
  const anySql = (/** @type {Set<string>} */ set) => [...set].some((key) => key.startsWith('sql:'));
  return (a.has('sql:*') && anySql(b)) || (b.has('sql:*') && anySql(a));
}

/**
 * What the callees' bodies show about the pair: one writes a table, module
 * state or `this` field that the other reads or writes.
 * @param {OperationFacts} earlier
 * @param {OperationFacts} later
 * @returns {string | null}
 */
function summaryConflict(earlier, later) {
  const a = earlier.cls.summary;
  const b = later.cls.summary;
  if (!a || !b) return null;
  if (resourcesMeet(a.writes, b.reads) || resourcesMeet(a.writes, b.writes) || resourcesMeet(a.reads, b.writes)) return 'same resource';
  const sameThis = a.thisOwner !== null && a.thisOwner === b.thisOwner;
  if (sameThis && (intersects(a.thisWrites, b.thisReads) || intersects(a.thisReads, b.thisWrites) || intersects(a.thisWrites, b.thisWrites))) {
    return 'same state';
  }
  return null;
}

/**
 * May `later` start while `earlier` (an awaited operation before it) is still pending?
 * @param {OperationFacts} earlier
 * @param {OperationFacts} later
 * @returns {string | null} why they must stay in order, or null when independent
 */
export function orderingReason(earlier, later) {
  if (bindingsFlow(earlier.effects, later.effects)) return 'binding flow';
  if (earlier.cls.barrier || later.cls.barrier) return 'barrier';
  const conflict = summaryConflict(earlier, later);
  if (conflict) return conflict;
  // A write must not run when an earlier operation would have failed first.
  if (later.cls.kind === 'write') return 'later write';
  if (earlier.cls.kind === 'write' && shareEntity(earlier, later)) return 'same entity after write';
  // After a write, only a call known to read something else may run alongside:
  // an unknown one (`serialize(entity)`) may observe the write half-done.
  if (earlier.cls.kind === 'write' && kindOf(later.cls) !== 'read') return 'unknown after write';
  if (earlier.cls.receiver && later.cls.receiver && receiversOverlap(earlier.cls.receiver, later.cls.receiver)) {
    const bothRead = kindOf(earlier.cls) === 'read' && kindOf(later.cls) === 'read';
    if (!bothRead || earlier.cls.receiver.connection || later.cls.receiver.connection) return 'same receiver';
  }
  if (mutatesWhatOtherReads(earlier, later) || mutatesWhatOtherReads(later, earlier)) return 'receiver mutation';
  // Both are handed the same object and one may do anything with it.
  if (intersects(earlier.cls.objectArguments, later.cls.objectArguments) && !(kindOf(earlier.cls) === 'read' && kindOf(later.cls) === 'read')) {
    return 'shared object argument';
  }
  return null;
}

/**
 * Whether starting these operations together can gain anything: at least
 * two of them may wait on I/O. Helpers whose bodies show pure computation
 * (sanitisers, in-memory lookups) run one after another anyway.
 * @param {OperationFacts[]} operations
 */
export function worthStartingTogether(operations) {
  return operations.filter((operation) => operation.cls.io !== false).length >= 2;
}

/**
 * May an awaited operation move above a plain statement (no await, no
 * exits, no write-like calls)? Only when no binding flows either way.
 * @param {import('../effects/effects.js').Effects} statement
 * @param {OperationFacts} moving
 */
export function canCross(statement, moving) {
  return !bindingsFlow(statement, moving.effects);
}
