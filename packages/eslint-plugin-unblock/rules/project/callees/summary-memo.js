/**
 * Function summaries kept in memory from one lint to the next, for functions of other modules: an
 * editor lints the open file again after every keystroke, and a command-line run lints file after
 * file that call the same services, and each lint used to read those callees' bodies again (on a
 * real 2,300-line service, four in five of the bodies read per lint were other modules').
 *
 * A summary is a function of the function's body, the depth left to follow its calls and the names
 * that classify calls (summarize.js), and of what it read elsewhere (../cache/inputs.js). A module's
 * tree is the same objects while its text is (../modules/module-cache.js), so a function node found
 * again is the same code. A kept summary is used only while:
 * - every module whose functions it was composed from still has the tree it was read from;
 * - every other input it read (import resolutions, dependencies, folder listings) answers the same;
 * and the lint's budget of summaries is spent as a fresh reading would spend it: every summary the
 * kept one was composed from (its closure) counts, and is known to the lint as if read (lint-summaries.js).
 *
 * Nothing here outlives the trees it names: an entry is dropped when a module it was composed from
 * loses its tree (a changed text, or the module cache's limit on trees), checked when a lint starts.
 */
import { viewIsCurrent, viewIsKept } from '../modules/module-cache.js';
import { inputsNow } from '../workspace/input-check.js';
import { anyMoved } from '../workspace/moved-keys.js';
import { lintGeneration, onLintStart } from '../bounds/lint-bounds.js';

/**
 * @typedef {import('../modules/module-view.js').ModuleView} ModuleView
 * @typedef {object} MadeSummary  one function's summary at one depth, as a lint made it
 * @property {any} fn
 * @property {number} depth
 * @property {ModuleView} view the module the function is in
 * @property {import('../../effects/effect-summary.js').EffectSummary} summary
 * @property {import('../cache/inputs.js').Input[] | null} inputs what it read, its closure's too (null: not all known)
 * @property {MadeSummary[]} closure itself and every summary it was composed from, each once
 * @typedef {MadeSummary & { key: string, views: ModuleView[], checked: number, holds: boolean }} KeptSummary
 *   key: the names and depth it is kept under; views: the modules of its closure; checked: the lint generation it was last checked in
 */

/** @type {Map<ModuleView, Map<any, Map<string, KeptSummary>>>} per module, per function node, per names and depth */
const kept = new Map();
/** @type {Map<ModuleView, Set<KeptSummary>>} per module, the kept summaries composed from its functions */
const dependents = new Map();

onLintStart(dropStale);

/**
 * The summary kept for a function of another module, while it holds.
 * @param {string} namesId
 * @param {any} fn
 * @param {number} depth
 * @param {ModuleView} view
 * @returns {KeptSummary | null}
 */
export function keptSummary(namesId, fn, depth, view) {
  const entry = kept.get(view)?.get(fn)?.get(`${namesId}\0${depth}`);
  if (!entry) return null;
  const generation = lintGeneration();
  if (entry.checked !== generation) {
    entry.checked = generation;
    entry.holds = stillHolds(entry);
  }
  return entry.holds ? entry : null;
}

/**
 * Keeps a summary just made of a function of another module (one whose inputs are all known).
 * @param {string} namesId
 * @param {MadeSummary} made
 */
export function keepSummary(namesId, made) {
  if (made.inputs === null || !made.closure.every((part) => viewIsKept(part.view))) return;
  const key = `${namesId}\0${made.depth}`;
  const views = [...new Set(made.closure.map((part) => part.view))];
  const entry = /** @type {KeptSummary} */ (Object.assign(made, { key, views, checked: lintGeneration(), holds: true }));
  const replaced = kept.get(made.view)?.get(made.fn)?.get(key);
  if (replaced) forget(replaced);
  let byFunction = kept.get(made.view);
  if (!byFunction) kept.set(made.view, (byFunction = new Map()));
  let byKey = byFunction.get(made.fn);
  if (!byKey) byFunction.set(made.fn, (byKey = new Map()));
  byKey.set(key, entry);
  for (const view of views) {
    let set = dependents.get(view);
    if (!set) dependents.set(view, (set = new Set()));
    set.add(entry);
  }
}

/**
 * @param {KeptSummary} entry
 */
function stillHolds(entry) {
  // Each module's tree first (cheap, and marks the tree as used); then the other inputs.
  for (const view of entry.views) if (!viewIsCurrent(view)) return false;
  const now = entry.inputs && inputsNow(entry.inputs);
  return !!now && !anyMoved(now.moves);
}

/** Drops the entries composed from a module that has lost its tree, so that none keeps an old tree alive. */
function dropStale() {
  for (const view of [...dependents.keys()]) {
    if (viewIsKept(view)) continue;
    for (const entry of dependents.get(view) ?? []) forget(entry);
    dependents.delete(view);
    kept.delete(view);
  }
}

/**
 * @param {KeptSummary} entry
 */
function forget(entry) {
  const byFunction = kept.get(entry.view);
  const byKey = byFunction?.get(entry.fn);
  if (byKey?.get(entry.key) === entry) {
    byKey.delete(entry.key);
    if (byKey.size === 0) byFunction?.delete(entry.fn);
  }
  for (const view of entry.views) dependents.get(view)?.delete(entry);
}

/** How many summaries are kept (the tests check that none outlives its trees). */
export function keptSummaryCount() {
  let count = 0;
  for (const byFunction of kept.values()) for (const byKey of byFunction.values()) count += byKey.size;
  return count;
}
