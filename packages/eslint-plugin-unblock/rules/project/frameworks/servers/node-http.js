/**
 * Node's own servers: the request listener handed to `http.createServer(handler)`
 * (https, http2 alike) or registered with `server.on('request', handler)` runs per
 * request. Their servers also count for `listen` callbacks (listen.js).
 */
import { unwrap, propertyName } from '../../../language/syntax/ast.js';
import { isFromPackages, isRouterObject, memberCall, routePath } from '../routing/routers.js';

/**
 * @typedef {import('../../../language/syntax/ast.js').Node} Node
 */

const packages = ['http', 'node:http', 'https', 'node:https', 'http2', 'node:http2'];
const packageSet = new Set(packages);
const SERVER_FACTORIES = new Set(['createServer', 'createSecureServer']);

/** @type {import('../routing/framework.js').Framework} */
export default {
  name: 'node-http',
  routerPackages: packages,
  registrations(view, call, scope) {
    if (call.type !== 'CallExpression') return [];
    const callee = unwrap(call.callee);
    if (isServerFactory(view, callee)) {
      // createServer([options], [listener]): the listener comes last; an options object alone is none.
      const handler = call.arguments.at(-1);
      return handler && unwrap(handler)?.type !== 'ObjectExpression' ? [{ handler, kind: 'request', label: 'HTTP request' }] : [];
    }
    const member = memberCall(call);
    if (member?.method !== 'on' || routePath(call.arguments[0]) !== 'request' || !call.arguments[1]) return [];
    return isRouterObject(view, member.receiver, scope.localInit, packageSet) ? [{ handler: call.arguments[1], kind: 'request', label: 'HTTP request' }] : [];
  },
};

/**
 * `http.createServer`, `https.createServer`, `http2.createSecureServer`, or one of them imported by name.
 * @param {import('../../modules/module-view.js').ModuleView} view
 * @param {Node} callee
 */
function isServerFactory(view, callee) {
  if (callee.type === 'Identifier') {
    const binding = view.bindings.get(callee.name);
    return binding?.kind === 'import' && SERVER_FACTORIES.has(binding.imported ?? '') && packageSet.has(binding.source ?? '');
  }
  if (callee.type !== 'MemberExpression' || !SERVER_FACTORIES.has(propertyName(callee) ?? '')) return false;
  const object = unwrap(callee.object);
  return object.type === 'Identifier' && isFromPackages(view, object.name, packageSet);
}
