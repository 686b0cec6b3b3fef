/**
 * The schema of a linted file's kept call summaries (callees/summary-cache.js): its inputs, and each
 * awaited call's summary by the call's place (`start:end`), or null where the call had none, and
 * the linted file they were read for with its text's hash (`of`: prune.js removes the entry once the
 * file has another text; optional, as entries written before it was added lack it).
 */
import { isInputs } from './input.js';
import { hasFields, isBoolean, isProjectPath, isRecord, isString, isStringOrNull, isStrings } from './plain.js';

const KINDS = new Set(['read', 'write', 'none', 'unknown']);
const SUMMARY = {
  kind: (/** @type {unknown} */ kind) => typeof kind === 'string' && KINDS.has(kind),
  io: (/** @type {unknown} */ io) => io === null || isBoolean(io),
  reads: isStrings,
  writes: isStrings,
  thisReads: isStrings,
  thisWrites: isStrings,
  evidence: isStrings,
};
const OPTIONAL = { findOrCreate: isBoolean, evidenced: isBoolean, notifies: isBoolean, thisOwner: isStringOrNull, callKind: (/** @type {unknown} */ kind) => typeof kind === 'string' && KINDS.has(kind) };
const PLACE = /^\d+:\d+$/;

/** @param {unknown} answers */
function isAnswers(answers) {
  if (!isRecord(answers)) return false;
  for (const [at, answer] of Object.entries(answers)) {
    if (!PLACE.test(at) || (answer !== null && !hasFields(answer, SUMMARY, OPTIONAL))) return false;
  }
  return true;
}

/**
 * @param {unknown} value
 * @param {string | null} root
 */
export function isSummariesEntry(value, root) {
  const isOf = (/** @type {unknown} */ of) => Array.isArray(of) && of.length === 2 && isProjectPath(of[0], root) && isString(of[1]);
  return hasFields(value, { inputs: (inputs) => isInputs(inputs, root), answers: isAnswers }, { of: isOf });
}
