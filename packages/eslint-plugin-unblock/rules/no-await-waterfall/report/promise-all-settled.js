/**
 * Rewrites a run of try statements, each awaiting one operation and
 * handling its failure in its own catch, into one Promise.allSettled
 * followed, entry by entry in the original order, by the fulfilled
 * assignment or the catch body with its parameter bound to the reason:
 *
 *   const [userResult, ordersResult] = await Promise.allSettled([
 *     (async () => api.getUser(id))(),
 *     (async () => api.getOrders(id))(),
 *   ]);
 *   if (userResult.status === 'fulfilled') {
 *     user = userResult.value;
 *   } else {
 *     const err = userResult.reason;
 *     log.warn(err);
 *     user = null;
 *   }
 *   …
 *
 * Each operation starts inside an async arrow: an error thrown while
 * starting it (an argument that throws, a callee that throws before it
 * returns a promise) becomes that entry's rejection and reaches its own
 * catch body, as it reached the catch before. Returns null when a comment
 * would be dropped, a name cannot be found or `Promise` is not the global.
 */
import { needsContextType, contextTypeText, withContextType } from '../context-types.js';
import { lineIndent, indentUnit, reindent, hasMultilineTemplate, commentsOutside } from '../../rewrite/source-layout.js';
import { ownStatementText, keptRanges } from './typed-results.js';
import { freshName, isShadowedGlobal } from '../../rewrite/loop-names.js';
import { unwrap, propertyName } from '../../language/syntax/ast.js';

/**
 * @typedef {import('../../language/syntax/ast.js').Node} Node
 */

const MAX_LINE = 80;

/**
 * @typedef {import('../settled-shape.js').SettledMember} SettledMember
 * @typedef {{ range: [number, number], text: string }} TextEdit
 */

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {SettledMember[]} members
 * @param {boolean} [typescript] the file is TypeScript: a declared type may steer a call's inference
 * @returns {TextEdit | null}
 */
export function promiseAllSettledEdit(sourceCode, members, typescript = false) {
  const first = members[0];
  const last = members[members.length - 1];
  if (isShadowedGlobal(sourceCode, first.statement, 'Promise')) return null;
  const indent = lineIndent(sourceCode, first.statement);
  const inner = indent + indentUnit(sourceCode, first.statement);
  const semi = (/** @type {import('../../language/syntax/ast.js').Token} */ (sourceCode.getLastToken(first.inner))).value === ';' ? ';' : '';
  const names = resultNames(sourceCode, members);
  if (!names) return null;

  /** @type {string[]} */
  const entryTexts = [];
  /** @type {string[]} the destructuring pattern: a hole for an entry with nothing to apply */
  const pattern = [];
  for (const [position, member] of members.entries()) {
    if (commentsOutside(sourceCode, member.statement, keptRangesOf(member)).length > 0) return null;
    const leading = position === 0 ? [] : leadingComments(sourceCode, member.statement);
    if (!leading) return null;
    const block = entryBlock(sourceCode, member, names[position], { indent, inner, semi });
    if (block === null) return null;
    entryTexts.push(...leading.map((comment) => `${indent}${comment}`), ...(block ? [`${indent}${block}`] : []));
    pattern.push(block ? names[position] : '');
  }

  /** @type {string[]} */
  const starts = [];
  for (const member of members) {
    // A call whose type arguments came from the assigned variable's type keeps that expectation (context-types.js).
    const operation = innerOperation(member);
    const expected = needsContextType(sourceCode, operation, typescript) ? contextTypeText(sourceCode, operation) : undefined;
    if (expected === null) return null;
    const from = lineIndent(sourceCode, member.inner);
    const text = reindent(sourceCode.getText(member.awaitNode.argument), from, inner, hasMultilineTemplate(sourceCode, member.awaitNode.argument));
    starts.push(`(async () => ${expected === undefined ? text : withContextType(text, expected)})()`);
  }
  const kept = pattern.join(', ').replace(/(, )+$/, '');
  const head = `${kept ? `const [${kept}] = ` : ''}await Promise.allSettled([`;
  const oneLine = `${head}${starts.join(', ')}])${semi}`;
  const allSettled = !oneLine.includes('\n') && indent.length + oneLine.length <= MAX_LINE
    ? oneLine
    : `${head}\n${starts.map((start) => `${inner}${start},`).join('\n')}\n${indent}])${semi}`;
  const text = [allSettled, ...entryTexts].join('\n');
  return { range: [first.statement.range[0], last.statement.range[1]], text };
}

/**
 * `<binding>Result` for an assigned binding, `<callee>Result` for a dropped
 * result, numbered when the name is taken in scope or used in the rewritten code.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {SettledMember[]} members
 */
function resultNames(sourceCode, members) {
  const taken = new Set(members.flatMap((member) => sourceCode.getTokens(member.statement))
    .filter((token) => token.type === 'Identifier')
    .map((token) => token.value));
  /** @type {string[]} */
  const names = [];
  for (const member of members) {
    const callee = unwrap(member.operand.callee);
    const base = member.target?.name ?? (callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' ? propertyName(callee) : null) ?? 'operation';
    const name = freshName(sourceCode, members[0].statement, [`${base}Result`], taken);
    if (name === null) return null;
    taken.add(name);
    names.push(name);
  }
  return names;
}

/**
 * The try block's assignment as the awaited operation the Promise.all
 * helpers rewrite: its statement keeps everything but `await <operand>`.
 * @param {SettledMember} member
 * @returns {import('../operations.js').AwaitedOperation}
 */
function innerOperation(member) {
  const { inner, target, awaitNode, operand, wrapped } = member;
  return { statement: inner, form: 'assignment', declarationKind: null, exported: false, target, awaitNode, operand, wrapped, resultUsed: true, chained: false };
}

/**
 * The ranges of a try statement the rewrite keeps, for the check that no comment is dropped.
 * @param {SettledMember} member
 * @returns {Array<[number, number]>}
 */
function keptRangesOf(member) {
  /** @type {Array<[number, number]>} */
  const kept = member.form === 'assignment'
    ? keptRanges(innerOperation(member))
    : [member.awaitNode.argument.range];
  kept.push(member.handler.body.range);
  if (member.handler.param) kept.push(member.handler.param.range);
  return kept;
}

/**
 * Own-line comments above a later try: they move with its entry. A comment
 * ending the previous try's line belongs to neither: null declines.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} statement
 */
function leadingComments(sourceCode, statement) {
  const previousLine = sourceCode.getTokenBefore(statement)?.loc.end.line ?? 0;
  const comments = sourceCode.getCommentsBefore(statement);
  if (comments.some((comment) => (/** @type {import('../../language/syntax/ast.js').Location} */ (comment.loc)).start.line === previousLine)) return null;
  return comments.map((comment) => sourceCode.getText(comment));
}

/**
 * The `if` that applies one entry: its fulfilled assignment, else its catch
 * body with the catch parameter bound to the reason. '' when there is
 * nothing to apply; null when the catch body cannot be moved as written.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {SettledMember} member
 * @param {string} result
 * @param {{ indent: string, inner: string, semi: string }} layout
 */
function entryBlock(sourceCode, member, result, { indent, inner, semi }) {
  const fulfilled = member.form === 'assignment' ? ownStatementText(sourceCode, innerOperation(member), `${result}.value`, inner) : null;
  const body = catchBodyLines(sourceCode, member, indent, inner);
  if (body === null) return null;
  const binding = reasonBinding(sourceCode, member.handler, body.length > 0);
  const rejected = [...(binding ? [`${inner}${binding} = ${result}.reason${semi}`] : []), ...body];
  if (fulfilled === null && rejected.length === 0) return '';
  if (fulfilled === null) return `if (${result}.status === 'rejected') {\n${rejected.join('\n')}\n${indent}}`;
  const ifFulfilled = `if (${result}.status === 'fulfilled') {\n${inner}${fulfilled}\n${indent}}`;
  return rejected.length === 0 ? ifFulfilled : `${ifFulfilled} else {\n${rejected.join('\n')}\n${indent}}`;
}

/**
 * `const err` (`let err` when the body reassigns it; the pattern or
 * annotation as written), or null when there is no parameter to bind.
 * A destructuring parameter is kept even if unused: it throws on a null reason.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} handler
 * @param {boolean} hasBody
 */
function reasonBinding(sourceCode, handler, hasBody) {
  if (!handler.param) return null;
  const variables = sourceCode.getDeclaredVariables(handler);
  const used = variables.some((variable) => variable.references.length > 0);
  if (handler.param.type === 'Identifier' && (!used || !hasBody)) return null;
  const reassigned = variables.some((variable) => variable.references.some((reference) => reference.isWrite()));
  return `${reassigned ? 'let' : 'const'} ${sourceCode.getText(handler.param)}`;
}

/**
 * The catch body's lines, re-indented from the try's depth to the entry's.
 * Null when a multi-line template literal would have to be re-indented.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {SettledMember} member
 * @param {string} indent
 * @param {string} inner
 */
function catchBodyLines(sourceCode, member, indent, inner) {
  const block = member.handler.body;
  const text = sourceCode.text.slice(block.range[0] + 1, block.range[1] - 1);
  if (text.trim() === '') return [];
  if (!text.includes('\n')) {
    // `{ log.warn(err); user = null; }`: one statement a line, unless a comment sits between them.
    const split = sourceCode.getCommentsInside(block).length === 0 && block.body.length > 1;
    return split ? block.body.map((/** @type {any} */ statement) => `${inner}${sourceCode.getText(statement)}`) : [`${inner}${text.trim()}`];
  }
  const from = lineIndent(sourceCode, member.statement);
  const lines = text.split('\n');
  const head = lines[0].trim();
  const tail = lines[lines.length - 1].trim();
  if (hasMultilineTemplate(sourceCode, block) && (from !== indent || head !== '' || tail !== '')) return null;
  const middle = lines.slice(1, -1).map((line) => (line.startsWith(from) ? indent + line.slice(from.length) : line));
  return [...(head ? [`${inner}${head}`] : []), ...middle, ...(tail ? [`${inner}${tail}`] : [])];
}
