/**
 * Restify: `server.get('/path', handler)`, `server.del(…)` on a server made by `restify.createServer()`.
 */
import { methodRoutes } from '../routing/routers.js';

const packages = ['restify'];

/** @type {import('../routing/framework.js').Framework} */
export default {
  name: 'restify',
  routerPackages: packages,
  registrations: methodRoutes(packages),
};
