/**
 * Reuse between two lints of the same file: an editor lints again after every edit, and an edit
 * changes one unit (a top-level statement: a function, a route registration; or a member of a
 * top-level class: unit-names.js). The units the edit cannot reach keep the reports their analysis
 * made last time, moved to where they are now; only the others are analysed again.
 *
 * A unit's reports are reused only when all of this holds, and otherwise it is analysed again:
 * - the rule's options and the lint's settings and language are the same;
 * - the two texts differ inside one unit, and every other unit is where it was (or moved as a whole);
 * - no name links the unit to the edited one (unit-graph.js: what uses it, all the way up; what it
 *   uses, all the way down, by property names too only where callers are read from the linted text),
 *   and the edited unit does not call `eval` (that makes every scope around it dynamic);
 * - what the earlier lint read in other files still reads the same (lint-footprint.js),
 *   and the project index knows the unit's functions now as it did then (an unsaved edit above a
 *   function hides its callers: project/callers/linted-text.js);
 * - every fix and suggestion of its reports was recorded and writes inside the unit, and none of its
 *   rewrites checked a name against the whole file (verdicts/name-checks.js).
 *
 * A command-line run lints each file once: nothing is reused there, and a first lint of a file
 * records only its reports (the names and the reads elsewhere are worked out from the second on).
 * No tree is kept from one lint to the next: the units' places and names are (the names of the
 * edited unit before the edit are those kept).
 */
import path from 'node:path';
import { editRegion } from './edit-region.js';
import { unitNames, unitAt, unitsOf } from './unit-names.js';
import { unitsReachedFrom } from './unit-graph.js';
import { enclosingFunction } from '../language/syntax/ast.js';
import { keepReport, movedReport, descriptorOf, keptWithin } from '../verdicts/kept-reports.js';
import { recordingInputs } from '../project/cache/inputs.js';
import { lintFootprint, footprintHolds, diskAgreesUpTo } from './lint-footprint.js';
import { watchReadsElsewhere } from '../project/index.js';
import { lintSetting } from '../verdicts/lint-setting.js';
import { fileWideNameChecks } from '../verdicts/name-checks.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 */

/** Files whose last lint is kept, per rule: an editor's open files. */
const MAX_FILES = 8;

/**
 * @typedef {import('../verdicts/kept-reports.js').KeptReport} KeptReport
 * @typedef {import('./unit-names.js').UnitNames} UnitNames
 * @typedef {object} LastLint
 * @property {string} text
 * @property {[number, number][]} ranges each unit's place
 * @property {object} visitorKeys the parser's, as told apart by identity
 * @property {string} setting what the reports depend on besides the text
 * @property {KeptReport[][]} reports per unit
 * @property {Set<number>} unkept units whose reports cannot be made again
 * @property {UnitNames[] | null} names per unit (null: not worked out, on a first lint)
 * @property {import('./lint-footprint.js').LintFootprint | null} footprint null: nothing to reuse after it
 * @property {number} diskAgrees how far its text was the file on disk
 * @typedef {object} Plan
 * @property {Set<number>} reused
 * @property {number} edited the edited unit (-1: the same text)
 * @property {number} shift how far the units after the edited one moved
 * @property {LastLint} last
 * @property {UnitNames[]} names every unit's, now
 */

/** @type {Map<string, LastLint>} by rule and file, the least recently linted first */
const lastLints = new Map();
let enabled = true;
/** Places (statement lists, expressions) whose analysis was skipped, of those asked about while a lint could reuse. */
const counts = { skipped: 0, asked: 0 };

/**
 * @param {import('eslint').Rule.RuleContext} context the context the rule reports to
 * @param {string} ruleId
 * @param {object} options the rule's options
 */
export function createUnitReuse(context, ruleId, options) {
  const sourceCode = context.sourceCode;
  // A host without offset ↔ line conversions (the rules need them nowhere else) cannot have reports moved.
  if (!enabled || typeof sourceCode.getLocFromIndex !== 'function' || typeof sourceCode.getIndexFromLoc !== 'function') return passThrough(context);
  // As the rules take it: a relative name is a file outside any project (no project index).
  const file = context.filename;
  const key = `${ruleId}\0${path.resolve(context.cwd ?? '', file)}`;
  const body = unitsOf(sourceCode.ast);
  const setting = lintSetting(context, options);
  const seenBefore = setting !== null && lastLints.has(key);
  // From the second lint of a file on, what its summaries read elsewhere is noted for the next one.
  const summaryReads = seenBefore ? watchReadsElsewhere(sourceCode) : null;
  /** @type {KeptReport[][]} */
  const reports = body.map(() => []);
  /** @type {Set<number>} units with a report about top-level code, which reads across units: never reused */
  const topLevel = new Set();
  // A report outside every unit could not be placed again: nothing is reused after such a lint.
  let placed = true;
  /** @type {Set<number>} units whose analysis was skipped: their last reports are made again */
  const skipped = new Set();
  /** @type {Plan | null | undefined} */
  let plan;
  const planned = () => {
    if (plan !== undefined) return plan;
    const last = seenBefore ? lastLints.get(key) : undefined;
    plan = last && last.setting === setting ? planReuse(last, sourceCode, file) : null;
    return plan;
  };

  return {
    /** Reports for the rule: recorded for the next lint. @param {any} descriptor */
    report(descriptor) {
      const { descriptor: handed, kept } = keepReport(descriptor, sourceCode);
      const at = unitAt(body, kept.start);
      if (at < 0) placed = false;
      else reports[at].push(kept);
      if (!inFunction(descriptor.node)) topLevel.add(at);
      context.report(handed);
    },
    /** Whether the analysis of the code at `node` is skipped: its unit's last reports are made again. @param {any} node */
    skips(node) {
      const reuse = planned();
      if (reuse === null) return false;
      counts.asked++;
      const at = unitAt(body, node.range[0]);
      if (!inFunction(node) || !reuse.reused.has(at)) return false;
      counts.skipped++;
      skipped.add(at);
      return true;
    },
    /**
     * Runs the rule's analysis of the file, then makes the reused units' reports and keeps this lint.
     * @param {() => void} analyse
     */
    analyse(analyse) {
      const inputs = seenBefore ? listedInputsOf(analyse) : (analyse(), []);
      const reuse = plan ?? null;
      if (reuse) replay(reuse, skipped, reports, sourceCode, context);
      remember(key, {
        text: sourceCode.text,
        ranges: body.map((unit) => unit.range),
        visitorKeys: sourceCode.visitorKeys,
        setting: setting ?? '',
        reports,
        unkept: new Set([...unkeptUnits(body, reports), ...topLevel, ...fileWideNameCheckUnits(body, sourceCode)]),
        // Worked out from the second lint on (a command-line run lints a file once), for the next lint's edit.
        names: reuse?.names ?? (seenBefore ? allNames(sourceCode) : null),
        footprint: summaryReads && placed && inputs ? lintFootprint(file, summaryReads, inputs) : null,
        diskAgrees: seenBefore ? diskAgreesUpTo(file, sourceCode.text) : 0,
      });
    },
    /** The rule analysed nothing this time (a file it leaves alone): nothing to reuse next time. */
    forget() {
      lastLints.delete(key);
    },
  };
}

/**
 * Runs the analysis, and returns what it read in other files; null when that is not all listed (it used
 * what was read while nothing was recorded): nothing is reused after such a lint.
 * @param {() => void} analyse
 * @returns {import('../project/cache/inputs.js').Input[] | null}
 */
function listedInputsOf(analyse) {
  const recorded = recordingInputs(analyse);
  return recorded.unlisted ? null : recorded.inputs;
}

/**
 * @param {LastLint} last
 * @param {import('eslint').SourceCode} sourceCode
 * @param {string} file
 * @returns {Plan | null}
 */
function planReuse(last, sourceCode, file) {
  if (!last.footprint || !last.names || last.visitorKeys !== sourceCode.visitorKeys || !footprintHolds(last.footprint, file)) return null;
  const body = unitsOf(sourceCode.ast);
  const before = last.ranges;
  const region = editRegion(last.text, sourceCode.text);
  const edited = region ? editedUnit(before, body, region) : -1;
  if (edited === null) return null;
  const shift = sourceCode.text.length - last.text.length;
  const names = namesOfUnits(last.names, sourceCode, edited);
  if (!names) return null;
  // The footprint holds, so its index is the one the rules read callers from now (null: the linted text's own).
  const propertyCallersFromText = last.footprint.index === null;
  const reached = edited >= 0 ? unitsReachedFrom(/** @type {UnitNames[]} */ (names.merged), edited, { propertyCallersFromText }) : new Set();
  const diskAgrees = diskAgreesUpTo(file, sourceCode.text);
  /** @type {Set<number>} */
  const reused = new Set();
  body.forEach((unit, at) => {
    if (reached.has(at) || last.unkept.has(at)) return;
    const then = before[at];
    if (indexSees(then, last.diskAgrees) !== indexSees(unit.range, diskAgrees) || indexSees(unit.range, diskAgrees) === null) return;
    reused.add(at);
  });
  return { reused, edited, shift, last, names: names.kept };
}

/**
 * The unit the edit lies strictly inside, in both texts, with every other unit unchanged; -1 never
 * (a region is an edit); null when the edit is not inside one unit or moved others.
 * @param {[number, number][]} before the earlier units' places
 * @param {any[]} body
 * @param {import('./edit-region.js').EditRegion} region
 */
function editedUnit(before, body, region) {
  if (before.length !== body.length) return null;
  const at = unitAt(before.map((range) => ({ range })), region.start);
  if (at < 0) return null;
  const [start, end] = before[at];
  const shift = region.afterEnd - region.beforeEnd;
  // Strictly inside: an edit at a unit's first or last character may join it to its neighbour.
  if (!(start < region.start && region.beforeEnd < end && body[at].range[0] === start && body[at].range[1] === end + shift)) return null;
  for (let other = 0; other < body.length; other++) {
    if (other === at) continue;
    const moved = other > at ? shift : 0;
    if (body[other].range[0] !== before[other][0] + moved || body[other].range[1] !== before[other][1] + moved) return null;
  }
  return at;
}

/**
 * Every unit's names (the last lint's where the text is the same: a unit's names are its text's),
 * and, for the graph, the edited unit's names before and after the edit merged. Null when the
 * edited unit calls eval.
 * @param {UnitNames[]} last the last lint's, per unit
 * @param {import('eslint').SourceCode} sourceCode
 * @param {number} edited
 */
function namesOfUnits(last, sourceCode, edited) {
  /** @type {UnitNames[]} */
  const kept = [...last];
  if (edited >= 0) kept[edited] = /** @type {UnitNames} */ (unitNames(sourceCode, [edited]).get(edited));
  const merged = [...kept];
  if (edited >= 0) {
    const then = last[edited];
    const now = kept[edited];
    if (then.uses.has('eval') || now.uses.has('eval')) return null;
    merged[edited] = {
      uses: new Set([...then.uses, ...now.uses]),
      provides: new Set([...then.provides, ...now.provides]),
      reads: new Set([...then.reads, ...now.reads]),
      defines: new Set([...then.defines, ...now.defines]),
    };
  }
  return { kept, merged };
}

/**
 * Every unit's names.
 * @param {import('eslint').SourceCode} sourceCode
 * @returns {UnitNames[]}
 */
function allNames(sourceCode) {
  const found = unitNames(sourceCode, unitsOf(sourceCode.ast).map((_, at) => at));
  return [...found.keys()].sort((a, b) => a - b).map((at) => /** @type {UnitNames} */ (found.get(at)));
}

/**
 * Whether the project index knows the unit's functions (true), knows none of them (false), or some (null).
 * @param {[number, number]} range
 * @param {number} diskAgrees
 */
function indexSees([start, end], diskAgrees) {
  if (diskAgrees >= end) return true;
  return diskAgrees <= start ? false : null;
}

/**
 * @param {Plan} plan
 * @param {Set<number>} skipped the units whose analysis was skipped
 * @param {KeptReport[][]} reports this lint's, filled here for the reused units
 * @param {import('eslint').SourceCode} sourceCode
 * @param {import('eslint').Rule.RuleContext} context
 */
function replay(plan, skipped, reports, sourceCode, context) {
  for (const at of skipped) {
    const moved = at > plan.edited && plan.edited >= 0 ? plan.shift : 0;
    for (const kept of plan.last.reports[at]) {
      const report = /** @type {KeptReport} */ (movedReport(kept, moved));
      reports[at].push(report);
      context.report(descriptorOf(report, sourceCode));
    }
  }
}

/**
 * Whether the node is inside a function: code at the top level (top-level awaits) is analysed as
 * one list across units.
 * @param {Node} node
 */
function inFunction(node) {
  const fn = node ? enclosingFunction(node) : null;
  return fn !== null && fn.type !== 'Program';
}

/**
 * @param {any[]} body
 * @param {KeptReport[][]} reports
 */
function unkeptUnits(body, reports) {
  const unkept = new Set();
  reports.forEach((list, at) => {
    if (list.some((kept) => !keptWithin(kept, body[at].range[0], body[at].range[1]))) unkept.add(at);
  });
  return unkept;
}

/**
 * Units where a rewrite checked a name against the whole file (verdicts/name-checks.js): an edit in
 * any other unit may change that rewrite.
 * @param {any[]} body
 * @param {import('eslint').SourceCode} sourceCode
 */
function fileWideNameCheckUnits(body, sourceCode) {
  return fileWideNameChecks(sourceCode).map((offset) => unitAt(body, offset)).filter((at) => at >= 0);
}

/**
 * @param {string} key
 * @param {LastLint} lint
 */
function remember(key, lint) {
  lastLints.delete(key);
  lastLints.set(key, lint);
  if (lastLints.size > MAX_FILES) lastLints.delete(/** @type {string} */ (lastLints.keys().next().value));
}

/**
 * The rule's analysis as it is without reuse.
 * @param {import('eslint').Rule.RuleContext} context
 */
function passThrough(context) {
  return {
    report: (/** @type {any} */ descriptor) => context.report(descriptor),
    skips: () => false,
    analyse: (/** @type {() => void} */ analyse) => analyse(),
    forget: () => {},
  };
}

/**
 * Turns reuse off (and on again): a lint without it neither reads nor changes what is kept, so a
 * test or a benchmark can compare the two on the same sequence of edits.
 * @param {boolean} on
 */
export function setUnitReuse(on) {
  enabled = on;
}

/** Forgets every kept lint. */
export function forgetKeptLints() {
  lastLints.clear();
}

/** How many places had their analysis skipped so far, of how many asked about in lints that could reuse. */
export function unitReuseCounts() {
  return { ...counts };
}
