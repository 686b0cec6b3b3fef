/**
 * Where requests and jobs enter a project, and what runs once when a server
 * starts, as the framework modules (../frameworks/) recognise them.
 */
import { frameworks } from '../frameworks/index.js';

/**
 * @typedef {import('../../language/syntax/ast.js').CallNode} CallNode
 */

/** @typedef {import('../frameworks/routing/framework.js').EntryPoint} EntryPoint */

/** The frameworks that recognise registrations and declarations, each list built once. */
const registering = frameworks.filter((framework) => framework.registrations);
const declaring = frameworks.filter((framework) => framework.declared);

/**
 * Entry points registered by one call: `app.post('/login', auth, handler)`,
 * `fastify.route({ method, url, handler })`, `new Worker('mail', async (job) => …)`,
 * `app.listen(port, cb)`. Function arguments are returned as nodes; named ones
 * as expressions to resolve.
 * @param {import('../modules/module-view.js').ModuleView} view
 * @param {CallNode} call
 * @param {import('../frameworks/routing/framework.js').CallScope} scope
 * @returns {import('../frameworks/routing/framework.js').Registration[]}
 */
export function registrationsOf(view, call, scope) {
  for (const framework of registering) {
    const found = framework.registrations?.(view, call, scope) ?? [];
    if (found.length > 0) return found;
  }
  return [];
}

/**
 * Entry points a module declares: decorated controller methods, file-routed
 * handlers, resolver maps.
 * @param {import('../modules/module-view.js').ModuleView} view
 * @returns {EntryPoint[]}
 */
export function declaredEntryPoints(view) {
  return declaring.flatMap((framework) => framework.declared?.(view) ?? []);
}
