/**
 * Where two texts of one file differ: the stretch between their longest common start and their
 * longest common end. An edit in an editor, a keystroke or a paste, changes one such stretch.
 */

/**
 * @typedef {object} EditRegion
 * @property {number} start     first offset that differs (the same in both texts)
 * @property {number} beforeEnd where the common end starts in the earlier text
 * @property {number} afterEnd  where the common end starts in the later text
 */

/**
 * @param {string} before
 * @param {string} after
 * @returns {EditRegion | null} null when the texts are the same
 */
export function editRegion(before, after) {
  if (before === after) return null;
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let tail = 0;
  // The common end may not overlap the common start: "aa" → "aaa" is an insertion at 2, not a change of everything.
  while (tail < shorter - start && before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)) tail++;
  return { start, beforeEnd: before.length - tail, afterEnd: after.length - tail };
}
