/**
 * Koa: `router.get('/path', ...middleware)` on a router from koa-router or @koa/router.
 */
import { methodRoutes } from '../routing/routers.js';

const packages = ['koa-router', '@koa/router'];

/** @type {import('../routing/framework.js').Framework} */
export default {
  name: 'koa',
  routerPackages: packages,
  registrations: methodRoutes(packages),
};
