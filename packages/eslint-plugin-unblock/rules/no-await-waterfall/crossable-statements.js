/**
 * Which plain statements an awaited operation may move above when a waterfall
 * group starts together: the statements between its members. A statement
 * that could observe or change the operation's timing is a wall.
 */
import { effectsOf } from '../effects/effects.js';
import { walk, isFunctionNode } from '../language/syntax/ast.js';

/** Statement types that never run anything where they stand. */
const INERT_STATEMENTS = new Set([
  'FunctionDeclaration', 'EmptyStatement', 'TSTypeAliasDeclaration', 'TSInterfaceDeclaration',
  'TSDeclareFunction', 'TSModuleDeclaration',
]);

/**
 * @typedef {object} CrossingContext
 * @property {any} visitorKeys
 * @property {ReturnType<typeof import('../effects/references.js').getReferenceIndex>} index
 * @property {ReturnType<typeof import('../code-kind/file-classifier.js').createFileClassifier>} classifier
 */

/**
 * Effects of a plain statement an awaited operation may move above, or
 * null when it is a wall: control flow, an await, an exit, a call whose
 * result is dropped, or a call that writes.
 * @param {any} statement
 * @param {CrossingContext} context
 */
export function crossableEffectsOf(statement, { visitorKeys, index, classifier }) {
  if (INERT_STATEMENTS.has(statement.type)) return effectsOf(statement, { visitorKeys, index });
  if (!isPlainStatement(statement)) return null;
  const effects = effectsOf(statement, { visitorKeys, index });
  if (!effects.suspends && !effects.exits && !callsWriteOrBarrier(statement, visitorKeys, classifier)) return effects;
  return null;
}

/**
 * A declaration or an assignment: other statements (control flow, calls
 * whose result is dropped, `using` with its disposal at block end) are walls.
 * @param {any} statement
 */
function isPlainStatement(statement) {
  if (statement.type === 'VariableDeclaration') return statement.kind !== 'using' && statement.kind !== 'await using';
  return statement.type === 'ExpressionStatement' && statement.expression.type === 'AssignmentExpression';
}

/**
 * A constructor call, or a call that writes or must stay in order, outside nested functions.
 * @param {any} statement
 * @param {any} visitorKeys
 * @param {CrossingContext['classifier']} classifier
 */
function callsWriteOrBarrier(statement, visitorKeys, classifier) {
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
