/**
 * Which plain statements an awaited operation may move above when a waterfall
 * group starts together: the statements between its members. A statement
 * that could observe or change the operation's timing is a wall.
 */
import { effectsOf } from '../effects/effects.js';
import { walk, isFunctionNode } from '../language/syntax/ast.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 * @typedef {import('../language/syntax/ast.js').VisitorKeys} VisitorKeys
 */

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
 * @param {Node} statement
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
 * @param {Node} statement
 */
function isPlainStatement(statement) {
  if (statement.type === 'VariableDeclaration') return statement.kind !== 'using' && statement.kind !== 'await using';
  return statement.type === 'ExpressionStatement' && statement.expression.type === 'AssignmentExpression';
}

/**
 * A constructor call, or a call that writes or must stay in order, outside nested functions.
 * @param {Node} statement
 * @param {VisitorKeys} visitorKeys
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

/**
 * Effects of an early-exit guard an awaited read may start before (`if (!doc) return;`, `if (!user)
 * throw new NotFound('user');`), or null: the test calls nothing and awaits nothing, and the branch
 * only leaves, with nothing computed on the way out. Starting a read before it runs that read also when
 * the guard leaves, so a group that crosses one is reported without a rewrite (see waterfall-reports.js).
 * @param {Node} statement
 * @param {CrossingContext} context
 */
export function guardEffectsOf(statement, { visitorKeys, index }) {
  if (statement.type !== 'IfStatement' || statement.alternate) return null;
  const exit = statement.consequent.type === 'BlockStatement' && statement.consequent.body.length === 1 ? statement.consequent.body[0] : statement.consequent;
  if (!leavesPlainly(exit) || callsAnything(statement.test, visitorKeys)) return null;
  const effects = effectsOf(statement, { visitorKeys, index });
  return effects.suspends ? null : effects;
}

/**
 * `return;`, `return value;`, `throw new Error('…')`: leaving, with no call but the error's constructor.
 * @param {any} exit
 */
function leavesPlainly(exit) {
  if (exit.type === 'ReturnStatement') return !exit.argument || ['Identifier', 'Literal', 'MemberExpression'].includes(exit.argument.type);
  if (exit.type !== 'ThrowStatement' || exit.argument.type !== 'NewExpression' || exit.argument.callee.type !== 'Identifier') return false;
  return exit.argument.arguments.every((/** @type {any} */ argument) => ['Identifier', 'Literal', 'TemplateLiteral', 'MemberExpression'].includes(argument.type));
}

/**
 * @param {Node} node
 * @param {VisitorKeys} visitorKeys
 */
function callsAnything(node, visitorKeys) {
  let found = false;
  walk(node, visitorKeys, (inner) => {
    if (['CallExpression', 'NewExpression', 'AwaitExpression', 'AssignmentExpression', 'UpdateExpression', 'TaggedTemplateExpression'].includes(inner.type)) found = true;
    return !found;
  });
  return found;
}
