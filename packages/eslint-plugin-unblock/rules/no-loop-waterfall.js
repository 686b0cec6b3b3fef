/**
 * unblock/no-loop-waterfall: loops whose iterations do not depend on each
 * other but wait for one another, and `forEach` with an async callback
 * (which does not wait at all).
 */
import { forEachShape } from './no-loop-waterfall/loop-shapes.js';
import { analyseIterations } from './no-loop-waterfall/loop-iterations.js';
import { isKnownArray, isKnownNonArray } from './no-loop-waterfall/loop-arrays.js';
import { getReferenceIndex } from './effects/references.js';
import { createFileClassifier } from './code-kind/file-classifier.js';
import { isInOrderedScope } from './effects/ordered-scopes.js';
import { markAwaitingLoops, hasAwaitInBody, isInsideAny, loopShapeOf } from './no-loop-waterfall/loop-candidates.js';
import { loopRewrites } from './no-loop-waterfall/report/loop-to-map.js';
import { limitedHelperFinder } from './no-loop-waterfall/report/limited-helper-finder.js';
import { loopReport } from './no-loop-waterfall/report/loop-reports.js';
import { forEachRewrites } from './no-loop-waterfall/report/loop-foreach.js';
import { firesAndForgetsOnPurpose } from './no-loop-waterfall/loop-fire-and-forget.js';
import { inDynamicScope } from './rewrite/dynamic-scope.js';
import { knownRouteAt } from './code-kind/known-route.js';
import { lintedTreeOf } from './project/callers/reachability.js';
import { routeNote } from './rule-shell/route-note.js';
import { proofEntryOf } from './rule-shell/proof-entry.js';
import { shorten } from './rule-shell/proofs.js';
import { effectText } from './effects/effect-text.js';
import { unwrap } from './language/syntax/ast.js';
import { createRule } from './rule-shell/create-rule.js';
import { analysisOptionProperties, analysisOptionDefaults } from './rule-shell/analysis-options.js';

/**
 * @typedef {import('./language/syntax/ast.js').Node} Node
 * @typedef {import('./language/syntax/ast.js').CallNode} CallNode
 */
/**
 * @template {string} T
 * @typedef {import('./language/syntax/ast.js').NodeOf<T>} NodeOf
 */

const DEFAULT_OPTIONS = { fix: false, maxConcurrency: 0, includeWrites: false, ...analysisOptionDefaults };

export default createRule({
  id: 'no-loop-waterfall',
  defaultOptions: DEFAULT_OPTIONS,
  // Every report is about a loop or callback that awaits, and `await` cannot be spelled with escapes.
  appliesTo: (text) => text.includes('await'),
  meta: {
    type: 'suggestion',
    docs: {
      description: 'Disallow loops whose independent iterations wait for one another, and async forEach callbacks',
      recommended: true,
      summary: 'Loop iterations could run together',
    },
    // What unblock-bench predicts and measures for a report (core/rule-shell/bench-facts.js):
    // iterations started together shorten the waits one after another; observe times the awaits
    // inside the loop the report starts.
    bench: { ideal: 'waits', observe: 'loop' },
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
          includeWrites: {
            type: 'boolean',
            description: 'Also report loops whose iterations write. Off by default: run together, every write has started before the first failure is seen, and a write loop on a serving path is rarely worth it.',
          },
          ...analysisOptionProperties,
        },
        additionalProperties: false,
      },
    ],
    messages: {
      loopWaterfall: 'The iterations of this loop do not depend on each other but each waits for the previous one{{route}}; run them together with Promise.all{{observed}}.',
      asyncForEach: 'forEach does not wait for async callbacks: the code after it runs before they finish and their errors go unhandled{{route}}.',
      runTogether: 'Run the iterations together with Promise.all.',
      runBounded: 'Run the iterations together, at most {{max}} at a time.',
      runBoundedWith: 'Run the iterations with {{helper}}, at most {{max}} at a time.',
      awaitAll: 'Await all callbacks with Promise.all and map.',
    },
  },

  create(context, options, gates) {
    const maxConcurrency = options.maxConcurrency > 0 ? options.maxConcurrency : null;
    const sourceCode = context.sourceCode;
    const visitorKeys = sourceCode.visitorKeys;
    const isTypeScript = /\.[cm]?tsx?$/i.test(context.filename ?? '');
    const limitedHelperAt = limitedHelperFinder(context, { isTypeScript, maxConcurrency });
    /** @type {FileAnalysis | null} */
    let analysis = null;
    const getAnalysis = () => (analysis ??= fileAnalysis(sourceCode, context.filename, options));
    /** Loops already reported: a loop inside one is part of its rewrite. */
    const reported = new Set();

    /** @param {NodeOf<'Identifier'>} identifier */
    const resolve = (identifier) => declaredSymbol(getAnalysis().index, identifier);

    /**
     * @param {Node} node
     * @param {string} messageId
     * @param {import('./no-loop-waterfall/report/loop-reports.js').LoopEdits} edits
     * @param {string} unboundedMessage
     * @param {boolean} autofixable
     * @param {Pick<import('./rule-shell/proofs.js').Proof, 'operations' | 'why'>} found what the loop does and why its iterations may overlap
     */
    function report(node, messageId, edits, unboundedMessage, autofixable, found) {
      // Migrations, seeders, CLIs and start-up code run once: nobody parallelises them.
      if (gates.oneOffAt(node)) return;
      // A report names where its loop runs: a function nothing is known to call has no entry to name.
      if (gates.noEntryAt(node)) return;
      // One transaction's queries wait their turn on its connection: overlapping them gains nothing.
      if (gates.oneTransactionAt(node)) return;
      // eval or with can read and write any binding: independence cannot be shown.
      if (inDynamicScope(sourceCode, node)) return;
      // Asked now that the report is made: the route the start-up gate above already found, if any.
      const route = routeNote(knownRouteAt(context.filename, node, lintedTreeOf(sourceCode)), context.cwd);
      const proof = { ...proofEntryOf(context.filename, node, lintedTreeOf(sourceCode), context.cwd), ...found };
      context.report({ ...loopReport(sourceCode, node, messageId, edits, { unboundedMessage, autofix: options.fix && autofixable, maxConcurrency, typescript: isTypeScript, route }), proof });
    }

    /** @param {import('./no-loop-waterfall/loop-shapes.js').LoopShape | null} shape */
    function checkLoop(shape) {
      if (!shape || !hasAwaitInBody(shape.body, visitorKeys)) return;
      if (isInsideAny(shape.loop, reported) || isInOrderedScope(shape.loop, visitorKeys)) return;
      const { index, classifier } = getAnalysis();
      const facts = analyseIterations(shape, { visitorKeys, index, classifier, declaredVariables: (node) => sourceCode.getDeclaredVariables(node), reportsWrites: options.includeWrites });
      if (facts === null) return;
      reported.add(shape.loop);
      const knownArray = shape.kind !== 'for-in' && isKnownArray(shape.source, resolve);
      const limited = limitedHelperAt(shape, resolve);
      const edits = loopRewrites(sourceCode, shape, facts, { knownArray, isTypeScript, maxConcurrency, limited });
      report(shape.loop, 'loopWaterfall', edits, 'runTogether', true, {
        operations: facts.awaits.map((awaitNode) => awaitedOperation(sourceCode, classifier, awaitNode)),
        why: options.includeWrites
          ? 'each iteration depends only on its own element: it writes no state another iteration reads, its output does not depend on the order iterations finish in, and each awaited call reads or writes only its own element\'s record'
          : 'each iteration depends only on its own element: it writes no state another iteration reads, its output does not depend on the order iterations finish in, and each awaited call only reads',
      });
    }

    /** @param {any} call */
    function checkForEach(call) {
      const shape = forEachShape(call);
      if (!shape || !hasAwaitInBody(shape.body, visitorKeys)) return;
      // Deliberate fan-out: awaiting it would change delivery, not repair it.
      if (firesAndForgetsOnPurpose(shape, visitorKeys)) return;
      const { edits, autofixable } = forEachOffer(sourceCode, shape, resolve, maxConcurrency);
      report(call, 'asyncForEach', edits, 'awaitAll', autofixable, {
        operations: [{ code: sourceCode.getText(call.callee), effect: 'starts one async callback per element and waits for none' }],
        why: 'forEach ignores the promises its callback returns: the code after it runs before they finish, and their rejections go unhandled',
      });
    }

    /** Loops and forEach calls with an await inside, found from the awaits themselves. */
    const candidates = new Set();
    /** @param {any} node */
    const markEnclosing = (node) => markAwaitingLoops(node, candidates);

    // Only loops with awaits cost anything: listen to the awaits, then look at
    // their loops outermost first, as a traversal would meet them.
    return {
      AwaitExpression: markEnclosing,
      'ForOfStatement[await=true]': markEnclosing,
      'Program:exit'() {
        // Asked only here: most files have no loop with an await, and matching globs costs more than finding that out.
        if (candidates.size === 0 || gates.ignoredFile()) return;
        // A migration, seeder or CLI file reports nothing by default: not worth analysing its loops.
        if (gates.oneOffFile()) return;
        for (const node of [...candidates].sort((a, b) => a.range[0] - b.range[0])) {
          if (node.type === 'CallExpression') checkForEach(node);
          else checkLoop(loopShapeOf(node));
        }
      },
    };
  },
});

/**
 * @typedef {{ index: ReturnType<typeof getReferenceIndex>, classifier: ReturnType<typeof createFileClassifier> }} FileAnalysis
 */

/**
 * One awaited operation of a loop, for the proof: the call and what it does.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {FileAnalysis['classifier']} classifier
 * @param {any} awaitNode an AwaitExpression, or a `for await` loop
 * @returns {import('./rule-shell/proofs.js').ProofOperation}
 */
function awaitedOperation(sourceCode, classifier, awaitNode) {
  if (awaitNode.type !== 'AwaitExpression') return { code: `for await (… of ${sourceCode.getText(awaitNode.right)})`, effect: 'reads the next value of an async iterable' };
  const operand = unwrap(awaitNode.argument);
  const effect = operand?.type === 'CallExpression' ? effectText(classifier.classifyOperation(operand)) : 'a value the iteration computed';
  return { code: shorten(sourceCode.getText(awaitNode.argument)), effect };
}

/**
 * The reference index and call classifier of a file, built only once a loop
 * with an await is worth a look.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {string} filename
 * @param {import('./effects/call-classification.js').ClassifierOptions} options
 * @returns {FileAnalysis}
 */
function fileAnalysis(sourceCode, filename, options) {
  const index = getReferenceIndex(sourceCode);
  const classifier = createFileClassifier(sourceCode, filename, options, index);
  return { index, classifier };
}

/**
 * The symbol an identifier names when the file declares it (not an implicit global), or null.
 * @param {FileAnalysis['index']} index
 * @param {NodeOf<'Identifier'>} identifier
 */
function declaredSymbol(index, identifier) {
  const symbol = index.symbolOf(identifier);
  return symbol && typeof symbol === 'object' && /** @type {any} */ (symbol).defs.length > 0 ? symbol : null;
}

/**
 * What an async forEach is offered: nothing to apply when its receiver is
 * known not to be an array (a Map, a Set), else the rewrites to Promise.all.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {import('./no-loop-waterfall/loop-shapes.js').LoopShape} shape a forEach shape
 * @param {(identifier: any) => any} resolve
 * @param {number | null} maxConcurrency
 * @returns {{ edits: import('./no-loop-waterfall/report/loop-reports.js').LoopEdits, autofixable: boolean }}
 */
function forEachOffer(sourceCode, shape, resolve, maxConcurrency) {
  if (isKnownNonArray(shape.source, resolve)) return { edits: { unbounded: null, bounded: null }, autofixable: false };
  const knownArray = isKnownArray(shape.source, resolve);
  // Unknown receivers may be a Map or a Set: offered to a reviewer, never applied unseen.
  return { edits: forEachRewrites(sourceCode, shape, { knownArray, maxConcurrency }), autofixable: knownArray };
}
