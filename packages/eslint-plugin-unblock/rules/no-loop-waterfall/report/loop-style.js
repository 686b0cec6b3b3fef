/**
 * Follows the file's semicolon style in generated statements: code written
 * without semicolons gets none, except where the next line would otherwise
 * continue the statement (it starts with `(`, `[`, a template, `+`, `-`, `/`).
 */
/**
 * @typedef {import('../../language/syntax/ast.js').Node} Node
 */

const STATEMENTS_WITH_SEMICOLON = new Set([
  'ExpressionStatement', 'VariableDeclaration', 'ReturnStatement', 'ThrowStatement', 'BreakStatement',
  'ContinueStatement', 'ImportDeclaration',
]);
const CONTINUES_A_LINE = /^[([`+\-/]/;

/**
 * `';'` when the statements around `statement` end with semicolons (or nothing tells), else `''`.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} statement
 */
export function semicolonStyle(sourceCode, statement) {
  const parent = statement.parent;
  const siblings = parent?.type === 'SwitchCase' ? parent.consequent : Array.isArray(parent?.body) ? parent.body : [];
  const inner = statement.body?.type === 'BlockStatement' ? statement.body.body : [];
  for (const candidate of [...siblings, ...inner]) {
    if (candidate === statement || !STATEMENTS_WITH_SEMICOLON.has(candidate.type)) continue;
    return sourceCode.getLastToken(candidate)?.value === ';' ? ';' : '';
  }
  return ';';
}

/**
 * The end for a generated statement followed by `next` (a token or null).
 * @param {string} semi
 * @param {{ value: string } | null | undefined} next
 */
export function statementEnd(semi, next) {
  if (semi === ';') return ';';
  return next && CONTINUES_A_LINE.test(next.value) ? ';' : '';
}
