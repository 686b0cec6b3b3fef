/**
 * Express: `app.get('/path', ...handlers)`, `router.use(mw)` on an app or router made by `express()` / `express.Router()`.
 */
import { methodRoutes } from '../routing/routers.js';

const packages = ['express'];

/** @type {import('../routing/framework.js').Framework} */
export default {
  name: 'express',
  routerPackages: packages,
  registrations: methodRoutes(packages),
};
