/**
 * The function summaries one lint has (summarize.js): each made once per function and depth, the
 * lint's budget of them, and, for each, what it read and the summaries it was composed from (its
 * closure). The closure is what lets a summary kept from an earlier lint (summary-memo.js) be taken
 * as if read now: the summaries it was composed from become this lint's too, and count against the
 * budget as reading them would have, so a lint's answers are the same whether it read or took them.
 *
 * A summary is a function of the body and the depth left to follow its calls, never of which
 * question asked first: a file's reports, and the summaries the persistent cache keeps, do not
 * depend on the order pairs are looked at (until the budget is spent: then nothing is kept).
 */
import { noteUnrecorded, noteInputs, recordingInputs } from '../cache/inputs.js';

/**
 * @typedef {import('./summary-memo.js').MadeSummary} MadeSummary
 * @typedef {import('../../effects/effect-summary.js').EffectSummary} EffectSummary
 */

/**
 * @param {number} budget function bodies read per lint
 */
export function createLintSummaries(budget) {
  /** @type {Map<any, Map<number, MadeSummary>>} per function, its summary at each depth it was asked at */
  const summaries = new Map();
  let made = 0;
  /** @type {Set<MadeSummary>[]} per summary being read, innermost last, those it was composed from so far */
  const composing = [];

  const remember = (/** @type {MadeSummary} */ summary) => rememberIn(summaries, summary);
  const has = (/** @type {MadeSummary} */ part) => summaries.get(part.fn)?.has(part.depth) ?? false;
  /** @param {Iterable<MadeSummary>} parts told to the summary being read, if any, as parts of it */
  const composedOf = (parts) => {
    const asking = composing.at(-1);
    if (asking) for (const part of parts) asking.add(part);
  };

  /**
   * A summary this lint has, used again: what it read and was composed from count for the work asking.
   * @param {MadeSummary} known
   */
  const usedAgain = (known) => {
    if (known.inputs === null) noteUnrecorded();
    else noteInputs(known.inputs);
    composedOf(known.closure);
    return known.summary;
  };

  return {
    /** @param {any} fn @param {number} depth */
    known: (fn, depth) => summaries.get(fn)?.get(depth),
    usedAgain,
    /** Whether the budget is spent: what is answered now depends on which question came first. */
    spent: () => made >= budget,
    /** Whether every summary made so far is the code's alone: the budget, which the order of questions spends, was never reached. */
    exact: () => made < budget,
    /**
     * Whether a kept summary can be taken within the budget (else it is read, and the budget runs out as it would).
     * @param {MadeSummary} kept
     */
    canTake: (kept) => made + kept.closure.filter((part) => !has(part)).length < budget,
    /**
     * A summary kept from an earlier lint, taken as if read now.
     * @param {MadeSummary} kept
     */
    taken(kept) {
      for (const part of kept.closure) {
        if (has(part)) continue;
        made++;
        remember(part);
      }
      return usedAgain(kept);
    },
    /**
     * Reads a summary, noting what it read (the enclosing work's recording is told too) and what it was composed from.
     * @param {Extract<import('../modules/callee-lookup.js').Value, { type: 'function' }>} target
     * @param {number} depth
     * @param {() => EffectSummary} read
     * @returns {MadeSummary}
     */
    reading(target, depth, read) {
      made++;
      /** @type {Set<MadeSummary>} */
      const parts = new Set();
      composing.push(parts);
      let recorded;
      try {
        recorded = recordingInputs(read);
      } finally {
        composing.pop();
      }
      /** @type {MadeSummary} */
      const summary = { fn: target.fn, depth, view: target.view, summary: recorded.value, inputs: recorded.unlisted ? null : recorded.inputs, closure: [] };
      summary.closure = [summary, ...parts];
      remember(summary);
      composedOf(summary.closure);
      return summary;
    },
  };
}

/**
 * @param {Map<any, Map<number, MadeSummary>>} summaries
 * @param {MadeSummary} summary
 */
function rememberIn(summaries, summary) {
  let byDepth = summaries.get(summary.fn);
  if (!byDepth) summaries.set(summary.fn, (byDepth = new Map()));
  byDepth.set(summary.depth, summary);
}
