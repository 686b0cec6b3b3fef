/**
 * Hapi: `server.route({ method, path, handler })` on a server made by `Hapi.server()`.
 */
import { routeOptions } from '../routing/routers.js';

const packages = ['@hapi/hapi', 'hapi'];

/** @type {import('../routing/framework.js').Framework} */
export default {
  name: 'hapi',
  routerPackages: packages,
  registrations: routeOptions(packages),
};
