/**
 * The waterfall rule's reports: the message and where it points, and the
 * rewrite as a suggestion, applied as the fix too when the rule's `fix`
 * option asks for it (codemods).
 */
import { fixOrSuggest } from '../../rule-shell/create-rule.js';
import { waterfallData } from '../report-names.js';
import { losesExpectedType } from '../context-types.js';
import { promiseAllStatementEdit, promiseAllExpressionEdit } from './promise-all.js';
import { promiseAllSettledEdit } from './promise-all-settled.js';
import { startEarlySuggestion, typeLinksBetween, wrappedOutsideDeclarations, isParenthesized } from './waterfall-suggestions.js';
import { keepsEveryAwait } from '../../rewrite/kept-awaits.js';
import { guardCrossed } from '../waterfall-groups.js';

/**
 * @typedef {import('../../language/syntax/ast.js').Node} Node
 */

/**
 * @typedef {object} ReportSettings
 * @property {import('eslint').SourceCode} sourceCode
 * @property {boolean} typescript  the file is TypeScript
 * @property {boolean} autofix  the `fix` option: the rewrite is the report's fix as well
 * @property {(node: any) => string} routeAt  where the code at a report runs, for its message (` (reached from GET /x in routes.js)`), or ''
 * @property {(node: any, operands: any[]) => import('../../rule-shell/proofs.js').Proof} proofOf  the report's proof: its entry, chain, operations and why they may overlap
 *
 * @typedef {{ range: [number, number], text: string }} TextEdit
 * @typedef {import('../../rule-shell/proofs.js').ProvenReport} ReportDescriptor
 */

/**
 * A group of awaited statements. No rewrite is offered when it would lose a
 * declared type (the message says so); start-early comes as a second suggestion.
 * @param {ReportSettings} settings
 * @param {any[]} statements the statement list the group is in
 * @param {any[]} members
 * @param {import('../waterfall-groups.js').StatementFacts} facts
 * @returns {ReportDescriptor}
 */
export function statementGroupReport(settings, statements, members, facts) {
  const { sourceCode, typescript } = settings;
  const operands = members.map((member) => member.awaitNode.argument);
  // Started before an early exit, a read would also run when the exit is taken: the original never runs it then.
  if (guardCrossed(statements, members, facts)) {
    return waterfallReport(settings, { node: members[0].statement, end: members[members.length - 1].statement, operands, edit: null, guarded: true });
  }
  const typeLinked = typeLinksBetween(sourceCode, members);
  const edit = typeLinked ? null : promiseAllStatementEdit(sourceCode, members, typescript);
  const losesTypes = typeLinked || wrappedOutsideDeclarations(members) || members.some((member) => losesExpectedType(sourceCode, member, typescript));
  const alternative = startEarlySuggestion(sourceCode, statements, members, facts, typescript);
  return waterfallReport(settings, { node: members[0].statement, end: members[members.length - 1].statement, operands, edit, losesTypes, alternative });
}

/**
 * A run of awaited slots in one array, call or object literal.
 * @param {ReportSettings} settings
 * @param {Node} container
 * @param {any[]} run the AwaitExpressions, in order
 * @returns {ReportDescriptor}
 */
export function slotRunReport(settings, container, run) {
  const { sourceCode } = settings;
  const edit = promiseAllExpressionEdit(sourceCode, container, run, (node) => isParenthesized(sourceCode, node));
  return waterfallReport(settings, { node: run[0], end: run[run.length - 1], operands: run.map((node) => node.argument), edit });
}

/**
 * Awaits each in its own try/catch: one Promise.allSettled, each catch body applied to its own entry.
 * @param {ReportSettings} settings
 * @param {any[]} members
 * @returns {ReportDescriptor}
 */
export function settledGroupReport({ sourceCode, typescript, autofix, routeAt, proofOf }, members) {
  const operands = members.map((member) => member.awaitNode.argument);
  const data = { ...waterfallData(sourceCode, operands), route: routeAt(members[0].statement) };
  const fix = fixOf(checked(sourceCode, promiseAllSettledEdit(sourceCode, members, typescript), typescript));
  const { start } = members[0].statement.loc;
  const { end } = members[members.length - 1].statement.loc;
  return {
    loc: { start, end },
    messageId: 'waterfallSettled',
    data,
    proof: proofOf(members[0].statement, operands),
    ...fixOrSuggest(autofix, fix, fix ? [{ messageId: 'startSettled', data, fix }] : []),
  };
}

/**
 * @param {ReportSettings} settings
 * @param {object} found
 * @param {any} found.node where the report starts
 * @param {any} found.end where it ends
 * @param {any[]} found.operands the awaited expressions of the group, in order
 * @param {TextEdit | null} found.edit
 * @param {boolean} [found.losesTypes] no rewrite is offered because it could not keep a declared type: the message says so
 * @param {import('eslint').Rule.SuggestionReportDescriptor | null} [found.alternative] a second suggestion, never applied by `fix: true`
 * @param {boolean} [found.guarded] later members start before an early exit: no rewrite is offered, and the message says why
 * @returns {ReportDescriptor}
 */
function waterfallReport({ sourceCode, typescript, autofix, routeAt, proofOf }, { node, end, operands, edit, losesTypes = false, alternative = null, guarded = false }) {
  const data = { ...waterfallData(sourceCode, operands), route: routeAt(node) };
  const fix = fixOf(checked(sourceCode, edit, typescript));
  return {
    node,
    loc: { start: node.loc.start, end: end.loc.end },
    messageId: guarded ? 'waterfallGuarded' : losesTypes && !edit ? 'waterfallUntyped' : 'waterfall',
    data,
    proof: proofOf(node, operands),
    ...fixOrSuggest(autofix, fix, [...(fix ? [{ messageId: 'startTogether', data, fix }] : []), ...(alternative ? [alternative] : [])]),
  };
}

/**
 * The edit, when it keeps every awaited call awaited (rewrite/kept-awaits.js); else null.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {TextEdit | null} edit
 * @param {boolean} typescript
 */
function checked(sourceCode, edit, typescript) {
  return edit && keepsEveryAwait(sourceCode, [edit], typescript) ? edit : null;
}

/**
 * @param {TextEdit | null} edit
 * @returns {((fixer: import('eslint').Rule.RuleFixer) => import('eslint').Rule.Fix) | null}
 */
function fixOf(edit) {
  return edit ? (fixer) => fixer.replaceTextRange(edit.range, edit.text) : null;
}
