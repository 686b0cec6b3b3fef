/**
 * Whether the promise a call makes is waited for by the code around it, in an oxc-parser tree whose
 * nodes carry `parent` links (linkParents): awaited directly, gathered into an awaited
 * `Promise.all`/`allSettled` (its list, or the callbacks it maps), kept in a name that is awaited
 * later, chained with `then`/`catch`/`finally` and awaited, or returned from a callback whose own
 * promise is waited for (an awaited helper such as `pMap` or `limit`). kept-awaits.js counts such
 * calls in the code before and after a rewrite.
 */
/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 * @typedef {import('../language/syntax/ast.js').CallNode} CallNode
 * @typedef {import('../language/syntax/ast.js').FunctionNode} FunctionNode
 */
/**
 * @template {string} T
 * @typedef {import('../language/syntax/ast.js').NodeOf<T>} NodeOf
 */

const WRAPPERS = new Set(['ChainExpression', 'TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression', 'TSTypeAssertion']);
const GATHERS = new Set(['all', 'allSettled']);
const PROMISE_METHODS = new Set(['then', 'catch', 'finally']);
const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/**
 * The call is the operand of an `await`, through what leaves its value as it is: `await f()!`,
 * `await (f() as P)`, `await a?.f()`.
 * @param {any} call
 */
export function isAwaitOperand(call) {
  let node = call;
  while (node.parent && WRAPPERS.has(node.parent.type)) node = node.parent;
  return node.parent?.type === 'AwaitExpression';
}

/**
 * Sets `parent` on every node under `node` and hands each to `visit`, without recursion (a long
 * function body is deep). A node's children are read through the parser's visitor keys (its
 * other properties are positions and flags): no list of property names is made per node.
 * @param {any} node
 * @param {any} parent
 * @param {(node: any) => void} visit
 * @param {Record<string, readonly string[]>} visitorKeys the parser's, by node type; a type missing there has its
 *   properties read one by one
 */
export function linkParents(node, parent, visit, visitorKeys) {
  node.parent = parent;
  const stack = [node];
  while (stack.length > 0) {
    const current = stack.pop();
    visit(current);
    for (const key of visitorKeys[current.type] ?? childKeysOf(current)) {
      const value = current[key];
      if (Array.isArray(value)) {
        for (const item of value) if (item && typeof item.type === 'string') push(stack, item, current);
      } else if (value && typeof value.type === 'string') {
        push(stack, value, current);
      }
    }
  }
}

/**
 * @param {any[]} stack
 * @param {any} child
 * @param {any} parent
 */
function push(stack, child, parent) {
  child.parent = parent;
  stack.push(child);
}

/**
 * The properties of a node of a type the visitor keys do not name, that may hold nodes.
 * @param {any} node
 */
function childKeysOf(node) {
  return Object.keys(node).filter((key) => key !== 'parent' && key !== 'loc' && key !== 'extra' && !key.endsWith('Comments'));
}

/**
 * @typedef {{ identifiers: any[], seen: Set<any> }} Flow
 */

/**
 * Whether the promise an expression makes is waited for by the code around it.
 * @param {any} node
 * @param {Flow} flow
 * @returns {boolean}
 */
export function isAwaited(node, flow) {
  if (flow.seen.has(node)) return false;
  flow.seen.add(node);
  try {
    let child = node;
    let parent = node.parent;
    while (parent && WRAPPERS.has(parent.type) && parent.expression === child) {
      child = parent;
      parent = parent.parent;
    }
    if (!parent) return false;
    switch (parent.type) {
      case 'AwaitExpression':
        return settles(enclosingFunction(parent), flow);
      case 'ArrayExpression':
        return gathered(parent, flow);
      case 'ArrowFunctionExpression':
        return parent.body === child && resultAwaited(parent, flow);
      case 'ReturnStatement': {
        const fn = enclosingFunction(parent);
        return fn === null || resultAwaited(fn, flow);
      }
      case 'VariableDeclarator':
        return parent.init === child && parent.id.type === 'Identifier' && laterAwaited(parent.id, flow);
      case 'MemberExpression':
        // `f().then(g)`, `f().catch(h)`: the chain's promise carries the call's.
        return parent.object === child && !parent.computed && PROMISE_METHODS.has(parent.property.name) &&
          parent.parent?.type === 'CallExpression' && parent.parent.callee === parent && isAwaited(parent.parent, flow);
      default:
        return false;
    }
  } finally {
    flow.seen.delete(node);
  }
}

/**
 * An await inside `fn` holds up whoever waits for `fn`: the code at the top
 * (no function), a declared function or method, or a callback whose result is itself awaited.
 * @param {any} fn
 * @param {Flow} flow
 */
function settles(fn, flow) {
  if (fn === null) return true;
  return callOf(fn) === null || resultAwaited(fn, flow);
}

/**
 * The call a function expression is handed to or called by (`(async () => f())()`), or null.
 * @param {any} fn
 */
function callOf(fn) {
  let child = fn;
  let parent = fn.parent;
  while (parent && WRAPPERS.has(parent.type) && parent.expression === child) {
    child = parent;
    parent = parent.parent;
  }
  if (parent?.type !== 'CallExpression') return null;
  if (parent.callee === child) return { call: parent, invoked: true };
  return parent.arguments.includes(child) ? { call: parent, invoked: false } : null;
}

/**
 * The promise a callback returns is waited for: it is mapped into an awaited
 * `Promise.all` (`.map(fn)`, `Array.from(xs, fn)`), handed to a helper
 * whose own promise is awaited (`pMap(xs, fn)`, `limit(fn)`, `retry(fn)`),
 * or the function is called on the spot and that call awaited.
 * @param {any} fn
 * @param {Flow} flow
 */
function resultAwaited(fn, flow) {
  const found = callOf(fn);
  if (!found) return false;
  const { call, invoked } = found;
  // An async function called on the spot: its promise is the call's.
  if (invoked) return isAwaited(call, flow);
  const callee = call.callee;
  const method = callee.type === 'MemberExpression' && !callee.computed ? callee.property.name : null;
  const isArrayFrom = method === 'from' && callee.object.type === 'Identifier' && callee.object.name === 'Array';
  if (method === 'map' || isArrayFrom) return gathered(call, flow);
  return isAwaited(call, flow);
}

/**
 * A list of promises that reaches an awaited `Promise.all`/`allSettled`.
 * @param {any} list
 * @param {Flow} flow
 */
function gathered(list, flow) {
  let child = list;
  let parent = list.parent;
  while (parent && WRAPPERS.has(parent.type) && parent.expression === child) {
    child = parent;
    parent = parent.parent;
  }
  return isGatherOf(parent, child) && isAwaited(parent, flow);
}

/**
 * `Promise.all(list)` / `Promise.allSettled(list)` with `list` as its argument.
 * @param {any} call
 * @param {any} list
 */
function isGatherOf(call, list) {
  if (call?.type !== 'CallExpression' || call.arguments[0] !== list) return false;
  const callee = call.callee;
  return callee.type === 'MemberExpression' && !callee.computed && GATHERS.has(callee.property.name) && callee.object.type === 'Identifier' && callee.object.name === 'Promise';
}

/**
 * `const p = f(); … await p`: some later use of the name is awaited.
 * @param {any} id
 * @param {Flow} flow
 */
function laterAwaited(id, flow) {
  return flow.identifiers.some((other) => other !== id && other.name === id.name && other.start > id.end && isValueUse(other) && isAwaited(other, flow));
}

/** @param {NodeOf<'Identifier'>} identifier */
function isValueUse(identifier) {
  const parent = identifier.parent;
  if (parent?.type === 'MemberExpression' && parent.property === identifier && !parent.computed) return false;
  return !((parent?.type === 'Property' || parent?.type === 'PropertyDefinition') && parent.key === identifier && !parent.computed);
}

/** @param {any} node */
function enclosingFunction(node) {
  for (let current = node.parent; current; current = current.parent) {
    if (FUNCTIONS.has(current.type)) return current.isRegionRoot ? null : current;
  }
  return null;
}
