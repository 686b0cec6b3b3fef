/**
 * One linted file's kept verdicts: one cache entry per file (its text on disk, the parser's grammar,
 * the folder ESLint runs in) holding every rule's reports by the rule and its setting, and once for
 * all of them the inputs their analysis read (the rules of a file share one recording:
 * file-recording.js). One entry per file, not per rule: a first run writes several hundred of them,
 * and creating a file costs more than writing it.
 *
 * The entry is read and its inputs checked once per lint of the file. A rule whose setting has reports
 * there (and whose inputs hold) makes them again; any other rule analyses the file. When the lint ends,
 * what the rules that analysed found is added to what still held, with the inputs of both: a rule whose
 * verdicts were reused and one analysed again then both hold in the next run, while neither's inputs change.
 */
import { contentHash } from '../project/cache/content-hash.js';
import { grammarOf } from '../project/cache/grammar.js';
import { projectStore } from '../project/cache/store.js';
import { projectRootsOf } from '../project/bounds/project-root.js';
import { onLintStart } from '../project/bounds/lint-bounds.js';
import { hashIfOnDisk } from '../project/modules/module-cache.js';
import { callerIndexFor } from '../project/callers/callers.js';
import { allInputsNow } from '../project/callers/caller-inputs.js';
import { fileRecording } from './file-recording.js';
import { inputKey } from '../project/cache/inputs.js';

const KIND = 'verdicts';

/**
 * @typedef {import('./kept-reports.js').KeptReport} KeptReport
 * @typedef {import('../project/cache/inputs.js').Input} Input
 * @typedef {import('../project/workspace/input-check.js').Moves} Moves
 * @typedef {{ inputs: Input[], verdicts: Record<string, KeptReport[]>, of: [string, string] }} FileFacts
 *   verdicts: by rule and setting (ruleKey), the reports as JSON gives them back
 *
 * @typedef {object} FileVerdicts  the verdicts of the file being linted
 * @property {(ruleKey: string) => { reports: KeptReport[], moves: Moves } | null} heldFor  a rule's kept reports, when
 *   they and the file's inputs hold (moves: how code they read moved)
 * @property {import('./file-recording.js').FileRecording} recording  what the rules that analyse the file read
 * @property {(ruleKey: string, reports: unknown) => void} analysed  a rule analysed the file: its reports as JSON gives them
 *   back (null: not to be kept), written when the file's lint is over
 */

/** @type {WeakMap<object, FileVerdicts | null>} per linted file's source code */
const files = new WeakMap();
/** @type {Array<() => void>} the files last linted whose verdicts are written when the next lint starts, or at exit */
const unwritten = [];
let writesAtExit = false;
onLintStart(writeUnwritten);

/**
 * The verdicts of the file being linted, or null when none are kept for it: no project cache, or a
 * text that is not the file's on disk (the project index reads the disk, not an unsaved buffer).
 * @param {import('eslint').Rule.RuleContext} context
 * @returns {FileVerdicts | null}
 */
export function fileVerdicts(context) {
  const { sourceCode } = context;
  let found = files.get(sourceCode);
  if (found === undefined) {
    found = freshFileVerdicts(context);
    files.set(sourceCode, found);
  }
  return found;
}

/**
 * @param {import('eslint').Rule.RuleContext} context
 * @returns {FileVerdicts | null}
 */
function freshFileVerdicts(context) {
  const { sourceCode, filename: file } = context;
  const roots = projectRootsOf(file);
  const store = roots ? projectStore(roots.callerRoot) : null;
  const textHash = store && hashIfOnDisk(file, sourceCode.text);
  if (!store || !textHash) return null;
  const key = contentHash(`${file}\0${textHash}\0${grammarOf(sourceCode.visitorKeys)}\0${context.cwd ?? ''}`);
  const kept = /** @type {FileFacts | undefined} */ (store.read(KIND, key));
  const now = kept ? allInputsNow(kept.inputs, callerIndexFor) : null;
  const recording = fileRecording(sourceCode);
  /** @type {Map<string, unknown>} the rules that analysed the file, and what they found */
  const made = new Map();
  const write = () => {
    if (made.size === 0) {
      // Every rule's verdicts held: kept again only when code they read moved, as they read now (the next run parses none of it).
      if (kept && now && now.moves.size > 0) store.write(KIND, key, { ...kept, inputs: now.inputs });
      return;
    }
    /** @type {Record<string, KeptReport[]>} */
    const verdicts = kept && now ? { ...kept.verdicts } : {};
    for (const [rule, reports] of made) {
      if (reports === null) delete verdicts[rule];
      else verdicts[rule] = /** @type {KeptReport[]} */ (reports);
    }
    // A verdict made from what nothing recorded is not kept, nor any made beside it (they share the recording).
    if (!recording.listed() || Object.keys(verdicts).length === 0) return;
    store.write(KIND, key, { inputs: unionOf(now?.inputs ?? [], recording.inputs()), verdicts, of: [file, textHash] });
  };
  unwritten.push(write);
  noteExit();
  return {
    heldFor: (ruleKey) => (kept && now && Object.hasOwn(kept.verdicts, ruleKey) ? { reports: kept.verdicts[ruleKey], moves: now.moves } : null),
    recording,
    analysed: (ruleKey, reports) => made.set(ruleKey, reports),
  };
}

/**
 * @param {Input[]} first
 * @param {Input[]} second
 */
function unionOf(first, second) {
  if (first.length === 0) return second;
  const seen = new Set(first.map(inputKey));
  return [...first, ...second.filter((input) => !seen.has(inputKey(input)))];
}

/** Writes the verdicts of the files linted since the last write. */
function writeUnwritten() {
  for (const write of unwritten.splice(0)) write();
}

function noteExit() {
  if (writesAtExit) return;
  writesAtExit = true;
  // The last file linted has no later lint to write its verdicts: the process's exit does.
  process.once('exit', writeUnwritten);
}
