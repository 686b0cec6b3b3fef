/**
 * What runs once when a server starts: the callbacks handed to `listen` on
 * an app or server made by one of the routing frameworks (`app.listen(port, () => …)`).
 */
import { unwrap, isFunctionNode } from '../../../language/syntax/ast.js';
import { isRouterObject, memberCall } from '../routing/routers.js';

/**
 * @param {ReadonlyArray<import('../routing/framework.js').Framework>} routers the routing frameworks whose servers listen
 * @returns {import('../routing/framework.js').Framework}
 */
export function listenCallbacks(routers) {
  const packages = new Set(routers.flatMap((framework) => framework.routerPackages ?? []));
  return {
    name: 'listen',
    registrations(view, call, scope) {
      const member = memberCall(call);
      if (member?.method !== 'listen' || !isRouterObject(view, member.receiver, scope.localInit, packages)) return [];
      return call.arguments
        .filter((/** @type {any} */ arg) => isFunctionNode(unwrap(arg)))
        .map((/** @type {any} */ arg) => ({ handler: arg, kind: /** @type {const} */ ('startup'), label: 'listen callback' }));
    },
  };
}
