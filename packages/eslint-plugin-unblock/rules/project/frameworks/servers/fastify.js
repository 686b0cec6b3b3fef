/**
 * Fastify: `fastify.get('/path', handler)` and `fastify.route({ method, url, handler })`
 * on an instance made by `fastify()` (or a name such as `fastify` left uninitialised, in a file that imports it).
 */
import { methodRoutes, routeOptions } from '../routing/routers.js';

const packages = ['fastify'];
// A plugin's routes are registered on the instance it is handed: `register(plugin, { prefix })` puts the prefix before them.
const byMethod = /** @type {NonNullable<ReturnType<typeof methodRoutes>>} */ (methodRoutes(packages, { plugins: true }));
const byOptions = /** @type {NonNullable<ReturnType<typeof routeOptions>>} */ (routeOptions(packages, { plugins: true }));

/** @type {import('../routing/framework.js').Framework} */
export default {
  name: 'fastify',
  routerPackages: packages,
  registrations: (view, call, scope) => {
    const routes = byMethod(view, call, scope);
    return routes.length > 0 ? routes : byOptions(view, call, scope);
  },
};
