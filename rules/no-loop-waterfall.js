/**
 * unblock/no-loop-waterfall: loops whose iterations do not depend on each
 * other but wait for one another, and `forEach` with an async callback
 * (which does not wait at all).
 */
import { forOfShape, forInShape, indexedShape, forEachShape } from './analysis/loop-shapes.js';
import { analyseIterations } from './analysis/loop-iterations.js';
import { isKnownArray, isKnownNonArray } from './analysis/loop-arrays.js';
import { getReferenceIndex } from './analysis/references.js';
import { createFileClassifier } from './analysis/file-classifier.js';
import { isInOrderedScope } from './analysis/ordered-scopes.js';
import { walk, isFunctionNode, propertyName } from './analysis/ast.js';
import { loopRewrites } from './fix/loop-to-map.js';
import { limitedHelperFinder } from './fix/limited-helper-finder.js';
import { addImports } from './fix/module-imports.js';
import { forEachRewrites } from './fix/loop-foreach.js';
import { docsUrl } from './analysis/docs-url.js';
import { fileMatches } from './analysis/file-globs.js';
import { isInOneOffCode, oneOffFileKind } from './analysis/one-off-code.js';
import { analysisOptionProperties, analysisOptionDefaults } from './analysis/analysis-options.js';

/** Loop statements whose iterations the rule may rewrite (while loops never qualify). */
const LOOP_TYPES = new Set(['ForOfStatement', 'ForInStatement', 'ForStatement']);

const DEFAULT_OPTIONS = { fix: false, maxConcurrency: 0, ...analysisOptionDefaults };

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'suggestion',
    docs: {
      description: 'Disallow loops whose independent iterations wait for one another, and async forEach callbacks',
      recommended: true,
      url: docsUrl('no-loop-waterfall'),
    },
    hasSuggestions: true,
    fixable: 'code',
    schema: [
      {
        type: 'object',
        properties: {
          fix: { type: 'boolean', description: 'Apply the rewrite as an autofix (for codemods); bounded when maxConcurrency is set.' },
          maxConcurrency: {
            type: 'integer',
            minimum: 0,
            description: 'When above 0, also offer a rewrite that runs at most this many iterations at a time (with p-map or p-limit when the project depends on one).',
          },
          ...analysisOptionProperties,
        },
        additionalProperties: false,
      },
    ],
    defaultOptions: [DEFAULT_OPTIONS],
    messages: {
      loopWaterfall: 'The iterations of this loop do not depend on each other but each waits for the previous one; run them together with Promise.all.',
      asyncForEach: 'forEach does not wait for async callbacks: the code after it runs before they finish and their errors go unhandled.',
      runTogether: 'Run the iterations together with Promise.all.',
      runBounded: 'Run the iterations together, at most {{max}} at a time.',
      runBoundedWith: 'Run the iterations with {{helper}}, at most {{max}} at a time.',
      awaitAll: 'Await all callbacks with Promise.all and map.',
    },
  },

  create(context) {
    const options = { ...DEFAULT_OPTIONS, ...context.options[0] };
    const maxConcurrency = options.maxConcurrency > 0 ? options.maxConcurrency : null;
    const sourceCode = context.sourceCode;
    const visitorKeys = sourceCode.visitorKeys;
    const isTypeScript = /\.[cm]?tsx?$/i.test(context.filename ?? '');
    const limitedHelperAt = limitedHelperFinder(context, { isTypeScript, maxConcurrency });
    /** @type {{ index: ReturnType<typeof getReferenceIndex>, classifier: ReturnType<typeof createFileClassifier> } | null} */
    let analysis = null;
    const getAnalysis = () => {
      if (analysis) return analysis;
      const index = getReferenceIndex(sourceCode);
      const classifier = createFileClassifier(sourceCode, context.filename, options, index);
      analysis = { index, classifier };
      return analysis;
    };
    /** Loops already reported: a loop inside one is part of its rewrite. */
    const reported = new Set();

    /** @param {any} identifier */
    const resolve = (identifier) => {
      const symbol = getAnalysis().index.symbolOf(identifier);
      return symbol && typeof symbol === 'object' && /** @type {any} */ (symbol).defs.length > 0 ? symbol : null;
    };

    /**
     * @param {any} node
     * @param {string} messageId
     * @param {{ unbounded: import('./fix/loop-to-map.js').TextEdit | null, bounded: import('./fix/loop-to-map.js').TextEdit | import('./fix/loop-to-map.js').LimitedEdit | null }} edits
     * @param {string} unboundedMessage
     * @param {boolean} autofixable
     */
    function report(node, messageId, edits, unboundedMessage, autofixable) {
      // Migrations, seeders, CLIs and start-up code run once: nobody parallelises them.
      if (!options.includeOneOffCode && isInOneOffCode(context, node)) return;
      /** @param {import('./fix/loop-to-map.js').TextEdit | import('./fix/loop-to-map.js').LimitedEdit} edit */
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
      const fix = options.fix && autofixable && preferred ? toFix(preferred) : null;
      context.report({
        node,
        loc: headLocation(node),
        messageId,
        ...(fix ? { fix } : {}),
        suggest,
      });
    }

    /**
     * From the loop keyword to the end of its head: the report does not paint the whole body.
     * @param {any} node
     */
    function headLocation(node) {
      const end = node.type === 'CallExpression' ? sourceCode.getTokenAfter(node.callee) : sourceCode.getTokenBefore(node.body);
      return { start: node.loc.start, end: (end ?? node).loc.end };
    }

    /** @param {any} node */
    function insideReportedLoop(node) {
      for (let current = node.parent; current; current = current.parent) {
        if (reported.has(current)) return true;
      }
      return false;
    }

    /** @param {import('./analysis/loop-shapes.js').LoopShape | null} shape */
    function checkLoop(shape) {
      if (!shape || !hasAwaitInBody(shape.body)) return;
      if (insideReportedLoop(shape.loop) || isInOrderedScope(shape.loop, visitorKeys)) return;
      const { index, classifier } = getAnalysis();
      const facts = analyseIterations(shape, { visitorKeys, index, classifier, declaredVariables: (node) => sourceCode.getDeclaredVariables(node) });
      if (facts === null) return;
      reported.add(shape.loop);
      const knownArray = shape.kind !== 'for-in' && isKnownArray(shape.source, resolve);
      const limited = limitedHelperAt(shape, resolve);
      const edits = loopRewrites(sourceCode, shape, facts, { knownArray, isTypeScript, maxConcurrency, limited });
      report(shape.loop, 'loopWaterfall', edits, 'runTogether', true);
    }

    /** @param {any} call */
    function checkForEach(call) {
      const shape = forEachShape(call);
      if (!shape || !hasAwaitInBody(shape.body)) return;
      if (isKnownNonArray(shape.source, resolve)) {
        report(call, 'asyncForEach', { unbounded: null, bounded: null }, 'awaitAll', false);
        return;
      }
      const knownArray = isKnownArray(shape.source, resolve);
      const edits = forEachRewrites(sourceCode, shape, { knownArray, maxConcurrency });
      // Unknown receivers may be a Map or a Set: offered to a reviewer, never applied unseen.
      report(call, 'asyncForEach', edits, 'awaitAll', knownArray);
    }

    /**
     * A cheap first look before any analysis: an await in the body (not in nested functions).
     * @param {any} body
     */
    function hasAwaitInBody(body) {
      let found = false;
      walk(body, visitorKeys, (node) => {
        if (found) return false;
        if (node !== body && isFunctionNode(node)) return false;
        if (node.type === 'AwaitExpression' || (node.type === 'ForOfStatement' && node.await)) found = true;
        return !found;
      });
      return found;
    }

    /** Loops and forEach calls with an await inside, found from the awaits themselves. */
    const candidates = new Set();

    /**
     * Marks every loop around an await up to its function, and the forEach
     * call whose callback that function is.
     * @param {any} node
     */
    function markEnclosing(node) {
      for (let current = node.parent; current; current = current.parent) {
        if (LOOP_TYPES.has(current.type)) {
          candidates.add(current);
        } else if (isFunctionNode(current)) {
          const call = current.parent;
          if (call?.type === 'CallExpression' && call.arguments[0] === current && call.callee.type === 'MemberExpression' && !call.callee.computed && propertyName(call.callee) === 'forEach') {
            candidates.add(call);
          }
          return;
        }
      }
    }

    // Only loops with awaits cost anything: listen to the awaits, then look at
    // their loops outermost first, as a traversal would meet them.
    return {
      AwaitExpression: markEnclosing,
      'ForOfStatement[await=true]': markEnclosing,
      'Program:exit'() {
        // Asked only here: most files have no loop with an await, and matching globs costs more than finding that out.
        if (candidates.size === 0 || fileMatches(context.filename, context.cwd, options.ignoreFiles)) return;
        // A migration, seeder or CLI file reports nothing by default: not worth analysing its loops.
        if (!options.includeOneOffCode && oneOffFileKind(sourceCode) !== null) return;
        for (const node of [...candidates].sort((a, b) => a.range[0] - b.range[0])) {
          if (node.type === 'ForOfStatement') checkLoop(forOfShape(node));
          else if (node.type === 'ForInStatement') checkLoop(forInShape(node));
          else if (node.type === 'ForStatement') checkLoop(indexedShape(node));
          else if (node.type === 'CallExpression') checkForEach(node);
        }
      },
    };
  },
};

export default rule;
