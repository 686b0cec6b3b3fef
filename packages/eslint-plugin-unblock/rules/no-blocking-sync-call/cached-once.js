/**
 * A read done once and kept for the life of the process: the call's result
 * is stored in a module-level variable, and only while that variable is
 * still empty (`cache ??= readFileSync(…)`, `cache ?? (cache = readFileSync(…))`,
 * `if (!cache) cache = readFileSync(…)`). The first request pays once, like
 * start-up; every later one reads the variable.
 */

/** Expressions a value passes through on its way to the assignment (`JSON.parse(readFileSync(…))`). */
const PASS_THROUGH = new Set(['CallExpression', 'MemberExpression', 'ChainExpression', 'AwaitExpression', 'TSAsExpression', 'TSNonNullExpression', 'TSSatisfiesExpression', 'LogicalExpression', 'ConditionalExpression', 'TemplateLiteral', 'BinaryExpression', 'UnaryExpression', 'ObjectExpression', 'Property', 'ArrayExpression']);

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} node the blocking call
 */
export function isCachedForTheProcess(sourceCode, node) {
  let child = node;
  for (let current = node.parent; current; child = current, current = current.parent) {
    if (current.type === 'AssignmentExpression' && current.right === child) return storesOnce(sourceCode, current);
    if (current.type === 'ParenthesizedExpression' || PASS_THROUGH.has(current.type)) continue;
    return false;
  }
  return false;
}

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} assignment
 */
function storesOnce(sourceCode, assignment) {
  const target = assignment.left;
  if (target.type !== 'Identifier' || !isModuleVariable(sourceCode, target)) return false;
  if (assignment.operator === '??=' || assignment.operator === '||=') return true;
  if (assignment.operator !== '=') return false;
  const parent = skipParentheses(assignment);
  // cache ?? (cache = readFileSync(…))
  if (parent.type === 'LogicalExpression' && (parent.operator === '??' || parent.operator === '||') && isName(parent.left, target.name)) return true;
  // if (!cache) cache = readFileSync(…);  if (cache === undefined) { cache = …; }
  let statement = parent.type === 'ExpressionStatement' ? parent : null;
  if (statement?.parent?.type === 'BlockStatement') statement = statement.parent;
  const guard = statement?.parent;
  return guard?.type === 'IfStatement' && guard.consequent === statement && isEmptyTest(guard.test, target.name);
}

/** @param {any} node */
function skipParentheses(node) {
  let parent = node.parent;
  while (parent?.type === 'ParenthesizedExpression') parent = parent.parent;
  return parent;
}

/**
 * `!cache`, `cache == null`, `cache === undefined`, `typeof cache === 'undefined'`.
 * @param {any} test
 * @param {string} name
 */
function isEmptyTest(test, name) {
  if (test.type === 'UnaryExpression' && test.operator === '!') return isName(test.argument, name);
  if (test.type !== 'BinaryExpression' || !['==', '==='].includes(test.operator)) return false;
  const [named, other] = isName(test.left, name) || isTypeofName(test.left, name) ? [test.left, test.right] : [test.right, test.left];
  if (isTypeofName(named, name)) return other.type === 'Literal' && other.value === 'undefined';
  if (!isName(named, name)) return false;
  return (other.type === 'Literal' && other.value === null) || (other.type === 'Identifier' && other.name === 'undefined');
}

/**
 * @param {any} node
 * @param {string} name
 */
function isName(node, name) {
  return node?.type === 'Identifier' && node.name === name;
}

/**
 * @param {any} node
 * @param {string} name
 */
function isTypeofName(node, name) {
  return node?.type === 'UnaryExpression' && node.operator === 'typeof' && isName(node.argument, name);
}

/**
 * Whether an identifier names a variable declared at the module's top level (it lives as long as the process).
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} identifier
 */
function isModuleVariable(sourceCode, identifier) {
  let variable = null;
  for (let scope = sourceCode.getScope(identifier); scope && !variable; scope = scope.upper) variable = scope.set.get(identifier.name);
  // A module scope, or the function scope ESLint gives a CommonJS file: either way its block is the Program.
  return Boolean(variable && variable.defs.length > 0 && variable.scope.block.type === 'Program');
}
