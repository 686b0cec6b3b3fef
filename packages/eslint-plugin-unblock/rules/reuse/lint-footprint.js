/**
 * What one lint of a file read outside its own text, so that an editor's next lint of the same
 * file may reuse the reports of the units its edit cannot reach (rules/reuse/), and only while none
 * of it changed:
 * - what the call summaries and the rest of the analysis read in other files (modules by hash, import
 *   resolutions, dependencies, the caller index's answers: inputs.js), checked as the persistent cache checks its facts;
 * - the project's caller index, by identity: it is made again when a project file changes on disk,
 *   is saved, created or deleted, and its answers (who calls what, from which route) with it;
 * - the lint's folder (it bounds what is read).
 * A lint that ran out of budget (its answers depend on the clock) gives no footprint: nothing is reused after it.
 */
import path from 'node:path';
import { callerIndexFor } from '../project/callers/callers.js';
import { allInputsHold } from '../project/callers/caller-inputs.js';
import { lintBoundOf, lintBudgetSpent } from '../project/bounds/lint-bounds.js';
import { readModuleText } from '../project/bounds/read-regular-file.js';
import { MAX_MODULE_BYTES } from '../project/modules/module-cache.js';
import { inputKey } from '../project/cache/inputs.js';

/**
 * @typedef {object} LintFootprint
 * @property {import('../project/cache/inputs.js').Input[]} inputs
 * @property {object | null} index the project's caller index (null: none covers the file)
 * @property {string | null | undefined} bound
 */

/**
 * @param {string} file the linted file as the rules take it (a relative name: no project index)
 * @param {import('../project/index.js').ReadsElsewhere} summaryReads what the call summaries read
 * @param {import('../project/cache/inputs.js').Input[]} otherReads what the rest of the rule's analysis read
 * @returns {LintFootprint | null}
 */
export function lintFootprint(file, summaryReads, otherReads) {
  if (lintBudgetSpent(path.resolve(file))) return null;
  /** @type {Map<string, import('../project/cache/inputs.js').Input>} */
  const inputs = new Map();
  for (const input of [...summaryReads.inputs, ...otherReads]) inputs.set(inputKey(input), input);
  return { inputs: [...inputs.values()], index: projectIndexOf(file), bound: lintBoundOf(path.resolve(file)) };
}

/**
 * Whether what an earlier lint read outside its text still reads the same now.
 * @param {LintFootprint} footprint
 * @param {string} file
 */
export function footprintHolds(footprint, file) {
  return projectIndexOf(file) === footprint.index && lintBoundOf(path.resolve(file)) === footprint.bound && allInputsHold(footprint.inputs, callerIndexFor);
}

/**
 * How far the linted text is the file's text on disk: the project index knows a function of an
 * unsaved buffer only up to there (callers/linted-text.js). Infinity: no project index, or the same text.
 * @param {string} file
 * @param {string} text
 */
export function diskAgreesUpTo(file, text) {
  if (!projectIndexOf(file)) return Infinity;
  const disk = readModuleText(file, MAX_MODULE_BYTES);
  if (disk === text) return Infinity;
  if (disk === null) return 0;
  let at = 0;
  while (at < disk.length && at < text.length && disk.charCodeAt(at) === text.charCodeAt(at)) at++;
  return at;
}

/** @param {string} file */
function projectIndexOf(file) {
  return path.isAbsolute(file) ? callerIndexFor(file) : null;
}
