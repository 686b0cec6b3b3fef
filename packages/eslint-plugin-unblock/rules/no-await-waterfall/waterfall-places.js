/**
 * Where the waterfall rule finds awaits: the statement list in which an await
 * is a statement's whole value, the statement list around a try whose block
 * awaits, and the array, call or object literal of which it is directly a slot. Found from the awaits themselves, so code
 * without awaits costs nothing.
 */
import { awaitInValue } from './operations.js';
import { hasTwoAwaitedSlots } from './slot-runs.js';
import { mayHoldSettledGroup } from './settled-shape.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 */
/**
 * @template {string} T
 * @typedef {import('../language/syntax/ast.js').NodeOf<T>} NodeOf
 */

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
export function statementListOf(awaitNode) {
  let current = awaitNode;
  while (current.parent && (VALUE_WRAPPERS.has(current.parent.type) || isChainOn(current))) current = current.parent;
  return current.parent && STATEMENT_LIST_OWNERS.has(current.parent.type) ? current.parent : null;
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
export function slotContainerOf(awaitNode) {
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

/**
 * The statement list around a try statement, given the try's own block (the
 * list an await in it was found in), or null when the block is no try's.
 * @param {any} block
 */
export function tryStatementListOf(block) {
  const tryStatement = block.parent;
  if (block.type !== 'BlockStatement' || tryStatement?.type !== 'TryStatement' || tryStatement.block !== block) return null;
  const owner = tryStatement.parent;
  return owner && STATEMENT_LIST_OWNERS.has(owner.type) ? owner : null;
}

/**
 * The statements of a statement-list owner (a block, a program, a switch case).
 * @param {any} owner
 * @returns {any[]}
 */
export function statementsOf(owner) {
  return owner.type === 'SwitchCase' ? owner.consequent : owner.body;
}

/**
 * Of the places a file's awaits were found in, those the syntax alone says may hold a group, before
 * any facts are built: statement lists with two awaited statements or more, expressions with two
 * awaited slots, and lists with two tries that each await side by side (most tries around an await
 * stand alone). In the order found.
 * @param {{ statementLists: Set<any>, slotContainers: Set<any>, tryStatementLists: Set<any> }} found
 */
export function placesWorthAnalysing({ statementLists, slotContainers, tryStatementLists }) {
  return {
    lists: [...statementLists].map(statementsOf).filter((statements) => countAwaitedStatements(statements) >= 2),
    slotLists: [...slotContainers].map((container) => ({ container, slots: slotsOf(container) })).filter(({ slots }) => hasTwoAwaitedSlots(slots)),
    tryLists: [...tryStatementLists].map(statementsOf).filter(mayHoldSettledGroup),
  };
}
