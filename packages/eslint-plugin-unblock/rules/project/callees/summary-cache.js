/**
 * The summaries of a linted file's awaited calls (index.js summaryOfCall) kept in the persistent
 * project cache (../cache/) between runs. They are facts: what each call does, read from callee
 * bodies here and in the modules it imports; whether two calls may run together is decided again
 * whenever the file is analysed. A warm run otherwise read the same callee bodies again, and parsed
 * the modules they live in (emailengine: about 0.3 s a run, half of it parsing).
 *
 * One entry per linted file, keyed by its text, the verb tables that name calls and the grammar
 * its tree was read with. It holds each call's summary (by the call's place) and every input the
 * summaries read elsewhere (modules, import resolutions, dependencies: ../cache/inputs.js), and
 * is used only while all of them still hold: a changed callee is read again. A summary depends on
 * the code alone, not on which call was asked first (summarize.js), so a kept one is the one a
 * fresh run would make.
 *
 * Written only for a file whose text is the one on disk: an editor's unsaved buffer changes with
 * every keystroke, and its entries would be for texts never linted again. (Read for any text: an
 * entry is for the text it is keyed by, whenever that was on disk.)
 */
import path from 'node:path';
import { contentHash } from '../cache/content-hash.js';
import { grammarOf } from '../cache/grammar.js';
import { recordingInputs, noteInputs, inputKey } from '../cache/inputs.js';
import { inputsNow } from '../workspace/input-check.js';
import { anyMoved, namesPlaceIn } from '../workspace/moved-keys.js';
import { projectStore } from '../cache/store.js';
import { countSummaries } from '../cache/stats.js';
import { moduleTextHash } from '../modules/module-cache.js';
import { projectRootsOf } from '../bounds/project-root.js';
import { onLintStart } from '../bounds/lint-bounds.js';

const KIND = 'summaries';

/**
 * @typedef {import('../../effects/effect-summary.js').CallSummary} CallSummary
 * @typedef {{ inputs: import('../cache/inputs.js').Input[], answers: Record<string, KeptSummary | null>, of?: [string, string] }} SummaryFacts
 *   of: the linted file and its text's hash, so that pruning (../cache/prune.js) knows the entry is stale once the file changed
 * @typedef {Omit<CallSummary, 'reads' | 'writes' | 'thisReads' | 'thisWrites'>
 *   & { reads: string[], writes: string[], thisReads: string[], thisWrites: string[] }} KeptSummary
 * @typedef {(call: any, make: () => CallSummary | null) => CallSummary | null} SummaryKeeper
 *   a call's summary: the kept one, or `make()`'s (then kept)
 */

/** The fields of a call summary, all plain data: a summary with any other is not kept. */
const FIELDS = new Set(['kind', 'io', 'reads', 'writes', 'thisReads', 'thisWrites', 'evidence', 'findOrCreate', 'evidenced', 'thisOwner', 'callKind', 'notifies']);
const SETS = /** @type {const} */ (['reads', 'writes', 'thisReads', 'thisWrites']);

/** @type {Map<string, () => void>} entries that gained summaries, by key: written when the next lint starts, or at exit */
const unwritten = new Map();
let writesAtExit = false;
onLintStart(writeUnwritten);

/**
 * The keeper of a linted file's call summaries, or null when none are kept for it (no project,
 * the cache off, verb tables without a name).
 * @param {import('eslint').SourceCode} sourceCode
 * @param {string} file absolute path
 * @param {string | null} namesId what names the calls (the verb tables), as text
 * @param {() => boolean} exact whether the summaries made so far are the code's alone (summarize.js): once the
 *   file's budget of summaries is spent, later ones depend on the order of questions, and are not kept
 * @returns {SummaryKeeper | null}
 */
export function summaryKeeper(sourceCode, file, namesId, exact) {
  if (namesId === null || !path.isAbsolute(file)) return null;
  const roots = projectRootsOf(file);
  const store = roots ? projectStore(roots.callerRoot) : null;
  if (!store) return null;
  const textHash = contentHash(sourceCode.text);
  const key = contentHash(`${file}\0${textHash}\0${namesId}\0${grammarOf(sourceCode.visitorKeys)}`);
  const kept = store.read(KIND, key);
  const now = isFacts(kept) ? inputsNow(kept.inputs) : null;
  // Summaries name resources, not places; one that names a place in a module that moved is made again.
  const reused = now !== null && !(anyMoved(now.moves) && namesPlaceIn(JSON.stringify(/** @type {SummaryFacts} */ (kept).answers), now.moves));
  /** @type {SummaryFacts} */
  const facts = { inputs: reused ? now.inputs : [], answers: reused ? /** @type {SummaryFacts} */ (kept).answers : {}, of: /** @type {[string, string]} */ ([file, textHash]) };
  // Kept as they read now, so that the next run parses none of the changed modules to check them.
  if (reused && now.moves.size > 0) {
    unwritten.set(key, () => store.write(KIND, key, facts));
    noteExit();
  }
  const known = new Set(facts.inputs.map(inputKey));
  let counted = false;
  return (call, make) => {
    if (!counted) {
      counted = true;
      countSummaries(reused);
    }
    const at = `${call.range[0]}:${call.range[1]}`;
    const answer = Object.hasOwn(facts.answers, at) ? facts.answers[at] : undefined;
    if (answer === null || isKeptSummary(answer)) {
      // Which inputs this answer read is not kept apart: the work that uses it read them all.
      noteInputs(facts.inputs);
      return fromKept(answer);
    }
    const { value, inputs } = recordingInputs(make);
    const keptValue = value && toKept(value);
    if (keptValue === undefined || !exact()) return value;
    for (const input of inputs) {
      const id = inputKey(input);
      if (known.has(id)) continue;
      known.add(id);
      facts.inputs.push(input);
    }
    // Turned to data now: the caller may change the summary it is handed.
    facts.answers[at] = keptValue;
    // Checked when written: a later summary that spends the budget makes the file's summaries depend on order.
    // Only the text on disk is kept (read when writing, not on every lint: a warm run mostly only reads).
    unwritten.set(key, () => exact() && moduleTextHash(file) === textHash && store.write(KIND, key, facts));
    noteExit();
    return value;
  };
}

/** Writes the entries that gained summaries since the last write. */
function writeUnwritten() {
  for (const write of unwritten.values()) write();
  unwritten.clear();
}

function noteExit() {
  if (writesAtExit) return;
  writesAtExit = true;
  // The last file linted has no later lint to write its entry: the process's exit does.
  process.once('exit', writeUnwritten);
}

/**
 * @param {unknown} value
 * @returns {value is SummaryFacts}
 */
function isFacts(value) {
  const facts = /** @type {any} */ (value);
  return typeof facts === 'object' && facts !== null && Array.isArray(facts.inputs) && typeof facts.answers === 'object' && facts.answers !== null;
}

/**
 * An answer as written (an entry edited by hand, or by another version, is a miss, made again).
 * @param {unknown} value
 * @returns {value is KeptSummary}
 */
function isKeptSummary(value) {
  const kept = /** @type {any} */ (value);
  return typeof kept === 'object' && kept !== null && typeof kept.kind === 'string' && Array.isArray(kept.evidence) && SETS.every((field) => Array.isArray(kept[field]));
}

/**
 * @param {CallSummary} summary
 * @returns {KeptSummary | undefined} undefined: it holds something this file does not know how to keep
 */
function toKept(summary) {
  if (Object.keys(summary).some((field) => !FIELDS.has(field))) return undefined;
  return { ...summary, reads: [...summary.reads], writes: [...summary.writes], thisReads: [...summary.thisReads], thisWrites: [...summary.thisWrites] };
}

/**
 * A new summary each time: the caller may change it.
 * @param {KeptSummary | null} kept
 * @returns {CallSummary | null}
 */
function fromKept(kept) {
  if (kept === null) return null;
  const summary = /** @type {any} */ ({ ...kept, evidence: [...kept.evidence] });
  for (const field of SETS) summary[field] = new Set(kept[field]);
  return summary;
}
