/**
 * The "results first" form of a Promise.all rewrite, for members whose
 * declared type no tuple annotation could carry honestly: an await wrapped in
 * `as`/`<T>`/`!`/`satisfies`, or an annotated member next to unannotated ones.
 *
 *   const [user, ordersResult] = await Promise.all([getUser(id), api.getOrders(id)]);
 *   const orders = ordersResult as Order[];   ← the original statement, `(await …)` replaced
 *
 * Each such member keeps its own statement, with only `await <operand>`
 * replaced by the name of its result. `await x` and the Promise.all entry for
 * `x` have the same type (Awaited<…>), so every annotation, assertion and
 * check applies to exactly the value it applied to before.
 */
import { reindent, lineIndent } from '../../rewrite/source-layout.js';
import { noteFileWideNameCheck } from '../../verdicts/name-checks.js';

/**
 * @typedef {import('../operations.js').AwaitedOperation} AwaitedOperation
 */

/**
 * Whether a member needs its own statement after the Promise.all.
 * @param {AwaitedOperation} member
 * @param {boolean} annotated
 */
export function needsOwnStatement(member, annotated) {
  return member.wrapped || annotated;
}

/**
 * Names for the results, unused anywhere in the file (so nothing is shadowed
 * and no later binding clashes): `<binding>Result`, then `<binding>Result2`…
 * @param {import('eslint').SourceCode} sourceCode
 */
export function createResultNamer(sourceCode) {
  const taken = new Set(sourceCode.ast.tokens.filter((token) => token.type === 'Identifier').map((token) => token.value));
  /** @param {any} declarator */
  return (declarator) => {
    noteFileWideNameCheck(sourceCode, declarator);
    const [variable] = sourceCode.getDeclaredVariables(declarator);
    const base = `${variable ? variable.name : 'value'}Result`;
    let name = base;
    for (let suffix = 2; taken.has(name); suffix++) name = `${base}${suffix}`;
    taken.add(name);
    return name;
  };
}

/**
 * The member's own statement with `await <operand>` replaced by `name`,
 * re-indented to `indent`. Parentheses that only held the await go too
 * (`(await f())!` → `fResult!`).
 * @param {import('eslint').SourceCode} sourceCode
 * @param {AwaitedOperation} member
 * @param {string} name
 * @param {string} indent
 */
export function ownStatementText(sourceCode, member, name, indent) {
  let [start, end] = member.awaitNode.range;
  const before = sourceCode.getTokenBefore(member.awaitNode);
  const after = sourceCode.getTokenAfter(member.awaitNode);
  if (before?.value === '(' && after?.value === ')' && member.wrapped) {
    [start, end] = [before.range[0], after.range[1]];
  }
  const { text } = sourceCode;
  const [statementStart, statementEnd] = member.statement.range;
  const statement = text.slice(statementStart, start) + name + text.slice(end, statementEnd);
  return reindent(statement, lineIndent(sourceCode, member.statement), indent, false);
}

/**
 * The ranges of a member's statement that its own statement keeps, for the
 * check that no comment is dropped: all but the `await` keyword.
 * @param {AwaitedOperation} member
 * @returns {Array<[number, number]>}
 */
export function keptRanges(member) {
  return [
    [member.statement.range[0], member.awaitNode.range[0]],
    member.awaitNode.argument.range,
    [member.awaitNode.range[1], member.statement.range[1]],
  ];
}
