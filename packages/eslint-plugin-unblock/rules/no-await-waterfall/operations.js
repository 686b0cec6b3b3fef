/**
 * Recognises the statements that await one operation and keep its result:
 *   const/let/var <pattern> = await <call>;
 *   export const <pattern> = await <call>;
 *   <target> = await <call>;
 *   const/let/var <pattern> = (await <call>)?.a?.b;   (declarations only)
 * and describes them for grouping and rewriting.
 */
import { unwrap, walk, isFunctionNode } from '../language/syntax/ast.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 * @typedef {import('../language/syntax/ast.js').VisitorKeys} VisitorKeys
 * @typedef {import('../language/syntax/ast.js').MemberExpression} MemberExpression
 */

/**
 * @typedef {object} AwaitedOperation
 * @property {any} statement     the whole statement (the export, when exported)
 * @property {'declaration' | 'assignment'} form
 * @property {string | null} declarationKind  const/let/var
 * @property {boolean} exported
 * @property {any} target        declarator id or assignment left side
 * @property {any} awaitNode     the AwaitExpression
 * @property {any} operand       the awaited call, TypeScript wrappers removed
 * @property {boolean} wrapped   the await is not the whole value: it sits in `as`/`!`/`satisfies` (its result type would be lost) or in an optional chain
 * @property {boolean} chained   the await is the object of an optional member chain (`(await f())?.name`)
 * @property {boolean} resultUsed
 */

/**
 * Counts await/yield outside nested functions (the operand's own await included).
 * @param {any} node
 * @param {any} visitorKeys
 */
export function countSuspensions(node, visitorKeys) {
  let count = 0;
  walk(node, visitorKeys, (inner) => {
    if (inner !== node && isFunctionNode(inner)) return false;
    if (inner.type === 'AwaitExpression' || inner.type === 'YieldExpression') count++;
    if (inner.type === 'ForOfStatement' && inner.await) count++;
    return true;
  });
  return count;
}

/**
 * The await that a statement's value is, seen through TypeScript wrappers
 * and an optional member chain on the awaited value (`(await f())?.a?.b`).
 * A chain counts only when every access in it is optional and names a fixed
 * property: such a chain never throws, so evaluating it later (after a
 * Promise.all) cannot change which error surfaces. `(await f())?.a.b` throws
 * when `a` is missing, and a call in the chain runs code: neither counts.
 * @param {any} value
 * @returns {{ awaitNode: any, chained: boolean } | null}
 */
export function awaitInValue(value) {
  let node = unwrap(value);
  let chained = false;
  while (node?.type === 'MemberExpression' && node.optional && isFixedProperty(node)) {
    node = unwrap(node.object);
    chained = true;
  }
  return node?.type === 'AwaitExpression' ? { awaitNode: node, chained } : null;
}

/** @param {any} member */
function isFixedProperty(member) {
  return !member.computed || (member.property.type === 'Literal' && typeof member.property.value !== 'object');
}

/**
 * @param {any} statement
 * @param {import('eslint').SourceCode} sourceCode
 * @returns {AwaitedOperation | null}
 */
export function awaitedOperationOf(statement, sourceCode) {
  const exported = statement.type === 'ExportNamedDeclaration' && statement.declaration?.type === 'VariableDeclaration';
  const inner = exported ? statement.declaration : statement;
  /** @type {Omit<AwaitedOperation, 'operand' | 'wrapped' | 'chained' | 'awaitNode'> | null} */
  let shape = null;
  let value = null;

  if (inner.type === 'VariableDeclaration' && inner.declarations.length === 1 && ['const', 'let', 'var'].includes(inner.kind)) {
    const [declarator] = inner.declarations;
    if (!declarator.init) return null;
    value = declarator.init;
    const variables = sourceCode.getDeclaredVariables(declarator);
    // An exported binding is read by whoever imports it.
    const resultUsed = exported || variables.some((variable) => variable.references.some((reference) => reference.isRead()));
    shape = { statement, form: 'declaration', declarationKind: inner.kind, exported, target: declarator.id, resultUsed };
  } else if (
    inner.type === 'ExpressionStatement' &&
    inner.expression.type === 'AssignmentExpression' &&
    inner.expression.operator === '='
  ) {
    value = inner.expression.right;
    shape = { statement, form: 'assignment', declarationKind: null, exported: false, target: inner.expression.left, resultUsed: true };
  }
  if (!shape) return null;

  const found = awaitInValue(value);
  if (!found) return null;
  const { awaitNode, chained } = found;
  // Only a declaration has a statement of its own to keep the chain in (see report/typed-results.js).
  if (chained && (shape.form !== 'declaration' || exported)) return null;
  const operand = unwrap(awaitNode.argument);
  // Awaiting a promise that already runs (`await p`) or a plain value is not a waterfall.
  if (operand.type !== 'CallExpression') return null;
  // An operand with its own await would be moved along with it.
  if (countSuspensions(statement, sourceCode.visitorKeys) !== 1) return null;
  return { ...shape, awaitNode, operand, wrapped: awaitNode !== value, chained };
}
