/**
 * What the analysis of one linted file read elsewhere, recorded across all the rules that analyse it:
 * they share what they learn of the file (its project index, the summaries of its calls), so an answer
 * one rule found and another used again was read for both. Each listener call of each rule runs
 * inside the file's recording (kept-verdicts.js); its inputs are read when the file's verdicts are kept.
 */
import { newRecording, recordingInto } from '../project/cache/inputs.js';

/**
 * @typedef {object} FileRecording
 * @property {<T>(work: () => T) => T} during  runs work with what it reads noted
 * @property {() => import('../project/cache/inputs.js').Input[]} inputs  what was read so far
 * @property {() => boolean} listed  every input is listed: nothing was used that was read while nothing was recorded
 */

/** @type {WeakMap<object, FileRecording>} per linted file's source code */
const recordings = new WeakMap();

/**
 * The recording of the file being linted.
 * @param {import('eslint').SourceCode} sourceCode
 * @returns {FileRecording}
 */
export function fileRecording(sourceCode) {
  let found = recordings.get(sourceCode);
  if (!found) {
    const recording = newRecording();
    found = {
      during: (work) => recordingInto(recording, work),
      inputs: () => recording.inputs,
      listed: () => !recording.unlisted,
    };
    recordings.set(sourceCode, found);
  }
  return found;
}
