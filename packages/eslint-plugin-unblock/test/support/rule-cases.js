/**
 * Where `snippet` sits in `code`, as the location RuleTester expects: derived from the
 * test input, never from the rule.
 * @param {string} code
 * @param {string} snippet
 * @param {number} [occurrence] 0-based, when the snippet appears more than once
 */
export function locationOf(code, snippet, occurrence = 0) {
  let index = -1;
  for (let i = 0; i <= occurrence; i++) index = code.indexOf(snippet, index + 1);
  if (index < 0) throw new Error(`snippet not found: ${snippet}`);
  /** @param {number} offset */
  const position = (offset) => {
    const before = code.slice(0, offset).split('\n');
    return { line: before.length, column: before.at(-1).length + 1 };
  };
  const start = position(index);
  const end = position(index + snippet.length);
  return { line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
}
