/**
 * Keeps the observer's insertions from changing how a file without semicolons parses (automatic
 * semicolon insertion, "standard" style). Two places can go wrong:
 *
 * - a wrapped expression that begins a statement now opens with `(`, and a line that does not end
 *   in `;` continues into it: `rows\n(__unblockObserve.s(…), … await x …)` calls `rows`. Such a
 *   statement gets a leading `;`, but only where it is one of a list of statements (a block, a
 *   module, a `case`), where an empty statement means nothing: after `if (x)` or a label it would
 *   become the statement itself, and there the token before it (`)`, `else`, `:`) ends no
 *   expression, so nothing can join;
 * - a statement inserted after a function's directive (`'use strict'` with no `;`) would follow
 *   the string on its line.
 */

/**
 * Where a leading `;` must go for the wrapped node at `path`: the start of the expression statement
 * it begins, when that statement is in a statement list; null when none is needed.
 * @param {import('@babel/traverse').NodePath} path
 * @returns {number | null}
 */
export function guardOffset(path) {
  const start = path.node.start;
  const statement = path.findParent((p) => p.isStatement());
  if (!statement || !statement.isExpressionStatement() || statement.node.start !== start) return null;
  return typeof statement.listKey === 'string' ? /** @type {number} */ (start) : null;
}

/**
 * The `;` itself: it opens before every other insertion at its offset (depth -1 sorts first).
 * @param {number} offset
 * @returns {import('./edits.js').Insertion}
 */
export function guardInsertion(offset) {
  return { offset, side: 'open', depth: -1, text: ';' };
}

/**
 * Where the first statement of a function body may be inserted: after its directives (a statement
 * before "use strict" would make it an ordinary string), with a `;` to end a directive written
 * without one.
 * @param {{ start: number, directives: Array<{ end: number }> }} body a BlockStatement
 * @param {string} source
 * @returns {{ offset: number, prefix: string }}
 */
export function afterDirectives(body, source) {
  const last = body.directives[body.directives.length - 1];
  if (!last) return { offset: body.start + 1, prefix: '' };
  return { offset: last.end, prefix: source[last.end - 1] === ';' ? '' : ';' };
}
