/**
 * A kept fact's keys (`file#start`, callers/call-sites.js functionKey) moved with the code they
 * name, after an edit above that code in a module the fact read (../workspace/input-check.js). A key into a
 * changed module moves only if it lies in a node the fact was noted to have read there, by that
 * node's move; a key into a changed module outside every such node cannot be placed, and the fact
 * is not used.
 */

/**
 * @param {string} key
 * @param {import('./input-check.js').Moves} moves
 * @returns {string | null} null: a key into a changed module that no noted read covers
 */
export function movedKey(key, moves) {
  const at = key.lastIndexOf('#');
  const list = at < 0 ? undefined : moves.get(key.slice(0, at));
  if (!list) return key;
  const start = Number(key.slice(at + 1));
  const shifts = new Set(list.filter(([from, to]) => start >= from && start < to).map((move) => move[2]));
  // Two reads that cover the key but moved apart (a name now stands for an equal copy elsewhere): which one it was is unknown.
  if (shifts.size !== 1) return null;
  const [shift] = shifts;
  return `${key.slice(0, at)}#${start + shift}`;
}

/**
 * Whether any noted node moved.
 * @param {import('./input-check.js').Moves} moves
 */
export function anyMoved(moves) {
  for (const list of moves.values()) if (list.some((move) => move[2] !== 0)) return true;
  return false;
}

/**
 * Whether a text (a kept summary, as JSON) names a place in a changed module: it could not be moved.
 * @param {string} text
 * @param {import('./input-check.js').Moves} moves
 */
export function namesPlaceIn(text, moves) {
  for (const file of moves.keys()) {
    for (let at = text.indexOf(`${file}#`); at >= 0; at = text.indexOf(`${file}#`, at + 1)) {
      const next = text.charCodeAt(at + file.length + 1);
      if (next >= 48 && next <= 57) return true;
    }
  }
  return false;
}
