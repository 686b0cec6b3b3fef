/**
 * The analysis contract: when may a later awaited operation start together
 * with (or before) an earlier piece of code? Any doubt answers "no".
 */
import { bindingsFlow, intersects } from './effects.js';
import { receiversOverlap } from './call-classification.js';
import { isDataSymbol } from './references.js';

/**
 * @typedef {object} OperationFacts
 * @property {import('./effects.js').Effects} effects
 * @property {import('./call-classification.js').OperationClass} cls
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
  if (!receiver || mutator.cls.kind === 'read') return false;
  // `this.repo` and `this.mailer` are told apart by receiversOverlap, not here.
  if (typeof receiver.root === 'object' && receiver.root !== null && 'thisOf' in receiver.root) return false;
  return reader.effects.reads.has(receiver.root);
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
  // A write must not run when an earlier operation would have failed first.
  if (later.cls.kind === 'write') return 'later write';
  if (earlier.cls.kind === 'write' && shareEntity(earlier, later)) return 'same entity after write';
  // After a write, only a call known to read something else may run alongside:
  // an unknown one (`serialize(entity)`) may observe the write half-done.
  if (earlier.cls.kind === 'write' && later.cls.kind !== 'read') return 'unknown after write';
  if (receiversOverlap(earlier.cls.receiver, later.cls.receiver)) {
    const bothRead = earlier.cls.kind === 'read' && later.cls.kind === 'read';
    if (!bothRead || earlier.cls.receiver.connection || later.cls.receiver.connection) return 'same receiver';
  }
  if (mutatesWhatOtherReads(earlier, later) || mutatesWhatOtherReads(later, earlier)) return 'receiver mutation';
  // Both are handed the same object and one may do anything with it.
  if (!(earlier.cls.kind === 'read' && later.cls.kind === 'read') && intersects(earlier.cls.objectArguments, later.cls.objectArguments)) {
    return 'shared object argument';
  }
  return null;
}

/**
 * May an awaited operation move above a plain statement (no await, no
 * exits, no write-like calls)? Only when no binding flows either way.
 * @param {import('./effects.js').Effects} statement
 * @param {OperationFacts} moving
 */
export function canCross(statement, moving) {
  return !bindingsFlow(statement, moving.effects);
}
