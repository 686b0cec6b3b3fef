/**
 * What the caller index answered, noted as inputs (../cache/inputs.js) of the work that asked, and
 * checked again later: a file's verdicts (rules/verdicts/) are kept between runs only with everything
 * they read, and a verdict that asked who calls a function read three things of the index:
 * - how the project index covered the file (`indexed`: a project too big has none, and every
 *   verdict is then read from the file alone);
 * - which project files may call into a file (`importers`: a new importer may be a new caller);
 * - the scan for callers of each module whose call sites or entry points it used (`scan`: the
 *   module's text and its kept scan, which holds while that scan's own inputs do; after an edit of
 *   the module, while its new scan has the shape the old one had: scan-cache.js, scan-shape.js).
 * The scan is noted as one input, not as what it read: a much-called function's verdict reads the
 * scans of hundreds of modules, each with hundreds of inputs of its own, which one entry holds once.
 */
import { noteInputAgain, notedInput, recordingNow, inputKey } from '../cache/inputs.js';
import { inputsNow } from '../workspace/input-check.js';
import { anyMoved } from '../workspace/moved-keys.js';
import { lintPauses, boundsVersion } from '../bounds/lint-bounds.js';
import { projectRootsOf } from '../bounds/project-root.js';
import { projectStore } from '../cache/store.js';
import { keptScanMoves } from './scan-cache.js';
import { moduleTextHash } from '../modules/module-cache.js';

/**
 * @typedef {import('../cache/inputs.js').Input} Input
 * @typedef {import('../workspace/input-check.js').Moves} Moves
 * @typedef {{ filesImporting(file: string): string[], testFilesImporting(file: string): string[], complete: boolean, layout: string | null }} IndexAnswers
 *   what the checks ask of the caller index that covers a file (layout: the project's, which the scans' imports resolved under)
 */

/** The kinds of input this file notes and checks. */
const CALLER_KINDS = new Set(['scan', 'importers', 'indexed']);

/**
 * The inputs noted over and over (a scan used, the importers of a file, how a file is covered: once per
 * question, thousands of times in a first run), each built once with its identity and noted again
 * cheaply (../cache/inputs.js noteInputAgain). Kept while it is the same answer: a scan's while its
 * module has the same text, the others while the same list or coverage is given.
 * @type {Map<string, import('../cache/inputs.js').NotedInput>}
 */
const noted = new Map();
/** A long-lived process forgets them past this many (an editor's edits make new ones). */
const MAX_NOTED = 50_000;

/**
 * @param {string} id what the input is about (its kind and file)
 * @param {Input} input
 */
function noteKept(id, input) {
  let kept = noted.get(id);
  if (!kept || kept.input[2] !== input[2] || kept.input[3] !== input[3]) {
    if (noted.size >= MAX_NOTED) noted.clear();
    kept = notedInput(input);
    noted.set(id, kept);
  }
  noteInputAgain(kept);
}

/**
 * Notes that the call sites and entry points found by the scan of `file` were used.
 * @param {string} file
 * @param {string | null} hash the hash of the module's text the scan read (the index keeps it from when it scanned)
 * @param {string | null} shape the scan's shape (scan-shape.js; null: not known)
 */
export function noteScanUsed(file, hash, shape) {
  if (recordingNow()) noteKept(`scan\0${file}`, ['scan', file, hash, shape]);
}

/**
 * Notes the files found to import `file` (project files, or test files when `tests`).
 * @param {string} file
 * @param {readonly string[]} importers
 * @param {boolean} [tests]
 */
export function noteImporters(file, importers, tests = false) {
  if (!recordingNow()) return;
  const id = `${tests ? 'tests' : 'importers'}\0${file}`;
  // The same list as last time (an index answers each file's question from one list): its text is not made again.
  const known = noted.get(id);
  if (known && listOf.get(known) === importers) noteInputAgain(known);
  else {
    noteKept(id, ['importers', file, importersText(importers, tests)]);
    listOf.set(/** @type {import('../cache/inputs.js').NotedInput} */ (noted.get(id)), importers);
  }
}

/** @type {WeakMap<object, readonly string[]>} a noted importers input → the list it was made from */
const listOf = new WeakMap();

/**
 * Notes how the caller index covers `file` (none: null).
 * @param {string} file
 * @param {{ complete: boolean } | null} index
 */
export function noteIndexed(file, index) {
  if (recordingNow()) noteKept(`indexed\0${file}`, ['indexed', file, coverage(index)]);
}

/**
 * Whether an input is one of the caller index's (checked here, not by ../workspace/input-check.js).
 * @param {Input} input
 */
function isCallerInput(input) {
  return CALLER_KINDS.has(input[0]);
}

/**
 * Answers checked since the project was last looked at on disk: a command-line run lints file after
 * file without a pause and changes no source, so each scan and importer list is checked once a run,
 * however many files' verdicts name it. After a pause (an editor's next lint) all are checked again.
 * An answer is null (another answer now) or the moves of the code it read (a scan's).
 * @type {{ at: string, answers: Map<string, Moves | null> }}
 */
let checked = { at: '', answers: new Map() };
/** @type {Moves} */
const NO_MOVES = new Map();

/**
 * Whether every input, of any kind, gives the same answer at the same place as when it was noted. For the
 * editor's reuse between lints, which asks only while the caller index is the one that answered then.
 * @param {readonly Input[]} inputs
 * @param {(file: string) => IndexAnswers | null} indexOf the caller index that covers a file now
 */
export function allInputsHold(inputs, indexOf) {
  const now = allInputsNow(inputs, indexOf, false);
  return now !== null && !anyMoved(now.moves);
}

/**
 * The inputs as they read now (a changed module's hash and places updated), with the moves of the code
 * they read (../workspace/input-check.js), or null when any gives another answer.
 * @param {readonly Input[]} inputs
 * @param {(file: string) => IndexAnswers | null} indexOf the caller index that covers a file now
 * @param {boolean} [moving] whether moved code is taken (a kept verdict: its reports are made again where they name
 *   it); allInputsHold takes none, and an edited module's scan, which holds only as moved, is not made again for it
 * @returns {{ inputs: Input[], moves: Moves } | null}
 */
export function allInputsNow(inputs, indexOf, moving = true) {
  const at = `${lintPauses()}:${boundsVersion()}`;
  if (checked.at !== at) checked = { at, answers: new Map() };
  /** @type {Input[]} */
  const others = [];
  /** @type {Input[]} */
  const callerInputs = [];
  /** @type {Moves[]} */
  const scanMoves = [];
  for (const input of inputs) {
    if (!isCallerInput(input)) {
      others.push(input);
      continue;
    }
    const moves = callerInputMoves(input, indexOf, checked.answers, moving);
    if (moves === null) return null;
    if (moves.size > 0) scanMoves.push(moves);
    callerInputs.push(callerInputNow(input));
  }
  const now = inputsNow(others);
  if (now === null) return null;
  for (const moves of scanMoves) {
    for (const [file, list] of moves) now.moves.set(file, [...(now.moves.get(file) ?? []), ...list]);
  }
  return { inputs: [...now.inputs, ...callerInputs], moves: now.moves };
}

/**
 * A caller input that holds, as it reads now: a scan's with the hash of the text scanned now (it holds
 * for an edited module whose new scan gave the same facts, keptScanMoves), the others as they are.
 * @param {Input} input
 * @returns {Input}
 */
function callerInputNow(input) {
  if (input[0] !== 'scan') return input;
  const hash = moduleTextHash(input[1]);
  return hash === input[2] ? input : ['scan', input[1], hash, input[3]];
}

/**
 * @param {Input} input
 * @param {(file: string) => IndexAnswers | null} indexOf
 * @param {Map<string, Moves | null>} answers this generation's answers, by input and whether moves are taken
 * @param {boolean} moving
 * @returns {Moves | null}
 */
function callerInputMoves(input, indexOf, answers, moving) {
  const id = `${moving ? 'moving' : 'in place'}\0${inputKey(input)}`;
  let moves = answers.get(id);
  if (moves === undefined) {
    moves = freshAnswer(input, indexOf, moving);
    answers.set(id, moves);
  }
  return moves;
}

/**
 * @param {Input} input
 * @param {(file: string) => IndexAnswers | null} indexOf
 * @param {boolean} moving
 * @returns {Moves | null}
 */
function freshAnswer(input, indexOf, moving) {
  const file = input[1];
  const holds = (/** @type {boolean} */ same) => (same ? NO_MOVES : null);
  switch (input[0]) {
    case 'indexed':
      return holds(coverage(indexOf(file)) === input[2]);
    case 'importers': {
      const index = indexOf(file);
      if (!index) return null;
      const tests = input[2].startsWith(TESTS);
      return holds(importersText(tests ? index.testFilesImporting(file) : index.filesImporting(file), tests) === input[2]);
    }
    case 'scan': {
      const roots = projectRootsOf(file);
      const store = roots ? projectStore(roots.callerRoot) : null;
      if (store) return keptScanMoves(store, file, input[2], moving ? input[3] : null, indexOf(file)?.layout ?? null);
      // No project cache keeps the scan: it lives in the caller index that made it, which scans a module once, and the
      // editor's check (lint-footprint.js) holds only while that index answers. Its facts then stand while the module
      // has the text they were read from. A kept verdict has a cache by definition.
      return moving ? null : holds(moduleTextHash(file) === input[2]);
    }
    default:
      return null;
  }
}

const TESTS = 'tests:';

/**
 * @param {readonly string[]} importers
 * @param {boolean} tests
 */
function importersText(importers, tests) {
  return (tests ? TESTS : '') + [...importers].sort().join('\n');
}

/** @param {{ complete: boolean } | null} index */
function coverage(index) {
  return index === null ? 'none' : index.complete ? 'complete' : 'partial';
}
