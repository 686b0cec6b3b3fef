/**
 * Reading the layout of the source around a node: indentation, the file's
 * indent unit, comments that belong to a statement.
 */
/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 */

/**
 * The whitespace at the start of the line where `node` starts.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {Node} node
 */
export function lineIndent(sourceCode, node) {
  const line = sourceCode.lines[node.loc.start.line - 1] ?? '';
  return (/** @type {RegExpExecArray} */ (/^\s*/.exec(line)))[0]; // `\s*` matches any line
}

/**
 * One level of indentation as this block uses it: the difference between the
 * statement's indent and its block's opening line, else two spaces (or a tab
 * in a tab-indented file).
 * @param {import('eslint').SourceCode} sourceCode
 * @param {Node} statement
 */
export function indentUnit(sourceCode, statement) {
  const own = lineIndent(sourceCode, statement);
  const parent = statement.parent;
  if (parent && parent.type !== 'Program') {
    const outer = lineIndent(sourceCode, parent);
    if (own.startsWith(outer) && own.length > outer.length) return own.slice(outer.length);
  }
  return own.includes('\t') ? '\t' : '  ';
}

/**
 * Re-indents the lines after the first of a multi-line snippet from one base
 * indent to another. Lines inside template literals are left untouched:
 * changing them would change the string.
 * @param {string} text
 * @param {string} from
 * @param {string} to
 * @param {boolean} hasMultilineTemplate
 */
export function reindent(text, from, to, hasMultilineTemplate) {
  if (!text.includes('\n') || hasMultilineTemplate || from === to) return text;
  const lines = text.split('\n');
  return [
    lines[0],
    ...lines.slice(1).map((line) => (line.startsWith(from) ? to + line.slice(from.length) : line)),
  ].join('\n');
}

/**
 * Whether a template literal inside `node` spans lines.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} node
 */
export function hasMultilineTemplate(sourceCode, node) {
  return sourceCode
    .getTokens(node)
    .some((token) => token.type === 'Template' && token.loc.start.line !== token.loc.end.line);
}

/**
 * Comments inside `node`'s range that fall outside every kept range: a
 * rewrite that only copies the kept ranges would drop them.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} node
 * @param {Array<[number, number]>} kept
 */
export function commentsOutside(sourceCode, node, kept) {
  return sourceCode
    .getCommentsInside(node)
    .filter((comment) => !kept.some(([start, end]) => (/** @type {import('../language/syntax/ast.js').Range} */ (comment.range))[0] >= start && (/** @type {import('../language/syntax/ast.js').Range} */ (comment.range))[1] <= end));
}
