/**
 * The "start early, await late" rewrite of a waterfall group: each started
 * member's call moves up to just before the group's first statement, held in
 * a promise, and its own statement awaits that promise where it was.
 *
 *   const configPromise = (async () => getConfig())();
 *   configPromise.catch(() => {}); // keeps an early failure for the await below (no unhandled rejection)
 *   const user = await getUser(id);
 *   const orders = await getOrders(user.id);
 *   const config = await configPromise;
 *
 * Why the call is wrapped in an async arrow instead of written bare:
 * - a call that throws before returning a promise (argument checks in a
 *   plain function) now rejects, so its error still surfaces at its await,
 *   after the errors of the statements before it, as it did;
 * - a lazy thenable (a knex or Mongoose query builder runs on `.then`) is
 *   resolved exactly once, by the async arrow; `.catch` and `await` on the
 *   builder itself would each run the query;
 * - whatever the call returns, the result is a native promise, so `.catch`
 *   exists and `await` gives the same value as `await <call>` did.
 * The arrow keeps `this`, `arguments` and `super` of the code around it.
 *
 * Why the guard keeps the rejection for the later `await`: `.catch()` returns
 * a new promise and leaves the started one as it is; it only attaches a
 * handler, so Node does not report the rejection as unhandled if the function
 * throws (an earlier await fails) before reaching the await. The `await`
 * still sees the started promise reject and throws its error, where the
 * original code threw it.
 */
import { lineIndent, reindent, hasMultilineTemplate } from '../../rewrite/source-layout.js';
import { freshName } from '../../rewrite/loop-names.js';
import { propertyName, unwrap } from '../../language/syntax/ast.js';

/**
 * @typedef {import('../../language/syntax/ast.js').Node} Node
 * @typedef {import('../../language/syntax/ast.js').CallNode} CallNode
 */

/**
 * @typedef {import('../operations.js').AwaitedOperation} AwaitedOperation
 * @typedef {{ range: [number, number], text: string }} TextEdit
 */

/** Said once, on the first guard: an empty `.catch` reads like a swallowed error. */
const GUARD_NOTE = {
  one: '// keeps an early failure for the await below (no unhandled rejection)',
  several: '// keeps early failures for the awaits below (no unhandled rejection)',
};

/**
 * The edits that start `started` before `first` and await them in place, or
 * null when no fresh name is left.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {AwaitedOperation} first the group's first member (stays as it is)
 * @param {AwaitedOperation[]} started later members, in source order
 * @returns {TextEdit[] | null}
 */
export function startEarlyEdits(sourceCode, first, started) {
  // Free in the whole statement list, so the new binding neither shadows nor is shadowed.
  const owner = first.statement.parent;
  /** @type {Set<string>} */
  const taken = new Set();
  /** @type {string[]} */
  const names = [];
  for (const member of started) {
    const name = freshName(sourceCode, owner, [`${baseName(sourceCode, member)}Promise`], taken);
    if (name === null) return null;
    taken.add(name);
    names.push(name);
  }

  const { insertAt, ownLine } = insertionPoint(sourceCode, first.statement);
  const indent = lineIndent(sourceCode, first.statement);
  const semicolon = (/** @type {import('../../language/syntax/ast.js').Token} */ (sourceCode.getLastToken(first.statement))).value === ';' ? ';' : '';
  // Code written on one line stays on one line, without the note a `//` would end it with.
  const separator = ownLine ? `\n${indent}` : ' ';
  const note = ownLine ? ` ${started.length === 1 ? GUARD_NOTE.one : GUARD_NOTE.several}` : '';
  const lines = started.flatMap((member, index) => {
    const call = sourceCode.getText(member.awaitNode.argument);
    const text = reindent(call, lineIndent(sourceCode, member.statement), indent, hasMultilineTemplate(sourceCode, member.awaitNode.argument));
    return [
      `const ${names[index]} = (async () => ${text})()${semicolon}`,
      `${names[index]}.catch(() => {})${semicolon}${index === 0 ? note : ''}`,
    ];
  });

  /** @type {TextEdit[]} */
  const edits = [{ range: [insertAt, insertAt], text: `${lines.join(separator)}${separator}` }];
  for (const [index, member] of started.entries()) edits.push({ range: member.awaitNode.argument.range, text: names[index] });
  return edits;
}

/**
 * Where the started calls go: above the first statement and the comments on
 * the lines just above it (they describe that statement), and whether that
 * place starts a line of its own.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} statement
 */
function insertionPoint(sourceCode, statement) {
  const previous = sourceCode.getTokenBefore(statement);
  const previousLine = previous?.loc.end.line ?? 0;
  const ownLine = previousLine < statement.loc.start.line;
  const leading = ownLine ? sourceCode.getCommentsBefore(statement).filter((comment) => (/** @type {import('../../language/syntax/ast.js').Location} */ (comment.loc)).start.line > previousLine) : [];
  return { insertAt: (/** @type {import('../../language/syntax/ast.js').Range} */ ((leading[0] ?? statement).range))[0], ownLine };
}

/**
 * The name the promise is called after: the declared or assigned name
 * (`config` → `configPromise`); for a destructuring pattern, which holds
 * several values, the call's (`getLocaleAndStatus()` → `localeAndStatusPromise`).
 * @param {import('eslint').SourceCode} sourceCode
 * @param {AwaitedOperation} member
 */
function baseName(sourceCode, member) {
  let target = member.target;
  if (target.type === 'ObjectPattern' || target.type === 'ArrayPattern') {
    const fromCall = callName(member.operand);
    if (fromCall) return fromCall;
  }
  if (member.form === 'declaration') {
    const declaration = member.statement.type === 'ExportNamedDeclaration' ? member.statement.declaration : member.statement;
    const [variable] = sourceCode.getDeclaredVariables(declaration.declarations[0]);
    return variable?.name ?? 'result';
  }
  while (target.type === 'MemberExpression') {
    const name = propertyName(target);
    if (name) return name;
    target = target.object;
  }
  return target.type === 'Identifier' ? target.name : 'result';
}

/**
 * A call's name without a leading fetching verb: `api.getUserOrders()` → `userOrders`.
 * @param {CallNode} call
 */
function callName(call) {
  const callee = unwrap(call.callee);
  const name = callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' ? propertyName(callee) : null;
  if (!name) return null;
  const rest = name.replace(/^(get|fetch|load|find|read|list|query)(?=[A-Z])/, '');
  // An acronym keeps its case (`URLs`); a word gets a lower-case first letter.
  return /^[A-Z]{2}/.test(rest) ? rest : rest.charAt(0).toLowerCase() + rest.slice(1);
}
