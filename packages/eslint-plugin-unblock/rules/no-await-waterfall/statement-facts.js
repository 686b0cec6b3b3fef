/**
 * Per-file facts about statements for the waterfall analysis, computed on
 * demand and cached: the awaited operation a statement is (if any), and the
 * effects of plain statements an operation may move across.
 */
import { awaitedOperationOf } from './operations.js';
import { effectsOf } from '../effects/effects.js';
import { getReferenceIndex } from '../effects/references.js';
import { createFileClassifier } from '../code-kind/file-classifier.js';
import { unwrap } from '../language/syntax/ast.js';
import { crossableEffectsOf, guardEffectsOf } from './crossable-statements.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 */
/**
 * @template {string} T
 * @typedef {import('../language/syntax/ast.js').NodeOf<T>} NodeOf
 */

/**
 * @typedef {import('./crossable-statements.js').CrossingContext & { sourceCode: import('eslint').SourceCode }} FactsContext
 */

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {string} filename
 * @param {import('../effects/call-classification.js').ClassifierOptions} options
 */
export function createStatementFacts(sourceCode, filename, options) {
  const index = getReferenceIndex(sourceCode);
  const classifier = createFileClassifier(sourceCode, filename, options, index, { nounGetters: true });
  /** @type {FactsContext} */
  const context = { sourceCode, visitorKeys: sourceCode.visitorKeys, index, classifier };
  // The grouping asks about the same statements again and again as its window slides.
  return {
    candidateOf: cachedPerNode((/** @type {any} */ statement) => candidateOf(statement, context)),
    crossableEffects: cachedPerNode((/** @type {any} */ statement) => crossableEffectsOf(statement, context)),
    guardEffects: cachedPerNode((/** @type {any} */ statement) => guardEffectsOf(statement, context)),
    expressionOperation: cachedPerNode((/** @type {any} */ awaitNode) => expressionOperation(awaitNode, context)),
    classifier,
    index,
  };
}

/**
 * @param {(node: any) => any} compute
 * @returns {(node: any) => any} `compute`, run once per node (a null answer is kept too)
 */
function cachedPerNode(compute) {
  /** @type {Map<any, any>} */
  const answers = new Map();
  return (node) => {
    if (answers.has(node)) return answers.get(node);
    const answer = compute(node);
    answers.set(node, answer);
    return answer;
  };
}

/**
 * An awaited operation whose result is kept: it may join a group.
 * @param {Node} statement
 * @param {FactsContext} context
 */
function candidateOf(statement, { sourceCode, visitorKeys, index, classifier }) {
  const operation = awaitedOperationOf(statement, sourceCode);
  // An awaited call whose result is dropped is a guard or a step: a barrier.
  if (!operation || !operation.resultUsed) return null;
  return {
    ...operation,
    effects: effectsOf(statement, { visitorKeys, index }),
    cls: classifier.classifyOperation(operation.operand),
  };
}

/**
 * Facts for one awaited call inside a larger expression (an array
 * element, an argument, a property value).
 * @param {NodeOf<'AwaitExpression'>} awaitNode
 * @param {FactsContext} context
 */
function expressionOperation(awaitNode, { visitorKeys, index, classifier }) {
  return {
    effects: effectsOf(awaitNode, { visitorKeys, index }),
    cls: classifier.classifyOperation(unwrap(awaitNode.argument)),
  };
}
