/**
 * h3: `router.get('/path', handler)` on a router made by `createRouter()`.
 */
import { methodRoutes } from '../routing/routers.js';

const packages = ['h3'];

/** @type {import('../routing/framework.js').Framework} */
export default {
  name: 'h3',
  routerPackages: packages,
  registrations: methodRoutes(packages),
};
