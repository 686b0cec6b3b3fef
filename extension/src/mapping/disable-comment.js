// "Ignore this line": an `// eslint-disable-next-line <rule>` comment above the reported
// line, indented like it, or the rule appended to a directive that is already there, so
// the comment also works when the project later runs the plugin through ESLint itself.

const DIRECTIVE_START = /^\s*\/\/\s*eslint-disable-next-line(?=\s|$)/;

/**
 * @param {{ lineText: (line: number) => string }} index
 * @param {number} line 0-based line of the report
 * @param {string} ruleId
 * @param {string} eol the document's line break
 * @returns {import('./diagnostics.js').TextEdit | undefined} undefined when the line is already ignored
 */
export function disableNextLineEdit(index, line, ruleId, eol) {
  const previous = line > 0 ? index.lineText(line - 1) : '';
  const start = DIRECTIVE_START.exec(previous);
  if (start) {
    // `// eslint-disable-next-line a, b -- why`: the rule list ends where the description starts.
    const description = /\s--(\s|$)/.exec(previous.slice(start[0].length));
    const listEnd = description ? start[0].length + description.index : previous.trimEnd().length;
    const listed = previous.slice(start[0].length, listEnd).split(',').map((s) => s.trim()).filter(Boolean);
    // A bare directive already disables every rule.
    if (listed.length === 0 || listed.includes(ruleId)) return undefined;
    const at = { line: line - 1, character: listEnd };
    return { range: { start: at, end: at }, newText: `, ${ruleId}` };
  }
  const indent = /^\s*/.exec(index.lineText(line))[0];
  const at = { line, character: 0 };
  return { range: { start: at, end: at }, newText: `${indent}// eslint-disable-next-line ${ruleId}${eol}` };
}
