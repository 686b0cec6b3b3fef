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
      if (!candidate && facts.crossableEffects(statements[j]) === null) break;
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
    if (effects === null) return { reason: 'wall', earlier: null };
    if (!canCross(effects, moving)) return { reason: 'binding flow', earlier: null };
  }
  return null;
}
