/**
 * The schema of a linted file's kept verdicts (rules/verdicts/file-verdicts.js): the inputs the rules'
 * analysis read, each rule's reports by the rule and its setting (each report as
 * rules/verdicts/kept-reports.js keeps one: the message, where it points, the text each fix and
 * suggestion writes, the proof), and the linted file with its text's hash (`of`: prune.js removes the
 * entry once the file has another text).
 */
import { isInputs } from './input.js';
import { hasFields, isArrayOf, isBoolean, isProjectPath, isRange, isRecord, isString } from './plain.js';

/** @param {unknown} value */
const isOffset = (value) => Number.isSafeInteger(value) && /** @type {number} */ (value) >= 0;
/** @param {unknown} data a message's data: plain values only */
const isData = (data) => isRecord(data) && Object.values(data).every((value) => ['string', 'number', 'boolean'].includes(typeof value));
/** @param {unknown} fix a fix whose edits were recorded */
const isFix = (fix) => hasFields(fix, { edits: (edits) => isArrayOf(edits, (edit) => hasFields(edit, { range: isRange, text: isString })) });
const SUGGESTION = { fix: isFix };
const SUGGESTION_OPTIONAL = { messageId: isString, desc: isString, data: isData };
const REPORT = {
  start: isOffset,
  end: isOffset,
  point: isBoolean,
  fix: (/** @type {unknown} */ fix) => fix === null || isFix(fix),
  suggest: (/** @type {unknown} */ suggest) => isArrayOf(suggest, (s) => hasFields(s, SUGGESTION, SUGGESTION_OPTIONAL)),
};
// The proof is checked where every report's is, before it is made (rule-shell/proofs.js): one that lacks a link is refused there.
const REPORT_OPTIONAL = { messageId: isString, message: isString, data: isData, proof: isRecord };

/** @param {unknown} verdicts reports by rule and setting (a hex key) */
const isVerdicts = (verdicts) => isRecord(verdicts) && Object.entries(verdicts).every(([key, reports]) => /^[0-9a-f]{16,128}$/.test(key) && isKeptReports(reports));

/**
 * Whether reports, as JSON gives them back, are kept reports: checked before they are written too, so
 * that a report with data the format does not hold is not kept (it would be refused at every read).
 * @param {unknown} reports
 */
export function isKeptReports(reports) {
  return isArrayOf(reports, isReport);
}

/** @param {unknown} report */
function isReport(report) {
  return hasFields(report, REPORT, REPORT_OPTIONAL) && (isString(/** @type {any} */ (report).messageId) || isString(/** @type {any} */ (report).message));
}

/**
 * @param {unknown} value
 * @param {string | null} root
 */
export function isVerdictsEntry(value, root) {
  const isOf = (/** @type {unknown} */ of) => Array.isArray(of) && of.length === 2 && isProjectPath(of[0], root) && isString(of[1]);
  return hasFields(value, { inputs: (inputs) => isInputs(inputs, root), verdicts: isVerdicts, of: isOf });
}
