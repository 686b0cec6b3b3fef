/**
 * Socket servers (socket.io, ws, SockJS): `io.on('connection', (socket) => {
 * socket.on('login', handler) })`. The connection handler runs per connection
 * and each handler registered on its socket per message, as a route runs per
 * request, whether registered right there or in a function the socket is
 * handed to (`registerChatHandlers(socket)`, in another module). Recognised in a
 * file that imports a socket server package, or a package that depends on one.
 */
import { unwrap, isFunctionNode } from '../../../language/syntax/ast.js';
import { importsAny, memberCall, routePath } from '../routing/routers.js';
import { dependsOnAny } from '../../workspace/dependencies.js';

/**
 * @typedef {import('../../../language/syntax/ast.js').Node} Node
 * @typedef {import('../../../language/syntax/ast.js').CallNode} CallNode
 */

const packages = new Set(['socket.io', 'ws', 'sockjs', 'engine.io', 'uWebSockets.js']);
const LISTEN_METHODS = new Set(['on', 'once', 'addListener']);

/**
 * @typedef {import('../routing/framework.js').Registration} Registration
 * @typedef {import('../../modules/module-view.js').ModuleView} ModuleView
 */

/** @type {import('../routing/framework.js').Framework} */
export default {
  name: 'socket-servers',
  registrations(view, call, scope) {
    const member = memberCall(call);
    if (!member || !LISTEN_METHODS.has(member.method) || routePath(call.arguments[0]) !== 'connection') return [];
    const handler = unwrap(call.arguments[1]);
    const socket = isFunctionNode(handler) ? handler.params[0] : null;
    if (socket?.type !== 'Identifier' || !(importsAny(view, packages) || dependsOnAny(view.file, packages))) return [];
    /** @type {Registration[]} */
    const found = [{ handler, kind: 'request', label: 'socket connection' }];
    for (const inner of callsIn(handler.body)) {
      found.push(...handlersOn(inner, socket.name, view));
      // registerChatHandlers(socket): the handlers it registers on its parameter.
      const position = inner.arguments.findIndex((/** @type {any} */ a) => unwrap(a)?.type === 'Identifier' && unwrap(a).name === socket.name);
      const target = position >= 0 && !isFunctionNode(unwrap(inner.callee)) ? scope.resolveCall(inner) : null;
      const param = target?.fn.params[position];
      if (target && param?.type === 'Identifier') for (const nested of callsIn(target.fn.body)) found.push(...handlersOn(nested, param.name, target.view));
    }
    return found;
  },
};

/**
 * `socket.on('login', handler)`: the handler, labelled with its event.
 * @param {CallNode} call
 * @param {string} socket
 * @param {ModuleView} view the module the call is written in
 * @returns {Registration[]}
 */
function handlersOn(call, socket, view) {
  const member = memberCall(call);
  const receiver = member ? unwrap(member.receiver) : null;
  if (!member || !LISTEN_METHODS.has(member.method) || receiver?.type !== 'Identifier' || receiver.name !== socket) return [];
  const event = routePath(call.arguments[0]);
  const handler = unwrap(call.arguments[1]);
  // Only functions written there: a name would be looked up in another module's scope.
  if (!isFunctionNode(handler)) return [];
  return [{ handler, kind: 'request', label: event === null ? 'socket event' : `socket event "${event}"`, view }];
}

/**
 * The calls in a function body, nested functions included (handlers are often registered in an
 * `if` or a helper arrow), without the parser's visitor keys (the body may come from either parser).
 * @param {any} body
 * @returns {any[]}
 */
function callsIn(body) {
  /** @type {any[]} */
  const calls = [];
  const stack = [body];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node || typeof node.type !== 'string') continue;
    if (node.type === 'CallExpression') calls.push(node);
    for (const key of Object.keys(node)) {
      if (key === 'parent' || key === 'loc' || key === 'range') continue;
      const child = node[key];
      if (Array.isArray(child)) stack.push(...child);
      else if (child && typeof child === 'object') stack.push(child);
    }
  }
  return calls.reverse();
}
