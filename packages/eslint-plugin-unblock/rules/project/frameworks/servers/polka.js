/**
 * Polka: `app.get('/path', handler)` on an app made by `polka()`.
 */
import { methodRoutes } from '../routing/routers.js';

const packages = ['polka'];

/** @type {import('../index.js').Framework} */
export default {
  name: 'polka',
  routerPackages: packages,
  registrations: methodRoutes(packages),
};
