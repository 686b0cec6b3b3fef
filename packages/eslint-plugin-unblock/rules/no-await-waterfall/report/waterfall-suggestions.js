/**
 * The pieces of the waterfall rule's suggestions that read the source: the
 * start-early alternative, and the checks that decide whether a Promise.all
 * rewrite can keep every type and parenthesis.
 */
import { earlyStartMembers } from '../early-start.js';
import { waterfallData } from '../report-names.js';
import { startEarlyEdits } from './start-early.js';
import { keepsEveryAwait } from '../../rewrite/kept-awaits.js';

/**
 * @typedef {import('../../language/syntax/ast.js').Node} Node
 */

/**
 * "Start early, await late", where it overlaps more than Promise.all (see ../early-start.js).
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any[]} statements
 * @param {any[]} members
 * @param {import('../waterfall-groups.js').StatementFacts} facts
 * @param {boolean} typescript
 * @returns {import('eslint').Rule.SuggestionReportDescriptor | null}
 */
export function startEarlySuggestion(sourceCode, statements, members, facts, typescript) {
  const started = earlyStartMembers(statements, members, facts, { sourceCode, typescript });
  const edits = started && startEarlyEdits(sourceCode, members[0], started);
  // A rewrite that would leave an awaited call unawaited is not offered.
  if (!edits || !keepsEveryAwait(sourceCode, edits, typescript)) return null;
  const { names } = waterfallData(sourceCode, started.map((member) => member.awaitNode.argument));
  return {
    messageId: 'startEarly',
    data: { names, each: started.length === 1 ? 'it' : 'each' },
    fix: (fixer) => edits.map((edit) => fixer.replaceTextRange(edit.range, edit.text)),
  };
}

/**
 * A member's operand names another member's binding in a type
 * (`g<typeof x>()`): not data flow, but merged into one declaration it
 * would refer to itself, so no rewrite is offered.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any[]} members
 */
export function typeLinksBetween(sourceCode, members) {
  const operands = members.map((member) => member.awaitNode.argument.range);
  return members.some((member) =>
    member.form === 'declaration' &&
    sourceCode.getDeclaredVariables(member.statement.type === 'ExportNamedDeclaration' ? member.statement.declaration.declarations[0] : member.statement.declarations[0])
      .some((variable) => variable.references.some((reference) =>
        operands.some(([start, end]) => (/** @type {import('../../language/syntax/ast.js').Range} */ (reference.identifier.range))[0] >= start && (/** @type {import('../../language/syntax/ast.js').Range} */ (reference.identifier.range))[1] <= end))),
  );
}

/**
 * An await in `as`/`!`/`satisfies` in an assignment or an `export`: its
 * assertion has no statement of its own to stay in (see typed-results.js).
 * @param {any[]} members
 */
export function wrappedOutsideDeclarations(members) {
  return members.some((member) => member.wrapped && !member.chained) && (members[0].form !== 'declaration' || members[0].exported);
}

/**
 * Whether a node is wrapped in parentheses of its own (not a call's argument list).
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} node
 */
export function isParenthesized(sourceCode, node) {
  const before = sourceCode.getTokenBefore(node);
  const after = sourceCode.getTokenAfter(node);
  if (before?.value !== '(' || after?.value !== ')') return false;
  // The parentheses of a call's argument list belong to the call.
  const parent = node.parent;
  if ((parent.type === 'CallExpression' || parent.type === 'NewExpression') && parent.arguments.length === 1) {
    const outer = sourceCode.getTokenBefore(before);
    return outer !== null && outer.range[1] > (parent.typeArguments ?? parent.typeParameters ?? parent.callee).range[1];
  }
  return true;
}
