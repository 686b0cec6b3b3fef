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
 * throw new NotFound('user');`), or null: the test calls nothing and awaits nothing, checks only data
 * the code after it uses, and the branch only leaves, with nothing computed on the way out. Starting a read before it runs that read also when
 * the guard leaves, so a group that crosses one is reported without a rewrite (see waterfall-reports.js).
 * @param {Node} statement
 * @param {CrossingContext} context
 */
export function guardEffectsOf(statement, { visitorKeys, index }) {
  if (statement.type !== 'IfStatement' || statement.alternate) return null;
  const exit = statement.consequent.type === 'BlockStatement' && statement.consequent.body.length === 1 ? statement.consequent.body[0] : statement.consequent;
  if (!leavesPlainly(exit) || !testsPresence(statement.test) || callsAnything(statement.test, visitorKeys)) return null;
  const effects = effectsOf(statement, { visitorKeys, index });
  if (effects.suspends || !checksDataUsedLater(statement, effects)) return null;
  return effects;
}

/**
 * The test asks only whether values are there (`!doc`, `!doc || !comment`, `user == null`), not what
 * they say (`!privilege.read`, `count > max`): a missing record, not a decision on its content.
 * @param {any} test
 * @returns {boolean}
 */
function testsPresence(test) {
  const node = test.type === 'ChainExpression' ? test.expression : test;
  if (node.type === 'Identifier') return true;
  if (node.type === 'UnaryExpression' && node.operator === '!') return node.argument.type === 'Identifier';
  if (node.type === 'LogicalExpression') return testsPresence(node.left) && testsPresence(node.right);
  if (node.type === 'BinaryExpression' && ['==', '===', '!=', '!=='].includes(node.operator)) {
    const nothing = (/** @type {any} */ side) => (side.type === 'Literal' && side.value === null) || (side.type === 'Identifier' && side.name === 'undefined');
    return (node.left.type === 'Identifier' && nothing(node.right)) || (node.right.type === 'Identifier' && nothing(node.left));
  }
  return false;
}

/**
 * The guard checks data the code after it goes on to use (`if (!doc) return;` … `doc.title`): a
 * missing record. A value read only to decide whether to go on (`const allowed = await can(uid);
 * if (!allowed) throw …`) is a gate: what follows is what the check allows, and starting it before
 * the check would do work, and read data, for callers the check turns away.
 * @param {any} statement the IfStatement
 * @param {import('../effects/effects.js').Effects} effects its effects
 */
function checksDataUsedLater(statement, effects) {
  const variables = [...effects.reads].filter((symbol) => typeof symbol === 'object' && symbol !== null && Array.isArray(/** @type {any} */ (symbol).references));
  if (variables.length === 0) return false;
  return variables.every((variable) =>
    /** @type {any} */ (variable).references.some((/** @type {any} */ reference) => reference.isRead() && reference.identifier.range[0] > statement.range[1]));
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
