/**
 * A server that one of its own routes closes is a one-time server: a
 * first-run setup wizard started (and awaited) before the real server, or a
 * loopback listener that waits for one login callback. It serves until that
 * request, while the program starts: its routes are not serving paths.
 *
 * Recognised by shape, where the app is declared: a name assigned the result
 * of `….listen(…)`, and a handler registered on the app that calls `close()` on
 * that name. A server closed from anywhere else (a SIGTERM listener) is a
 * normal one.
 */
import { unwrap, isFunctionNode, propertyName } from '../../../language/syntax/ast.js';
import { HTTP_METHODS } from './http-methods.js';

/**
 * @typedef {import('../../../language/syntax/ast.js').Node} Node
 * @typedef {import('../../../language/syntax/ast.js').CallNode} CallNode
 */

/** @type {WeakMap<object, Map<string, boolean>>} per declaring function (or program): app name → closed by its own route */
const answers = new WeakMap();

/**
 * @param {import('./framework.js').CallScope} scope
 * @param {string} app the name of the app or server the routes are registered on
 */
export function closedByOwnRoute(scope, app) {
  const owner = scope.ownerOf(app);
  if (!owner) return false;
  let byName = answers.get(owner);
  if (!byName) answers.set(owner, (byName = new Map()));
  let answer = byName.get(app);
  if (answer === undefined) byName.set(app, (answer = computeAnswer(owner, app)));
  return answer;
}

/**
 * @param {any} owner
 * @param {string} app
 */
function computeAnswer(owner, app) {
  /** @type {Set<string>} */
  const listening = new Set();
  /** @type {any[]} */
  const handlers = [];
  visit(owner.body ?? owner, (node) => {
    const listened = listenTarget(node);
    if (listened) listening.add(listened);
    if (node.type === 'CallExpression') handlers.push(...handlersRegisteredOn(node, app));
  });
  if (listening.size === 0 || handlers.length === 0) return false;
  let closes = false;
  for (const handler of handlers) {
    visit(handler, (node) => {
      if (node.type !== 'CallExpression') return;
      const callee = unwrap(node.callee);
      const object = callee.type === 'MemberExpression' ? unwrap(callee.object) : null;
      if (object?.type === 'Identifier' && listening.has(object.name) && propertyName(callee) === 'close') closes = true;
    });
    if (closes) return true;
  }
  return false;
}

/**
 * The name `const server = app.listen(…)` or `server = https.createServer(…).listen(…)` assigns.
 * @param {Node} node
 * @returns {string | null}
 */
function listenTarget(node) {
  let target = null;
  let value = null;
  if (node.type === 'AssignmentExpression') [target, value] = [node.left, node.right];
  else if (node.type === 'VariableDeclarator') [target, value] = [node.id, node.init];
  const call = unwrap(value);
  if (target?.type !== 'Identifier' || call?.type !== 'CallExpression') return null;
  const callee = unwrap(call.callee);
  return callee.type === 'MemberExpression' && propertyName(callee) === 'listen' ? target.name : null;
}

/**
 * The functions `app.post('/x', handler)` or `app.route({ handler })` hands over, when the receiver is `app`.
 * @param {CallNode} call
 * @param {string} app
 */
function handlersRegisteredOn(call, app) {
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression' || unwrap(callee.object).type !== 'Identifier' || unwrap(callee.object).name !== app) return [];
  const method = propertyName(callee) ?? '';
  if (!HTTP_METHODS.has(method.toLowerCase()) && method !== 'route') return [];
  return call.arguments.flatMap((/** @type {any} */ argument) => {
    const node = unwrap(argument);
    if (isFunctionNode(node)) return [node];
    if (node?.type !== 'ObjectExpression') return [];
    return node.properties.filter((/** @type {any} */ p) => p.type === 'Property' && isFunctionNode(unwrap(p.value))).map((/** @type {any} */ p) => unwrap(p.value));
  });
}

/** Keys that hold no child nodes (or point back up the tree). */
const NOT_CHILDREN = new Set(['parent', 'loc', 'range', 'start', 'end', 'tokens', 'comments', 'typeAnnotation', 'returnType']);

/**
 * Visits every node under `root`, whichever parser built it.
 * @param {any} root
 * @param {(node: any) => void} onNode
 */
function visit(root, onNode) {
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node || typeof node.type !== 'string') continue;
    onNode(node);
    for (const key of Object.keys(node)) {
      if (NOT_CHILDREN.has(key)) continue;
      const child = node[key];
      if (Array.isArray(child)) stack.push(...child);
      else if (child && typeof child === 'object') stack.push(child);
    }
  }
}
