/**
 * Text insertions into a source file, and the way back from a position in the result to the
 * original. The observer instruments code by inserting short calls, never by printing a new
 * syntax tree: every line keeps its number (no insertion holds a newline), comments and layout
 * stay, and a position the profiler reports maps back with the insertions alone.
 */

/**
 * @typedef {object} Insertion
 * @property {number} offset where, in the original text
 * @property {string} text never holds a line break
 * @property {'open' | 'close'} side an opening part (before a node) or a closing one (after it)
 * @property {number} depth how deep the node it belongs to is: at one offset, outer nodes open first and close last
 */

/**
 * @param {string} source
 * @param {Insertion[]} insertions
 * @returns {{ code: string, toOriginal: (offset: number) => number }}
 */
export function applyInsertions(source, insertions) {
  const sorted = [...insertions].sort(
    (a, b) =>
      a.offset - b.offset ||
      // What closes the earlier node comes before what opens the next one.
      (a.side === b.side ? 0 : a.side === 'close' ? -1 : 1) ||
      (a.side === 'open' ? a.depth - b.depth : b.depth - a.depth),
  );
  let code = '';
  let at = 0;
  /** @type {Array<{ from: number, to: number, original: number }>} inserted stretches of the result */
  const stretches = [];
  for (const insertion of sorted) {
    code += source.slice(at, insertion.offset);
    at = insertion.offset;
    stretches.push({ from: code.length, to: code.length + insertion.text.length, original: insertion.offset });
    code += insertion.text;
  }
  code += source.slice(at);
  return { code, toOriginal: (offset) => originalOffset(stretches, offset) };
}

/**
 * @param {Array<{ from: number, to: number, original: number }>} stretches in order
 * @param {number} offset in the instrumented text
 */
function originalOffset(stretches, offset) {
  let shift = 0;
  for (const stretch of stretches) {
    if (offset < stretch.from) break;
    // Inside an inserted stretch: the place it was inserted at.
    if (offset < stretch.to) return stretch.original;
    shift += stretch.to - stretch.from;
  }
  return offset - shift;
}

/**
 * Offsets of each line's start, to turn (line, column) pairs into offsets and back.
 * @param {string} text
 */
export function lineStarts(text) {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/**
 * @param {number[]} starts from lineStarts
 * @param {number} offset
 * @returns {number} the 1-based line holding the offset
 */
export function lineOfOffset(starts, offset) {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid] <= offset) low = mid;
    else high = mid - 1;
  }
  return low + 1;
}
