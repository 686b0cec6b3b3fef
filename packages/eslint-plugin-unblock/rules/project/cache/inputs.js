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

/** @type {{ id: number, inputs: Input[], seen: Set<string> } | null} the work being recorded, innermost */
let current = null;
let recordings = 0;

/**
 * Runs `work` and returns what it returned with the inputs it read, in the order first read.
 * @template T
 * @param {() => T} work
 * @returns {{ value: T, inputs: Input[] }}
 */
export function recordingInputs(work) {
  const outer = current;
  const recording = { id: ++recordings, inputs: /** @type {Input[]} */ ([]), seen: new Set() };
  current = recording;
  try {
    return { value: work(), inputs: recording.inputs };
  } finally {
    current = outer;
    // Work nested in other recorded work was read by that work too.
    if (outer) for (const input of recording.inputs) noteInput(input);
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
  const id = key ?? input.join('\0');
  if (current.seen.has(id)) return;
  current.seen.add(id);
  current.inputs.push(input);
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
