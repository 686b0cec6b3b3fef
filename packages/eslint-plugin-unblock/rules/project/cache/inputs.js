/**
 * What a piece of work read, noted while it runs, so that its result can be kept and trusted
 * later only while every input still gives the same answer: what it read of each module it
 * loaded (a name, how the module exports, or its whole text), each import it resolved, each
 * package.json dependency it asked about. The modules that answer these questions note them here
 * (in ../modules/: module-cache.js with module-reads.js, resolve-import.js; ../workspace/dependencies.js); the work
 * that is cached (a scan for callers, a file's call summaries) checks them again (../workspace/input-check.js)
 * before it reuses a result.
 *
 * The shape of an input is its schema's (schemas/input.js), below this folder, where the modules
 * that note inputs can name it too.
 * @typedef {import('./schemas/input.js').Input} Input
 */

/**
 * @typedef {{ input: Input, key: string, by: number }} NotedInput  an input kept by whoever notes it again and again,
 *   with its identity (`input.join('\0')`) and the last recording it was noted in
 */

/**
 * @typedef {{ id: number, inputs: Input[], seen: Set<string>, unlisted: boolean }} Recording  what one piece of work read
 *   so far; unlisted: it also used what was read while nothing was recorded, so its inputs are not all listed
 */

/** @type {Recording | null} the work being recorded, innermost */
let current = null;
let recordings = 0;

/**
 * Runs `work` and returns what it returned with the inputs it read, in the order first read.
 * @template T
 * @param {() => T} work
 * @param {{ isolated?: boolean }} [how] isolated: the work's inputs are its own, not also the enclosing work's
 *   (a scan kept as an entry of its own: the work that uses it notes the entry, callers/caller-inputs.js)
 * @returns {{ value: T, inputs: Input[], unlisted: boolean }}
 */
export function recordingInputs(work, { isolated = false } = {}) {
  const recording = newRecording();
  return { value: recordingInto(recording, work, isolated), inputs: recording.inputs, unlisted: recording.unlisted };
}

/**
 * A recording that work can be added to piece by piece (recordingInto): a rule's analysis of a
 * file runs in many listener calls, with other rules' between them.
 * @returns {Recording}
 */
export function newRecording() {
  return { id: ++recordings, inputs: [], seen: new Set(), unlisted: false };
}

/**
 * Runs `work` with what it reads noted in `recording`.
 * @template T
 * @param {Recording} recording
 * @param {() => T} work
 * @param {boolean} [isolated] the enclosing work is not told what this work read
 * @returns {T}
 */
export function recordingInto(recording, work, isolated = false) {
  const outer = current;
  current = recording;
  const before = recording.inputs.length;
  try {
    return work();
  } finally {
    current = outer;
    // Work nested in other recorded work was read by that work too.
    if (outer && !isolated) {
      for (let at = before; at < recording.inputs.length; at++) noteInput(recording.inputs[at]);
      if (recording.unlisted) outer.unlisted = true;
    }
  }
}

/** Whether any work is being recorded: the modules skip building an input nobody keeps. */
export function recordingNow() {
  return current !== null;
}

/**
 * @param {Input} input
 * @param {string} [key] the input's identity, `input.join('\0')`, when the caller keeps it
 */
export function noteInput(input, key) {
  if (!current) return;
  const id = key ?? inputKey(input);
  if (current.seen.has(id)) return;
  current.seen.add(id);
  current.inputs.push(input);
}

/** @type {WeakMap<Input, string>} */
const keys = new WeakMap();

/**
 * An input's identity, `input.join('\0')`, made once per input: the same inputs are noted, merged
 * and compared again and again as the work that read them is used again (a kept summary, nested recordings).
 * @param {Input} input
 */
export function inputKey(input) {
  let key = keys.get(input);
  if (key === undefined) keys.set(input, (key = input.join('\0')));
  return key;
}

/**
 * Notes that the work being recorded used something whose inputs are not known (a result kept in memory
 * from work that was not recorded, an answer read from outside the project): it cannot be kept.
 */
export function noteUnrecorded() {
  if (current) current.unlisted = true;
}

/**
 * Notes inputs another piece of work read, when the work now being recorded uses its result (a result kept in memory).
 * @param {readonly Input[]} inputs
 */
export function noteInputs(inputs) {
  if (!current) return;
  for (const input of inputs) noteInput(input);
}

/**
 * @template T
 * @typedef {{ value: T, inputs: Input[] | null }} Remembered  an answer kept in memory with what it read (null: made
 *   while nothing was recorded)
 */

/**
 * An answer kept in memory for the rest of a run, whose inputs the work that uses it again reads too.
 * One made while nothing was recorded is made again (recorded) when work being recorded asks for it.
 * @template T
 * @param {Map<string, Remembered<T>>} memo
 * @param {string} key
 * @param {() => T} make
 * @returns {T}
 */
export function remembered(memo, key, make) {
  const kept = memo.get(key);
  if (kept && (kept.inputs !== null || !current)) {
    if (kept.inputs) noteInputs(kept.inputs);
    return kept.value;
  }
  const recorded = current ? recordingInputs(make) : null;
  const value = recorded ? recorded.value : make();
  memo.set(key, { value, inputs: recorded && !recorded.unlisted ? recorded.inputs : null });
  return value;
}

/**
 * An input kept to be noted again and again (noteInputAgain), with its identity made once.
 * @param {Input} input
 * @returns {NotedInput}
 */
export function notedInput(input) {
  return { input, key: input.join('\0'), by: 0 };
}

/**
 * Notes a kept input, at once when it was already noted in the work being recorded: ../modules/module-reads.js
 * notes a module's name at every lookup of it, thousands of times in a scan.
 * @param {NotedInput} noted
 */
export function noteInputAgain(noted) {
  if (!current || noted.by === current.id) return;
  noted.by = current.id;
  noteInput(noted.input, noted.key);
}
