// Line and column of an offset, as typescript-eslint gives them (TypeScript's line map): lines
// from 1, columns from 0 in UTF-16 units; line breaks are \n, \r\n, \r, U+2028 and U+2029.

/**
 * @param {string} text
 * @returns {number[]} the offset each line starts at
 */
export function lineStarts(text) {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10) starts.push(i + 1);
    else if (code === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    } else if (code === 0x2028 || code === 0x2029) starts.push(i + 1);
  }
  return starts;
}

/**
 * Positions are asked mostly in increasing order (a walk of the tree, a scan of the text), so the
 * search starts from the last line found. A node's start is often its first child's and its first
 * token's: one position object per offset serves them all (nothing in ESLint or the rules writes to one).
 * @param {number[]} starts from lineStarts()
 * @param {number} length the text's length
 */
export function createLocator(starts, length) {
  let line = 0;
  /** @type {Array<{ column: number, line: number }>} */
  const known = new Array(length + 1);
  /**
   * @param {number} offset
   * @returns {{ column: number, line: number }} (property order as typescript-eslint's)
   */
  function position(offset) {
    const found = known[offset];
    if (found !== undefined) return found;
    if (offset < starts[line] || (line + 1 < starts.length && offset >= starts[line + 1])) {
      if (line + 2 < starts.length && offset >= starts[line + 1] && offset < starts[line + 2]) line++;
      else line = lineOf(starts, offset);
    }
    return (known[offset] = { column: offset - starts[line], line: line + 1 });
  }
  /**
   * @param {number} start
   * @param {number} end
   */
  function loc(start, end) {
    const first = position(start);
    return { end: position(end), start: first };
  }
  return { position, loc };
}

/**
 * @param {number[]} starts
 * @param {number} offset
 * @returns {number} index of the line holding offset
 */
export function lineOf(starts, offset) {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle] <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}
