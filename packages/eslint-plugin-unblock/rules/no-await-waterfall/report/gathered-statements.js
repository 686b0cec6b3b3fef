/**
 * Gathering a group's statements into the first one's place: the later
 * statements leave their lines with the comments that belong to them, and
 * the statements between them stay where they are, in their order.
 */
import { commentsOutside } from '../../rewrite/source-layout.js';

/**
 * @typedef {import('../../language/syntax/ast.js').Node} Node
 */

/**
 * @typedef {{ range: [number, number], text: string }} TextEdit
 *
 * @typedef {object} Gathered
 * @property {string[][]} comments  each statement's comments, to travel with it into the new text
 * @property {number} replaceEnd  where the first statement (with its trailing comments) ends
 * @property {Array<[number, number]>} removed  the ranges of the later statements, with their comments
 */

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {Array<{ statement: any, kept: Array<[number, number]> }>} statements in order, each with the
 *   ranges of it the new text keeps: a comment elsewhere in it would be lost, so nothing is gathered (null)
 * @returns {Gathered | null}
 */
export function gatherStatements(sourceCode, statements) {
  /** @type {string[][]} */
  const comments = [];
  /** @type {Array<[number, number]>} */
  const removed = [];
  let replaceEnd = statements[0].statement.range[1];
  for (const [index, { statement, kept }] of statements.entries()) {
    if (commentsOutside(sourceCode, statement, kept).length > 0) return null;
    const trailing = trailingComments(sourceCode, statement);
    if (trailing === null) return null;
    // Own-line comments above a moved statement travel with it; a comment
    // ending the previous line belongs to that line's statement.
    const previousLine = sourceCode.getTokenBefore(statement)?.loc.end.line ?? 0;
    const leading = index === 0 ? [] : sourceCode.getCommentsBefore(statement).filter((comment) => (/** @type {import('../../language/syntax/ast.js').Location} */ (comment.loc)).start.line > previousLine);
    const statementEnd = trailing.length > 0 ? (/** @type {import('../../language/syntax/ast.js').Range} */ (trailing[trailing.length - 1].range))[1] : statement.range[1];
    if (index === 0) {
      replaceEnd = statementEnd;
    } else {
      const firstThing = leading[0] ?? statement;
      const before = sourceCode.getTokenBefore(firstThing, { includeComments: true });
      removed.push([(/** @type {import('../../language/syntax/ast.js').Token} */ (before)).range[1], statementEnd]);
    }
    comments.push([...leading, ...trailing].map((comment) => sourceCode.getText(comment)));
  }
  return { comments, replaceEnd, removed };
}

/**
 * The edit that puts `text` in place of the gathered statements, keeping the
 * source between them.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {number} start where the first statement starts
 * @param {string} text
 * @param {Gathered} gathered
 * @returns {TextEdit}
 */
export function replaceGathered(sourceCode, start, text, { replaceEnd, removed }) {
  const rangeEnd = Math.max(replaceEnd, ...removed.map(([, end]) => end));
  let result = text;
  let cursor = replaceEnd;
  for (const [removedStart, removedEnd] of removed) {
    result += sourceCode.text.slice(cursor, removedStart);
    cursor = removedEnd;
  }
  result += sourceCode.text.slice(cursor, rangeEnd);
  return { range: [start, rangeEnd], text: result };
}

/**
 * Comments on the same line after a statement (`const a = await f(); // why`).
 * When another statement follows on that line, a comment between the two
 * belongs to neither: null, so the rewrite is declined.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} statement
 */
function trailingComments(sourceCode, statement) {
  const line = statement.loc.end.line;
  const after = sourceCode.getCommentsAfter(statement).filter((comment) => (/** @type {import('../../language/syntax/ast.js').Location} */ (comment.loc)).start.line === line);
  const next = sourceCode.getTokenAfter(statement);
  if (after.length > 0 && next && next.loc.start.line === line) return null;
  return after;
}
