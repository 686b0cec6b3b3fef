/**
 * unblock/no-await-waterfall: independent awaited operations that run one
 * after another although none needs another's result or effects.
 */
import { createStatementFacts } from './analysis/statement-facts.js';
import { findStatementGroups } from './analysis/waterfall-groups.js';
import { isInOrderedScope } from './analysis/ordered-scopes.js';
import { orderingReason, worthStartingTogether } from './analysis/independence.js';
import { countSuspensions } from './analysis/operations.js';
import { unwrap } from './analysis/ast.js';
import { promiseAllStatementEdit, promiseAllExpressionEdit } from './fix/promise-all.js';
import { startEarlySuggestion, typeLinksBetween, wrappedOutsideDeclarations, isParenthesized } from './fix/waterfall-suggestions.js';
import { statementListOf, slotContainerOf, slotsOf, countAwaitedStatements, tryStatementListOf, statementsOf } from './analysis/waterfall-places.js';
import { docsUrl } from './analysis/docs-url.js';
import { waterfallData } from './analysis/report-names.js';
import { losesExpectedType, isTypeScript } from './analysis/context-types.js';
import { fileMatches } from './analysis/file-globs.js';
import { isInOneOffCode, oneOffFileKind } from './analysis/one-off-code.js';
import { analysisOptionProperties, analysisOptionDefaults } from './analysis/analysis-options.js';
import { findSettledGroups } from './analysis/settled-groups.js';
import { promiseAllSettledEdit } from './fix/promise-all-settled.js';

const DEFAULT_OPTIONS = { fix: false, ...analysisOptionDefaults };

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'suggestion',
    docs: {
      description: 'Disallow independent awaits that run one after another instead of together',
      recommended: true,
      url: docsUrl('no-await-waterfall'),
    },
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
    defaultOptions: [DEFAULT_OPTIONS],
    messages: {
      waterfall: '{{names}} wait for each other though {{reason}}; start them together with Promise.all.',
      waterfallUntyped: '{{names}} wait for each other though {{reason}}; start them together with Promise.all (no rewrite: it would lose a declared type).',
      startTogether: 'Start the {{count}} operations together with Promise.all.',
      waterfallSettled: '{{names}} wait for each other though {{reason}}; start them together with Promise.allSettled, each catch kept.',
      startSettled: 'Start the {{count}} operations together with Promise.allSettled, each failure handled by its own catch.',
      startEarly: 'Start {{names}} early and await {{each}} where its result is used.',
    },
  },

  create(context) {
    const options = { ...DEFAULT_OPTIONS, ...context.options[0] };
    const sourceCode = context.sourceCode;
    /** @type {ReturnType<typeof createStatementFacts> | null} */
    let facts = null;
    const getFacts = () => (facts ??= createStatementFacts(sourceCode, context.filename, options));

    /**
     * @param {any} node
     * @param {any[]} operands the awaited expressions of the group, in order
     * @param {{ range: [number, number], text: string } | null} edit
     * @param {boolean} [losesTypes] no rewrite is offered because it could not keep a declared type: the message says so
     * @param {import('eslint').Rule.SuggestionReportDescriptor | null} [alternative] a second suggestion, never applied by `fix: true`
     */
    function report(node, operands, edit, end = node, losesTypes = false, alternative = null) {
      const data = waterfallData(sourceCode, operands);
      /** @type {(fixer: import('eslint').Rule.RuleFixer) => import('eslint').Rule.Fix} */
      const fix = edit ? (fixer) => fixer.replaceTextRange(edit.range, edit.text) : null;
      context.report({
        node,
        loc: { start: node.loc.start, end: end.loc.end },
        messageId: losesTypes && !edit ? 'waterfallUntyped' : 'waterfall',
        data,
        ...(fix && options.fix ? { fix } : {}),
        suggest: [...(fix ? [{ messageId: 'startTogether', data, fix }] : []), ...(alternative ? [alternative] : [])],
      });
    }

    /** Whether this file is one the user keeps out of the rule: asked only once there is something to report. */
    let ignoredFile = null;
    /** @param {any} node */
    const mayReportIn = (node) =>
      !(ignoredFile ??= fileMatches(context.filename, context.cwd, options.ignoreFiles)) &&
      !isInOrderedScope(node, sourceCode.visitorKeys) &&
      (options.includeOneOffCode || !isInOneOffCode(context, node));

    /** @param {any[]} statements */
    function checkStatements(statements) {
      if (countAwaitedStatements(statements) < 2) return;
      const groups = findStatementGroups(statements, getFacts()).filter(worthStartingTogether);
      if (groups.length === 0 || !mayReportIn(statements[0])) return;
      for (const members of groups) {
        const typeLinked = typeLinksBetween(sourceCode, members);
        const typescript = isTypeScript(context);
        const edit = typeLinked ? null : promiseAllStatementEdit(sourceCode, members, typescript);
        const losesTypes = typeLinked || wrappedOutsideDeclarations(members) || members.some((member) => losesExpectedType(sourceCode, member, typescript));
        report(members[0].statement, members.map((member) => member.awaitNode.argument), edit, members[members.length - 1].statement, losesTypes, startEarlySuggestion(sourceCode, statements, members, getFacts(), typescript));
      }
    }

    /**
     * Each await in its own try/catch: one Promise.allSettled, each catch body applied to its own entry.
     * @param {any[]} statements
     */
    function checkSettled(statements) {
      const facts = getFacts();
      const groups = findSettledGroups(statements, { sourceCode, index: facts.index, classifier: facts.classifier });
      if (groups.length === 0 || !mayReportIn(statements[0])) return;
      for (const members of groups) {
        const data = waterfallData(sourceCode, members.map((member) => member.awaitNode.argument));
        const edit = promiseAllSettledEdit(sourceCode, members, isTypeScript(context));
        /** @type {(fixer: import('eslint').Rule.RuleFixer) => import('eslint').Rule.Fix} */
        const fix = edit ? (fixer) => fixer.replaceTextRange(edit.range, edit.text) : null;
        const { start } = members[0].statement.loc;
        const { end } = members[members.length - 1].statement.loc;
        context.report({
          loc: { start, end },
          messageId: 'waterfallSettled',
          data,
          ...(fix && options.fix ? { fix } : {}),
          suggest: fix ? [{ messageId: 'startSettled', data, fix }] : [],
        });
      }
    }

    /**
     * @param {any} container
     * @param {any[]} slots expressions in evaluation order (null for a slot that is not a plain value)
     */
    function checkSlots(container, slots) {
      if (slots.filter((slot) => slot && unwrap(slot).type === 'AwaitExpression').length < 2) return;
      if (!mayReportIn(container)) return;
      /** @type {any[]} */
      let run = [];
      const flush = () => {
        if (run.length >= 2 && worthStartingTogether(run.map((member) => getFacts().expressionOperation(member)))) {
          const edit = promiseAllExpressionEdit(sourceCode, container, run, (node) => isParenthesized(sourceCode, node));
          report(run[0], run.map((node) => node.argument), edit, run[run.length - 1]);
        }
        run = [];
      };
      for (const slot of slots) {
        const operation = slot && awaitedCallSlot(slot);
        if (!operation) {
          flush();
          continue;
        }
        const joins = run.every((member) => orderingReason(getFacts().expressionOperation(member), getFacts().expressionOperation(operation)) === null);
        if (!joins) flush();
        run.push(operation);
      }
      flush();
    }

    /**
     * The AwaitExpression in a slot when it awaits a call with no await of its own.
     * @param {any} slot
     */
    function awaitedCallSlot(slot) {
      if (slot.type !== 'AwaitExpression') return null;
      if (unwrap(slot.argument).type !== 'CallExpression') return null;
      if (countSuspensions(slot, sourceCode.visitorKeys) !== 1) return null;
      const cls = getFacts().classifier.classifyOperation(unwrap(slot.argument));
      return cls.barrier ? null : slot;
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
        // A migration, seeder or CLI file reports nothing by default: not worth analysing its awaits.
        if (statementLists.size + slotContainers.size + tryStatementLists.size === 0 || (!options.includeOneOffCode && oneOffFileKind(sourceCode) !== null)) return;
        for (const owner of statementLists) checkStatements(statementsOf(owner));
        for (const container of slotContainers) checkSlots(container, slotsOf(container));
        for (const owner of tryStatementLists) checkSettled(statementsOf(owner));
      },
    };
  },
};

export default rule;
