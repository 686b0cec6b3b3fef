/**
 * The loop rule's reports: where they point, and the rewrites as
 * suggestions, one of them applied as the fix when the rule's `fix` option
 * asks for it (codemods).
 */
import { fixOrSuggest } from '../../rule-shell/create-rule.js';
import { addImports } from '../../rewrite/module-imports.js';
import { keepsEveryAwait } from '../../rewrite/kept-awaits.js';

/**
 * @typedef {import('../../language/syntax/ast.js').Node} Node
 */

/**
 * @typedef {import('./loop-to-map.js').TextEdit} TextEdit
 * @typedef {import('./loop-to-map.js').LimitedEdit} LimitedEdit
 * @typedef {{ unbounded: TextEdit | null, bounded: TextEdit | LimitedEdit | null }} LoopEdits
 *
 * @typedef {object} LoopReportOptions
 * @property {string} unboundedMessage  the suggestion's message for the unbounded rewrite
 * @property {boolean} autofix  the rewrite may be applied as the report's fix
 * @property {number | null} maxConcurrency
 * @property {boolean} typescript  the file is TypeScript (how the rewrite check parses it)
 * @property {string} route  where the loop runs, for the message (` (reached from GET /x in routes.js)`), or ''
 */

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {Node} node the loop or the forEach call
 * @param {string} messageId
 * @param {LoopEdits} offered the rewrites as built, before the check
 * @param {LoopReportOptions} options
 * @returns {import('eslint').Rule.ReportDescriptor}
 */
export function loopReport(sourceCode, node, messageId, offered, { unboundedMessage, autofix, maxConcurrency, typescript, route }) {
  // A rewrite that would leave an awaited call unawaited is not offered.
  /** @template {TextEdit | LimitedEdit} T @param {T | null} edit @returns {T | null} */
  const checked = (edit) => (edit && keepsEveryAwait(sourceCode, [edit], typescript) ? edit : null);
  /** @type {LoopEdits} */
  const edits = { unbounded: checked(offered.unbounded), bounded: checked(offered.bounded) };
  /** @param {TextEdit | LimitedEdit} edit */
  const toFix = (edit) => (/** @type {import('eslint').Rule.RuleFixer} */ fixer) => [
    fixer.replaceTextRange(edit.range, edit.text),
    ...('imports' in edit ? addImports(sourceCode, fixer, edit.imports) : []),
  ];
  /** @type {import('eslint').Rule.SuggestionReportDescriptor[]} */
  const suggest = [];
  if (edits.unbounded) suggest.push({ messageId: unboundedMessage, fix: toFix(edits.unbounded) });
  const { bounded } = edits;
  if (bounded && 'helper' in bounded) suggest.push({ messageId: 'runBoundedWith', data: { helper: bounded.helper, max: String(bounded.limit) }, fix: toFix(bounded) });
  else if (bounded) suggest.push({ messageId: 'runBounded', data: { max: String(maxConcurrency) }, fix: toFix(bounded) });
  // With a limit configured, a codemod applies the bounded rewrite: that is what the limit is for.
  const preferred = maxConcurrency ? edits.bounded : edits.unbounded;
  return {
    node,
    loc: headLocation(sourceCode, node),
    messageId,
    data: { route },
    ...fixOrSuggest(autofix, preferred && toFix(preferred), suggest),
  };
}

/**
 * From the loop keyword to the end of its head: the report does not paint the whole body.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} node
 */
function headLocation(sourceCode, node) {
  const end = node.type === 'CallExpression' ? sourceCode.getTokenAfter(node.callee) : sourceCode.getTokenBefore(node.body);
  return { start: node.loc.start, end: (end ?? node).loc.end };
}
