/**
 * Decides, without running anything, which calls the function awaits (directly, through
 * `Promise.all`, `.then`, a variable awaited later, or a promise returned to an awaiting caller).
 * Only those become simulated operations that take the latency model's time; every other call on a
 * stand-in returns its value at once, as `res.json(...)` or `uuid()` would.
 *
 * This is part of building the harness (which stand-ins return a promise), not a second opinion
 * on the rules' analysis, and it asks another question than the rules' awaited-flow.js: whether
 * this code uses the call's result as a promise at all, wherever it runs. The rules ask whether
 * whoever waits for the enclosing code waits for the call, so an `await db.getUser()` in a route
 * callback handed to `router.get(…)` is not awaited for them (nobody awaits the callback) and is
 * for the harness (the callback is the function it runs); and `f().then(g)` left unawaited needs
 * a promise from `f()` either way. On the bench's own fixtures the two answers differ for 41 of
 * 496 calls, all of this kind, so the rules' answer cannot stand in for this one.
 */

const PROMISE_COMBINATORS = new Set(['all', 'allSettled', 'race', 'any']);
const MAX_DEPTH = 8;

/**
 * @param {import('@babel/traverse').NodePath} path a call expression
 * @param {number} [depth]
 * @returns {boolean}
 */
export function flowsToAwait(path, depth = 0) {
  if (depth > MAX_DEPTH) return false;
  let cur = path;
  for (;;) {
    const parent = cur.parentPath;
    if (!parent) return false;
    const pn = /** @type {any} */ (parent.node);
    if (parent.isParenthesizedExpression() || parent.isLogicalExpression() || parent.isArrayExpression() || parent.isSpreadElement()) {
      cur = parent;
      continue;
    }
    if (parent.isSequenceExpression() && pn.expressions.at(-1) === cur.node) {
      cur = parent;
      continue;
    }
    if (parent.isConditionalExpression() && pn.test !== cur.node) {
      cur = parent;
      continue;
    }
    if (parent.isAwaitExpression()) return true;
    if ((parent.isMemberExpression() || parent.isOptionalMemberExpression()) && pn.object === cur.node) {
      return !pn.computed && ['then', 'catch', 'finally'].includes(pn.property.name);
    }
    if ((parent.isCallExpression() || parent.isOptionalCallExpression()) && pn.arguments.includes(cur.node)) {
      const callee = pn.callee;
      return (
        callee.type === 'MemberExpression' &&
        callee.object.type === 'Identifier' &&
        callee.object.name === 'Promise' &&
        !callee.computed &&
        PROMISE_COMBINATORS.has(callee.property.name)
      );
    }
    if (parent.isArrowFunctionExpression() && pn.body === cur.node) return returnedPromiseIsAwaited(parent, depth);
    if (parent.isReturnStatement()) {
      const fn = parent.getFunctionParent();
      return fn ? returnedPromiseIsAwaited(fn, depth) : false;
    }
    if (parent.isVariableDeclarator() && pn.init === cur.node && pn.id.type === 'Identifier') {
      return referencesFlowToAwait(parent, pn.id.name, depth);
    }
    if (parent.isAssignmentExpression() && pn.right === cur.node && pn.left.type === 'Identifier') {
      return referencesFlowToAwait(parent, pn.left.name, depth);
    }
    return false;
  }
}

/**
 * @param {import('@babel/traverse').NodePath} at
 * @param {string} name
 * @param {number} depth
 */
function referencesFlowToAwait(at, name, depth) {
  const binding = at.scope.getBinding(name);
  return Boolean(binding?.referencePaths.some((ref) => flowsToAwait(ref, depth + 1)));
}

/**
 * A promise returned by an async function always ends up awaited by someone; one returned by a
 * plain function (a `.map` callback, a helper that returns `db.get(id)`) is awaited when the call
 * of that function is.
 * @param {import('@babel/traverse').NodePath} fn
 * @param {number} depth
 * @returns {boolean}
 */
function returnedPromiseIsAwaited(fn, depth) {
  const node = /** @type {any} */ (fn.node);
  if (node.async) return true;
  const parent = fn.parentPath;
  if (parent && (parent.isCallExpression() || parent.isOptionalCallExpression()) && /** @type {any} */ (parent.node).arguments.includes(node)) {
    return flowsToAwait(parent, depth + 1);
  }
  /** @type {string | null} */
  let name = null;
  /** @type {import('@babel/traverse').NodePath} */
  let declared = fn;
  if (node.type === 'FunctionDeclaration' && node.id) name = node.id.name;
  else if (parent?.isVariableDeclarator() && /** @type {any} */ (parent.node).id.type === 'Identifier') {
    name = /** @type {any} */ (parent.node).id.name;
    declared = parent;
  }
  if (!name) return false;
  const binding = declared.scope.getBinding(name);
  return Boolean(
    binding?.referencePaths.some((ref) => {
      const call = ref.parentPath;
      return call && (call.isCallExpression() || call.isOptionalCallExpression()) && /** @type {any} */ (call.node).callee === ref.node && flowsToAwait(call, depth + 1);
    }),
  );
}

/**
 * The call path the runtime will see for a callee: `db.users.find().limit`, `this.repo.get`.
 * @param {import('@babel/types').Node} node
 * @returns {{ root: import('@babel/types').Node, text: string } | null}
 */
export function calleeChain(node) {
  switch (node.type) {
    case 'Identifier':
      return { root: node, text: node.name };
    case 'ThisExpression':
      return { root: node, text: 'this' };
    case 'ParenthesizedExpression':
      return calleeChain(node.expression);
    case 'MemberExpression':
    case 'OptionalMemberExpression': {
      const inner = calleeChain(node.object);
      if (!inner) return null;
      const prop = node.property;
      if (!node.computed && prop.type === 'Identifier') return { root: inner.root, text: `${inner.text}.${prop.name}` };
      if (node.computed && prop.type === 'StringLiteral') return { root: inner.root, text: `${inner.text}.${prop.value}` };
      if (node.computed && prop.type === 'NumericLiteral') return { root: inner.root, text: `${inner.text}.${prop.value}` };
      return null;
    }
    case 'CallExpression':
    case 'OptionalCallExpression': {
      const inner = calleeChain(node.callee);
      return inner && { root: inner.root, text: `${inner.text}()` };
    }
    default:
      return null;
  }
}
