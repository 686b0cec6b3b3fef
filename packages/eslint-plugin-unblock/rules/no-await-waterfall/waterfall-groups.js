/**
 * Finds waterfall groups in one statement list: awaited operations that can
 * all start at the first one's position. Later members move up across the
 * statements between only when independent of every one of them; walls
 * (control flow, other awaits, calls whose result is dropped, writes) stop
 * the search.
 */
import { orderingReason, canCross } from './independence.js';

/** How far a group may reach; keeps the cost linear on generated code. */
const WINDOW = 40;

/**
 * @typedef {import('./operations.js').AwaitedOperation & import('./independence.js').OperationFacts} Candidate
 *
 * @typedef {object} StatementFacts
 * @property {(statement: any) => Candidate | null} candidateOf  an awaited operation that may join a group
 * @property {(statement: any) => import('../effects/effects.js').Effects | null} crossableEffects  effects of a plain statement an operation may move across, or null for a wall
 * @property {(statement: any) => import('../effects/effects.js').Effects | null} guardEffects  effects of an early-exit guard a read may start
 *   before (the report then offers no rewrite), or null
 */

/**
 * @param {any[]} statements
 * @param {StatementFacts} facts
 * @returns {Candidate[][]}
 */
export function findStatementGroups(statements, facts) {
  /** @type {Candidate[][]} */
  const groups = [];
  /** @type {Set<number>} */
  const grouped = new Set();
  for (let i = 0; i < statements.length; i++) {
    if (grouped.has(i)) continue;
    const first = facts.candidateOf(statements[i]);
    if (!first) continue;
    /** @type {Candidate[]} */
    const members = [first];
    /** @type {number[]} */
    const memberIndexes = [i];
    const end = Math.min(statements.length, i + WINDOW);
    for (let j = i + 1; j < end; j++) {
      const candidate = grouped.has(j) ? null : facts.candidateOf(statements[j]);
      if (candidate && canMoveTo(statements, i, j, candidate, facts)) {
        members.push(candidate);
        memberIndexes.push(j);
        continue;
      }
      if (!candidate && facts.crossableEffects(statements[j]) === null && facts.guardEffects(statements[j]) === null) break;
    }
    if (members.length >= 2) {
      groups.push(members);
      for (const index of memberIndexes) grouped.add(index);
    }
  }
  return groups;
}

/**
 * @param {any[]} statements
 * @param {number} from
 * @param {number} to
 * @param {Candidate} moving
 * @param {StatementFacts} facts
 */
function canMoveTo(statements, from, to, moving, facts) {
  return movingReason(statements, from, to, moving, facts) === null;
}

/**
 * Why the operation at `to` may not start at `from` (together with the operation there): the
 * first statement on the way that it depends on or may not cross; null when it may.
 * @param {any[]} statements
 * @param {number} from
 * @param {number} to
 * @param {Candidate} moving
 * @param {StatementFacts} facts
 * @returns {{ reason: string, earlier: Candidate | null } | null} `earlier`: the awaited operation it must wait for, if that is the reason
 */
export function movingReason(statements, from, to, moving, facts) {
  for (let k = from; k < to; k++) {
    const operation = facts.candidateOf(statements[k]);
    if (operation) {
      const reason = orderingReason(operation, moving);
      if (reason !== null) return { reason, earlier: operation };
      continue;
    }
    const effects = facts.crossableEffects(statements[k]);
    // A read, known to be one, may start before an early exit it does not depend on.
    const guard = effects === null && moving.cls.kind === 'read' ? facts.guardEffects(statements[k]) : null;
    if (effects === null && guard === null) return { reason: 'wall', earlier: null };
    if (!canCross(effects ?? /** @type {NonNullable<typeof guard>} */ (guard), moving)) return { reason: 'binding flow', earlier: null };
  }
  return null;
}

/**
 * The early-exit guard a group's later members start before, if any: the group is then reported
 * without a rewrite.
 * @param {any[]} statements
 * @param {Candidate[]} members
 * @param {StatementFacts} facts
 */
export function guardCrossed(statements, members, facts) {
  const from = statements.indexOf(members[0].statement);
  const to = statements.indexOf(members[members.length - 1].statement);
  for (let k = from + 1; k < to; k++) {
    if (!facts.candidateOf(statements[k]) && facts.crossableEffects(statements[k]) === null && facts.guardEffects(statements[k]) !== null) return statements[k];
  }
  return null;
}
