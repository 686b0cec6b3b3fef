/**
 * Hono: `app.get('/path', handler)` on an app made by `new Hono()`.
 */
import { methodRoutes } from '../routing/routers.js';

const packages = ['hono'];

/** @type {import('../routing/framework.js').Framework} */
export default {
  name: 'hono',
  routerPackages: packages,
  registrations: methodRoutes(packages),
};
