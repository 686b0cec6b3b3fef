/**
 * Per-file facts about statements for the waterfall analysis, computed on
 * demand and cached: the awaited operation a statement is (if any), and the
 * effects of plain statements an operation may move across.
 */
import { awaitedOperationOf } from './operations.js';
import { effectsOf } from './effects.js';
import { getReferenceIndex } from './references.js';
import { createFileClassifier } from './file-classifier.js';
import { walk, isFunctionNode, unwrap } from './ast.js';

/** Statement types that never run anything where they stand. */
const INERT_STATEMENTS = new Set([
  'FunctionDeclaration', 'EmptyStatement', 'TSTypeAliasDeclaration', 'TSInterfaceDeclaration',
  'TSDeclareFunction', 'TSModuleDeclaration',
]);

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {string} filename
 * @param {import('./call-classification.js').ClassifierOptions} options
 */
export function createStatementFacts(sourceCode, filename, options) {
  const index = getReferenceIndex(sourceCode);
  const visitorKeys = sourceCode.visitorKeys;
  const classifier = createFileClassifier(sourceCode, filename, options, index, { nounGetters: true });
  /** @type {Map<any, any>} */
  const candidates = new Map();
  /** @type {Map<any, any>} */
  const crossable = new Map();

  /**
   * An awaited operation whose result is kept: it may join a group.
   * @param {any} statement
   */
  function candidateOf(statement) {
    if (candidates.has(statement)) return candidates.get(statement);
    let candidate = null;
    const operation = awaitedOperationOf(statement, sourceCode);
    // An awaited call whose result is dropped is a guard or a step: a barrier.
    if (operation && operation.resultUsed) {
      candidate = {
        ...operation,
        effects: effectsOf(statement, { visitorKeys, index }),
        cls: classifier.classifyOperation(operation.operand),
      };
    }
    candidates.set(statement, candidate);
    return candidate;
  }

  /**
   * Effects of a plain statement an awaited operation may move above, or
   * null when it is a wall: control flow, an await, an exit, a call whose
   * result is dropped, or a call that writes.
   * @param {any} statement
   */
  function crossableEffects(statement) {
    if (crossable.has(statement)) return crossable.get(statement);
    let result = null;
    if (INERT_STATEMENTS.has(statement.type)) {
      result = effectsOf(statement, { visitorKeys, index });
    } else if (isPlainStatement(statement)) {
      const effects = effectsOf(statement, { visitorKeys, index });
      if (!effects.suspends && !effects.exits && !callsWriteOrBarrier(statement)) result = effects;
    }
    crossable.set(statement, result);
    return result;
  }

  /** @param {any} statement */
  function isPlainStatement(statement) {
    if (statement.type === 'VariableDeclaration') return statement.kind !== 'using' && statement.kind !== 'await using';
    return statement.type === 'ExpressionStatement' && statement.expression.type === 'AssignmentExpression';
  }

  /** @param {any} statement */
  function callsWriteOrBarrier(statement) {
    let found = false;
    walk(statement, visitorKeys, (node) => {
      if (isFunctionNode(node)) return false;
      if (node.type === 'NewExpression') found = true;
      if (node.type === 'CallExpression') {
        const cls = classifier.classifyCall(node);
        if (cls.kind === 'write' || cls.barrier) found = true;
      }
      return !found;
    });
    return found;
  }

  /** @type {Map<any, any>} */
  const expressionOperations = new Map();

  /**
   * Facts for one awaited call inside a larger expression (an array
   * element, an argument, a property value).
   * @param {any} awaitNode
   */
  function expressionOperation(awaitNode) {
    let operation = expressionOperations.get(awaitNode);
    if (!operation) {
      operation = {
        effects: effectsOf(awaitNode, { visitorKeys, index }),
        cls: classifier.classifyOperation(unwrap(awaitNode.argument)),
      };
      expressionOperations.set(awaitNode, operation);
    }
    return operation;
  }

  return { candidateOf, crossableEffects, expressionOperation, classifier, index };
}
