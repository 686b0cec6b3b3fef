/**
 * unblock/no-await-waterfall: independent awaited operations that run one
 * after another although none needs another's result or effects.
 */
import { createStatementFacts } from './no-await-waterfall/statement-facts.js';
import { findStatementGroups } from './no-await-waterfall/waterfall-groups.js';
import { isInOrderedScope } from './effects/ordered-scopes.js';
import { worthStartingTogether } from './no-await-waterfall/independence.js';
import { awaitedCallRuns } from './no-await-waterfall/slot-runs.js';
import { statementListOf, slotContainerOf, tryStatementListOf, placesWorthAnalysing } from './no-await-waterfall/waterfall-places.js';
import { createRule } from './rule-shell/create-rule.js';
import { isTypeScript } from './no-await-waterfall/context-types.js';
import { analysisOptionProperties, analysisOptionDefaults } from './rule-shell/analysis-options.js';
import { findSettledGroups } from './no-await-waterfall/settled-groups.js';
import { statementGroupReport, settledGroupReport, slotRunReport } from './no-await-waterfall/report/waterfall-reports.js';
import { inDynamicScope } from './rewrite/dynamic-scope.js';
import { knownRouteAt } from './code-kind/known-route.js';
import { lintedTreeOf } from './project/callers/reachability.js';
import { routeNote } from './rule-shell/route-note.js';
import { proofEntryOf } from './rule-shell/proof-entry.js';
import { shorten } from './rule-shell/proofs.js';
import { effectText } from './effects/effect-text.js';
import { unwrap } from './language/syntax/ast.js';
import { createUnitReuse } from './reuse/unit-reuse.js';

/**
 * @typedef {import('./language/syntax/ast.js').Node} Node
 */

const DEFAULT_OPTIONS = { fix: false, ...analysisOptionDefaults };

export default createRule({
  id: 'no-await-waterfall',
  defaultOptions: DEFAULT_OPTIONS,
  // Every report is about an await, and `await` cannot be spelled with escapes: a file without the word has none.
  appliesTo: (text) => text.includes('await'),
  meta: {
    type: 'suggestion',
    docs: {
      description: 'Disallow independent awaits that run one after another instead of together',
      recommended: true,
      summary: 'These awaits could run together',
    },
    // What unblock-bench predicts and measures for a report (core/rule-shell/bench-facts.js):
    // starting the group together shortens the waits one after another; observe times the awaits
    // of the statements the report spans.
    bench: { ideal: 'waits', observe: 'waterfall' },
    hasSuggestions: true,
    fixable: 'code',
    schema: [
      {
        type: 'object',
        properties: {
          fix: { type: 'boolean', description: 'Apply the Promise.all rewrite as an autofix (for codemods).' },
          ...analysisOptionProperties,
        },
        additionalProperties: false,
      },
    ],
    messages: {
      waterfall: '{{names}} wait for each other though {{reason}}{{route}}; start them together with Promise.all{{observed}}.',
      waterfallUntyped: '{{names}} wait for each other though {{reason}}{{route}}; start them together with Promise.all (no rewrite: it would lose a declared type){{observed}}.',
      waterfallGuarded: '{{names}} wait for each other though {{reason}}{{route}}; what comes after the early exit between them could start before it (no rewrite: started early, it would also run when the exit is taken){{observed}}.',
      startTogether: 'Start the {{count}} operations together with Promise.all.',
      waterfallSettled: '{{names}} wait for each other though {{reason}}{{route}}; start them together with Promise.allSettled, each catch kept{{observed}}.',
      startSettled: 'Start the {{count}} operations together with Promise.allSettled, each failure handled by its own catch.',
      startEarly: 'Start {{names}} early and await {{each}} where its result is used.',
    },
  },

  create(context, options, gates) {
    const sourceCode = context.sourceCode;
    // An editor lints again after every edit: the units the edit cannot reach keep their reports.
    const reuse = createUnitReuse(context, 'no-await-waterfall', options);
    /** @type {ReturnType<typeof createStatementFacts> | null} */
    let facts = null;
    const getFacts = () => (facts ??= createStatementFacts(sourceCode, context.filename, options));

    /**
     * How reports are written, worked out (as the facts are) once there is something to report.
     * @type {import('./no-await-waterfall/report/waterfall-reports.js').ReportSettings | null}
     */
    let settings = null;
    const getSettings = () =>
      (settings ??= {
        sourceCode,
        typescript: isTypeScript(context),
        autofix: options.fix,
        // Asked of a report being made only: the route its start-up gate already found, if any.
        routeAt: (node) => routeNote(knownRouteAt(context.filename, node, lintedTreeOf(sourceCode)), context.cwd),
        proofOf: (node, operands) => ({
          ...proofEntryOf(context.filename, node, lintedTreeOf(sourceCode), context.cwd),
          operations: operands.map((operand) => ({ code: shorten(sourceCode.getText(operand)), effect: effectText(getFacts().classifier.classifyOperation(unwrap(operand))) })),
          why: 'no result of one flows into another, none is a barrier (a guard, a lock, a transaction step), and none writes what another reads or writes',
        }),
      });

    /**
     * Not in a file the user keeps out of the rule, not in code whose awaits a transaction,
     * connection or lock puts in order, not where eval or with reaches the bindings (independence
     * cannot be shown), not in one-off code, not in a function nothing is known to call (no entry
     * can be named for the report), unless asked to.
     * @param {any} node
     */
    const mayReportIn = (node) =>
      !gates.ignoredFile() && !isInOrderedScope(node, sourceCode.visitorKeys) && !inDynamicScope(sourceCode, node) && !gates.oneOffAt(node) && !gates.noEntryAt(node) && !gates.oneTransactionAt(node);

    /** @param {any[]} statements a list with two awaited statements or more */
    function checkStatements(statements) {
      const groups = findStatementGroups(statements, getFacts()).filter(worthStartingTogether);
      // Asked of each group's first statement: a transaction the function opens orders only what comes after it.
      for (const members of groups) if (mayReportIn(members[0].statement)) reuse.report(statementGroupReport(getSettings(), statements, members, getFacts()));
    }

    /**
     * Each await in its own try/catch: one Promise.allSettled, each catch body applied to its own entry.
     * @param {any[]} statements a list with two tries of that shape side by side
     */
    function checkSettled(statements) {
      const facts = getFacts();
      const groups = findSettledGroups(statements, { sourceCode, index: facts.index, classifier: facts.classifier });
      for (const members of groups) if (mayReportIn(members[0].statement)) reuse.report(settledGroupReport(getSettings(), members));
    }

    /**
     * @param {any} container
     * @param {any[]} slots expressions in evaluation order (null for a slot that is not a plain value), two or more awaited
     */
    function checkSlots(container, slots) {
      // The gates last: the start-up gate reads other files for callers, worth it only for a report.
      const runs = awaitedCallRuns(slots, getFacts, sourceCode.visitorKeys);
      if (runs.length === 0 || !mayReportIn(container)) return;
      for (const run of runs) reuse.report(slotRunReport(getSettings(), container, run));
    }

    /** Statement lists and expressions that hold an await, found from the awaits themselves. */
    const statementLists = new Set();
    const slotContainers = new Set();
    /** Statement lists holding a try whose block awaits: each await in its own try/catch. */
    const tryStatementLists = new Set();

    // Only code with awaits costs anything: listen to AwaitExpression alone and
    // look at the places awaits were found once the whole file is known.
    return {
      AwaitExpression(node) {
        const slot = slotContainerOf(node);
        if (slot) slotContainers.add(slot);
        const list = statementListOf(node);
        if (list) statementLists.add(list);
        const tryList = list && tryStatementListOf(list);
        if (tryList) tryStatementLists.add(tryList);
      },
      'Program:exit'() {
        // A file whose awaits make no pair anywhere asks nothing more, not even what kind of file it is.
        const { lists, slotLists, tryLists } = placesWorthAnalysing({ statementLists, slotContainers, tryStatementLists });
        // A migration, seeder or CLI file reports nothing by default: not worth analysing its awaits.
        if (lists.length + slotLists.length + tryLists.length === 0 || gates.oneOffFile()) return reuse.forget();
        reuse.analyse(() => {
          for (const statements of lists) if (!reuse.skips(statements[0])) checkStatements(statements);
          for (const { container, slots } of slotLists) if (!reuse.skips(container)) checkSlots(container, slots);
          for (const statements of tryLists) if (!reuse.skips(statements[0])) checkSettled(statements);
        });
      },
    };
  },
});
