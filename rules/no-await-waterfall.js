/**
 * unblock/no-await-waterfall: independent awaited operations that run one
 * after another although none needs another's result or effects.
 */
import { createStatementFacts } from './analysis/statement-facts.js';
import { findStatementGroups } from './analysis/waterfall-groups.js';
import { isInOrderedScope } from './analysis/ordered-scopes.js';
import { orderingReason, worthStartingTogether } from './analysis/independence.js';
import { countSuspensions, awaitInValue } from './analysis/operations.js';
import { unwrap } from './analysis/ast.js';
import { promiseAllStatementEdit, promiseAllExpressionEdit } from './fix/promise-all.js';
import { earlyStartMembers } from './analysis/early-start.js';
import { startEarlyEdits } from './fix/start-early.js';
import { docsUrl } from './analysis/docs-url.js';
import { waterfallData } from './analysis/report-names.js';
import { losesExpectedType } from './analysis/context-types.js';
import { fileMatches } from './analysis/file-globs.js';
import { isInOneOffCode, oneOffFileKind } from './analysis/one-off-code.js';
import { analysisOptionProperties, analysisOptionDefaults } from './analysis/analysis-options.js';
import { findSettledGroups, tryStatementListOf } from './analysis/settled-groups.js';
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
        const typeLinked = typeLinksBetween(members);
        const typescript = isTypeScript(context);
        const edit = typeLinked ? null : promiseAllStatementEdit(sourceCode, members, typescript);
        const losesTypes = typeLinked || wrappedOutsideDeclarations(members) || members.some((member) => losesExpectedType(sourceCode, member, typescript));
        report(members[0].statement, members.map((member) => member.awaitNode.argument), edit, members[members.length - 1].statement, losesTypes, startEarlySuggestion(statements, members));
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
     * "Start early, await late", where it overlaps more than Promise.all (see analysis/early-start.js).
     * @param {any[]} statements
     * @param {any[]} members
     * @returns {import('eslint').Rule.SuggestionReportDescriptor | null}
     */
    function startEarlySuggestion(statements, members) {
      const started = earlyStartMembers(statements, members, getFacts(), { sourceCode, typescript: isTypeScript(context) });
      const edits = started && startEarlyEdits(sourceCode, members[0], started);
      if (!edits) return null;
      const { names } = waterfallData(sourceCode, started.map((member) => member.awaitNode.argument));
      return {
        messageId: 'startEarly',
        data: { names, each: started.length === 1 ? 'it' : 'each' },
        fix: (fixer) => edits.map((edit) => fixer.replaceTextRange(edit.range, edit.text)),
      };
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
          const edit = promiseAllExpressionEdit(sourceCode, container, run, isParenthesized);
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

    /**
     * A member's operand names another member's binding in a type
     * (`g<typeof x>()`): not data flow, but merged into one declaration it
     * would refer to itself, so no rewrite is offered.
     * @param {any[]} members
     */
    function typeLinksBetween(members) {
      const operands = members.map((member) => member.awaitNode.argument.range);
      return members.some((member) =>
        member.form === 'declaration' &&
        sourceCode.getDeclaredVariables(member.statement.type === 'ExportNamedDeclaration' ? member.statement.declaration.declarations[0] : member.statement.declarations[0])
          .some((variable) => variable.references.some((reference) =>
            operands.some(([start, end]) => reference.identifier.range[0] >= start && reference.identifier.range[1] <= end))),
      );
    }

    /**
     * An await in `as`/`!`/`satisfies` in an assignment or an `export`: its
     * assertion has no statement of its own to stay in (see fix/typed-results.js).
     * @param {any[]} members
     */
    function wrappedOutsideDeclarations(members) {
      return members.some((member) => member.wrapped && !member.chained) && (members[0].form !== 'declaration' || members[0].exported);
    }

    /** @param {any} node */
    function isParenthesized(node) {
      const before = sourceCode.getTokenBefore(node);
      const after = sourceCode.getTokenAfter(node);
      if (before?.value !== '(' || after?.value !== ')') return false;
      // The parentheses of a call's argument list belong to the call.
      const parent = node.parent;
      if ((parent.type === 'CallExpression' || parent.type === 'NewExpression') && parent.arguments.length === 1) {
        return sourceCode.getTokenBefore(before)?.range[1] > (parent.typeArguments ?? parent.typeParameters ?? parent.callee).range[1];
      }
      return true;
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
        for (const owner of statementLists) checkStatements(owner.type === 'SwitchCase' ? owner.consequent : owner.body);
        for (const container of slotContainers) checkSlots(container, slotsOf(container));
        for (const owner of tryStatementLists) checkSettled(owner.type === 'SwitchCase' ? owner.consequent : owner.body);
      },
    };
  },
};

const STATEMENT_LIST_OWNERS = new Set(['Program', 'BlockStatement', 'StaticBlock', 'SwitchCase']);
/** Nodes between an await and its statement when the await is the statement's value. */
const VALUE_WRAPPERS = new Set([
  'VariableDeclarator', 'VariableDeclaration', 'AssignmentExpression', 'ExpressionStatement', 'ExportNamedDeclaration',
  'TSAsExpression', 'TSNonNullExpression', 'TSSatisfiesExpression', 'TSTypeAssertion',
]);

/**
 * The statement list in which an await is a statement's whole value
 * (`const x = await f();`, `x = await f();`, `const n = (await f())?.name;`), or null.
 * @param {any} awaitNode
 */
function statementListOf(awaitNode) {
  let current = awaitNode;
  while (current.parent && (VALUE_WRAPPERS.has(current.parent.type) || isChainOn(current))) current = current.parent;
  return current.parent && STATEMENT_LIST_OWNERS.has(current.parent.type) ? current.parent : null;
}

/**
 * Whether the file is TypeScript, where a declared type can steer a call's inference.
 * @param {import('eslint').Rule.RuleContext} context
 */
function isTypeScript(context) {
  if (/\.[cm]?tsx?$/.test(context.filename)) return true;
  // A JavaScript file has no declared types, whichever parser reads it; a name without an
  // extension (`<input>`) is TypeScript when typescript-eslint parsed it.
  if (/\.[cm]?jsx?$/.test(context.filename)) return false;
  return Boolean(context.sourceCode.parserServices?.esTreeNodeToTSNodeMap);
}

/**
 * `current` is the object of a member access inside an optional chain (which
 * statement-facts then checks in full, see awaitInValue).
 * @param {any} current
 */
function isChainOn(current) {
  const parent = current.parent;
  return parent.type === 'ChainExpression' || (parent.type === 'MemberExpression' && parent.object === current);
}

/**
 * The array, call or object literal of which the await is directly an element,
 * an argument or a property value, or null.
 * @param {any} awaitNode
 */
function slotContainerOf(awaitNode) {
  const parent = awaitNode.parent;
  if (parent.type === 'ArrayExpression') return parent;
  if ((parent.type === 'CallExpression' || parent.type === 'NewExpression') && parent.callee !== awaitNode) return parent;
  if (parent.type === 'Property' && parent.value === awaitNode && parent.parent.type === 'ObjectExpression') return parent.parent;
  return null;
}

/**
 * The expressions of a container in evaluation order; null for an object
 * member that is not a plain `key: value` (its evaluation is not a slot).
 * @param {any} container
 */
function slotsOf(container) {
  if (container.type === 'ArrayExpression') return container.elements;
  if (container.type === 'ObjectExpression') {
    return container.properties.map((/** @type {any} */ property) =>
      property.type === 'Property' && property.kind === 'init' && !property.computed && !property.method ? property.value : null,
    );
  }
  return container.arguments;
}

/**
 * A cheap first look: how many statements directly await something.
 * @param {any[]} statements
 */
function countAwaitedStatements(statements) {
  let count = 0;
  for (const statement of statements) {
    const inner = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (!inner) continue;
    let value = null;
    if (inner.type === 'VariableDeclaration' && inner.declarations.length === 1) value = inner.declarations[0].init;
    else if (inner.type === 'ExpressionStatement' && inner.expression.type === 'AssignmentExpression') value = inner.expression.right;
    if (value && awaitInValue(value) && ++count >= 2) return count;
  }
  return count;
}

export default rule;
