/**
 * A read done once and kept for the life of the process: the call's result
 * is stored in a module-level variable, and only while that variable is
 * still empty (`cache ??= readFileSync(…)`, `cache ?? (cache = readFileSync(…))`,
 * `if (!cache) cache = readFileSync(…)`). The first request pays once, like
 * start-up; every later one reads the variable.
 *
 * Or once per key: the result is what a lookup in a module-level map falls
 * back to (`templates.get(path) || compile(readFileSync(path))`,
 * `cache[path] ?? render(readFileSync(path))`), and the function stores it
 * under that key. Each template, file or secret is read once per process.
 */
/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 */
/**
 * @template {string} T
 * @typedef {import('../language/syntax/ast.js').NodeOf<T>} NodeOf
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
    if (current.type === 'LogicalExpression' && current.right === child && current.operator !== '&&' && fallsBackFromKeyedCache(sourceCode, current.left)) return true;
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

/**
 * The left side of `a || b` looks a key up in a module-level map (`cache && map.get(key)`,
 * `map[key]`), and the function around it stores under the same key (`map.set(key, …)`,
 * `map[key] = …`).
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} left
 */
function fallsBackFromKeyedCache(sourceCode, left) {
  const lookup = left.type === 'LogicalExpression' && left.operator === '&&' ? left.right : left;
  const keyed = keyedAccess(lookup);
  if (!keyed || !isModuleVariable(sourceCode, keyed.map)) return false;
  const key = sourceCode.getText(keyed.key);
  let scope = lookup;
  while (scope.parent && !/Function/.test(scope.type)) scope = scope.parent;
  let stored = false;
  const visit = (/** @type {any} */ node) => {
    if (stored || !node || typeof node.type !== 'string') return;
    const store = node.type === 'CallExpression' ? keyedAccess(node, 'set') : node.type === 'AssignmentExpression' ? keyedAccess(node.left) : null;
    if (store && store.map.name === keyed.map.name && sourceCode.getText(store.key) === key) stored = true;
    for (const childKey of sourceCode.visitorKeys[node.type] ?? []) {
      const child = node[childKey];
      if (Array.isArray(child)) child.forEach(visit);
      else visit(child);
    }
  };
  visit(scope.body ?? scope);
  return stored;
}

/**
 * `map.get(key)` (or `map.set(key, …)` with method 'set'), or `map[key]`, on a plain name.
 * @param {any} node
 * @param {string} [method]
 * @returns {{ map: any, key: any } | null}
 */
function keyedAccess(node, method = 'get') {
  if (node?.type === 'CallExpression' && node.callee.type === 'MemberExpression' && !node.callee.computed && node.callee.property.name === method && node.callee.object.type === 'Identifier' && node.arguments[0]) {
    return { map: node.callee.object, key: node.arguments[0] };
  }
  if (method === 'get' && node?.type === 'MemberExpression' && node.computed && node.object.type === 'Identifier') return { map: node.object, key: node.property };
  return null;
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
 * @param {Node} node
 * @param {string} name
 */
function isName(node, name) {
  return node?.type === 'Identifier' && node.name === name;
}

/**
 * @param {Node} node
 * @param {string} name
 */
function isTypeofName(node, name) {
  return node?.type === 'UnaryExpression' && node.operator === 'typeof' && isName(node.argument, name);
}

/**
 * Whether an identifier names a variable declared at the module's top level (it lives as long as the process).
 * @param {import('eslint').SourceCode} sourceCode
 * @param {NodeOf<'Identifier'>} identifier
 */
function isModuleVariable(sourceCode, identifier) {
  let variable = null;
  for (let scope = /** @type {import('eslint').Scope.Scope | null} */ (sourceCode.getScope(identifier)); scope && !variable; scope = scope.upper) variable = scope.set.get(identifier.name);
  // A module scope, or the function scope ESLint gives a CommonJS file: either way its block is the Program.
  return Boolean(variable && variable.defs.length > 0 && variable.scope.block.type === 'Program');
}
