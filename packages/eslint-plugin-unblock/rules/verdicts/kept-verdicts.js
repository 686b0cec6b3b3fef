/**
 * A rule's verdicts on a file kept between runs (#43 decision (a)): the reports one rule made on one
 * file, kept in the project cache with everything its analysis read, and made again in a later run
 * without analysing the file while all of it is unchanged. What a verdict depends on:
 * - the file's text, the parser's grammar and the folder ESLint runs in: the key of the file's entry
 *   (file-verdicts.js); the rule and its setting (options, ESLint's settings and language: lint-setting.js):
 *   the key of its reports in that entry; the plugin's version: the cache's folder;
 * - what the analysis read elsewhere (../project/cache/inputs.js): each module, name and shape read,
 *   each import resolved, each dependency asked about, the concurrency helpers installed, how the
 *   project index covered the file, who imports each file asked about and the kept scan of every module
 *   whose call sites were used (../project/callers/caller-inputs.js). All are checked before a kept
 *   verdict is used; one that gives another answer, or moved, means the file is analysed again.
 * The rules of a file share one recording (file-recording.js): they share what they learn of the file
 * (its call summaries, its caller questions), so their verdicts are kept with what all of them read.
 *
 * Not kept: a verdict made from a text that is not the file on disk (an editor's unsaved buffer), one
 * whose analysis ran out of its time or summary budget (its answers depend on the clock or on the order
 * of questions), one that used what nothing recorded (an answer from node_modules), one with a fix or
 * suggestion the host never asked for. The reports made again pass the observations and the proof
 * check as any report does (../rule-shell/), so `.unblock/observed.json` and explaining apply as before.
 */
import path from 'node:path';
import { contentHash } from '../project/cache/content-hash.js';
import { countVerdicts } from '../project/cache/stats.js';
import { isKeptReports } from '../project/cache/schemas/verdicts.js';
import { lintBudgetSpent } from '../project/bounds/lint-bounds.js';
import { anyMoved, namesPlaceIn } from '../project/workspace/moved-keys.js';
import { lintSetting } from './lint-setting.js';
import { keepReport, descriptorOf, fixesRecorded } from './kept-reports.js';
import { fileVerdicts } from './file-verdicts.js';

/**
 * @typedef {import('./kept-reports.js').KeptReport} KeptReport
 *
 * @typedef {object} Verdicts  one rule's verdicts on the file being linted
 * @property {KeptReport[] | null} kept  the reports to make again (null: the file is analysed)
 * @property {(context: import('eslint').Rule.RuleContext) => import('eslint').Rule.RuleContext} recordingTo
 *   the context the rule reports to while it analyses: each report is kept as well as made
 * @property {<T>(work: () => T) => T} during  runs a part of the rule's analysis with what it reads recorded
 * @property {() => void} finished  the rule's analysis of the file is over (its last listener ran)
 */

/**
 * One rule's verdicts on the file being linted, or null when none are kept for it: no project cache,
 * a file that is not on disk with this text (file-verdicts.js), a setting that cannot be written down,
 * a host that cannot turn offsets into places.
 * @param {import('eslint').Rule.RuleContext} context the host's
 * @param {string} ruleId
 * @param {object} options the rule's options, defaults merged
 * @returns {Verdicts | null}
 */
export function verdictsOf(context, ruleId, options) {
  const { sourceCode, filename: file } = context;
  if (!path.isAbsolute(file) || typeof sourceCode.getLocFromIndex !== 'function' || typeof sourceCode.getIndexFromLoc !== 'function') return null;
  const setting = lintSetting(context, options);
  const forFile = setting === null ? null : fileVerdicts(context);
  if (!forFile) return null;
  const ruleKey = contentHash(`${ruleId}\0${setting}`);
  const held = forFile.heldFor(ruleKey);
  // Code it read that only moved (lines added above it) leaves every answer as it was, keys moved with it:
  // the reports hold unless they name a place in such a module.
  if (held && !namesMovedPlace(held.reports, held.moves)) {
    countVerdicts(true);
    return { kept: held.reports, recordingTo: (ruleContext) => ruleContext, during: (work) => work(), finished() {} };
  }
  countVerdicts(false);
  /** @type {KeptReport[]} */
  const reports = [];
  return {
    kept: null,
    recordingTo(ruleContext) {
      const report = (/** @type {any} */ descriptor) => {
        const { descriptor: handed, kept } = keepReport(descriptor, sourceCode);
        reports.push(kept);
        ruleContext.report(handed);
      };
      // The host's context stays the prototype: its getters (filename, sourceCode…) work unchanged.
      return Object.create(ruleContext, { report: { value: report, enumerable: true } });
    },
    during: (work) => forFile.recording.during(work),
    finished() {
      const kept = plain(reports);
      // Out of time, what the analysis answered depends on the clock; a fix the host never asked for is unknown.
      const keepable = !lintBudgetSpent(file) && reports.every(fixesRecorded) && isKeptReports(kept);
      forFile.analysed(ruleKey, keepable ? kept : null);
    },
  };
}

/**
 * The listeners that make a rule's kept reports again, once the file has been traversed (where the
 * rules make theirs), through the same context as the rule's own reports.
 * @param {KeptReport[]} reports
 * @param {import('eslint').Rule.RuleContext} ruleContext
 * @returns {import('eslint').Rule.RuleListener}
 */
export function replayListeners(reports, ruleContext) {
  return {
    'Program:exit'() {
      for (const kept of reports) ruleContext.report(descriptorOf(kept, ruleContext.sourceCode));
    },
  };
}

/**
 * A rule's listeners with each call's work recorded, and the rule told when the file is done.
 * @param {import('eslint').Rule.RuleListener} listeners
 * @param {Verdicts} verdicts
 * @returns {import('eslint').Rule.RuleListener}
 */
export function recordedListeners(listeners, verdicts) {
  /** @type {Record<string, (...args: any[]) => void>} */
  const recorded = {};
  for (const [selector, listener] of Object.entries(listeners)) {
    if (typeof listener === 'function') recorded[selector] = (...args) => verdicts.during(() => /** @type {Function} */ (listener)(...args));
  }
  const exit = recorded['Program:exit'];
  recorded['Program:exit'] = (...args) => {
    exit?.(...args);
    verdicts.finished();
  };
  return recorded;
}

/**
 * Whether kept reports name a place in a module whose code moved: a key (`file#start`) or a line of it
 * (`name.js:12`, as a proof's chain names an anonymous function).
 * @param {KeptReport[]} reports
 * @param {import('../project/workspace/input-check.js').Moves} moves
 */
function namesMovedPlace(reports, moves) {
  if (!anyMoved(moves)) return false;
  const text = JSON.stringify(reports);
  if (namesPlaceIn(text, moves)) return true;
  for (const [file, list] of moves) {
    if (list.every((move) => move[2] === 0)) continue;
    const name = `${path.basename(file)}:`;
    for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
      const next = text.charCodeAt(at + name.length);
      if (next >= 48 && next <= 57) return true;
    }
  }
  return false;
}

/**
 * Reports as they will read back: what JSON keeps of them (an undefined field is dropped).
 * @param {KeptReport[]} reports
 * @returns {unknown}
 */
function plain(reports) {
  try {
    return JSON.parse(JSON.stringify(reports));
  } catch {
    return null;
  }
}
