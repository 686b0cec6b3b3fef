/**
 * Polka: `app.get('/path', handler)` on an app made by `polka()`.
 */
import { methodRoutes } from '../routing/routers.js';

const packages = ['polka'];

/** @type {import('../routing/framework.js').Framework} */
export default {
  name: 'polka',
  routerPackages: packages,
  registrations: methodRoutes(packages),
};
