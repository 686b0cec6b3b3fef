/**
 * Where a rewrite checked a name against the whole file: a name it introduces must be one no code
 * uses (`userResult`, `ordersPromise`), and a global it calls must not be shadowed. The answer reads
 * every unit's text, not only the one the report is in, so an edit in another unit can change the
 * rewrite (`userResult2` once the edit uses `userResult`). An editor's next lint does not reuse the
 * reports of a unit where such a check was made (rules/reuse/unit-reuse.js): it analyses it again.
 */

/** @type {WeakMap<object, Set<number>>} per linted file's source code: where the checks were made */
const checksByFile = new WeakMap();

/**
 * Notes that a rewrite at `node` checked a name against the whole file.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {{ range?: [number, number] | number[] }} node where the rewrite is (its statement, its declaration)
 */
export function noteFileWideNameCheck(sourceCode, node) {
  if (!node?.range) return;
  // A fresh name is looked for candidate after candidate at one place: the place once.
  const checks = checksByFile.get(sourceCode);
  if (checks) checks.add(node.range[0]);
  else checksByFile.set(sourceCode, new Set([node.range[0]]));
}

/**
 * The offsets where this lint's rewrites checked a name against the whole file.
 * @param {import('eslint').SourceCode} sourceCode
 * @returns {number[]}
 */
export function fileWideNameChecks(sourceCode) {
  return [...(checksByFile.get(sourceCode) ?? [])];
}
