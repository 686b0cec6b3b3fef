/**
 * Next.js: the HTTP-method exports of an App Router `app/**\/route.ts`
 * (`export async function POST(request)`) and the default export of a
 * Pages Router `pages/api/**` file.
 */
import { exportedFunctions, slashedPath } from './exported-functions.js';

const ROUTE_EXPORTS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

/** @type {import('../routing/framework.js').Framework} */
export default {
  name: 'nextjs',
  declared(view) {
    const file = slashedPath(view);
    const appRoute = /\/app\/(.+\/)?route\.[cm]?[jt]sx?$/.test(file);
    const apiRoute = /\/pages\/api\//.test(file);
    if (!appRoute && !apiRoute) return [];
    return exportedFunctions(view).flatMap(({ name, fn }) => {
      if (appRoute && ROUTE_EXPORTS.has(name)) return [{ fn, kind: /** @type {const} */ ('request'), label: `${name} ${routeOfFile(file)}` }];
      if (apiRoute && name === 'default') return [{ fn, kind: /** @type {const} */ ('request'), label: `API route ${routeOfFile(file)}` }];
      return [];
    });
  },
};

/** @param {string} file */
function routeOfFile(file) {
  const match = /\/(app|pages)(\/.*?)(\/route)?\.[cm]?[jt]sx?$/.exec(file);
  return match ? match[2].replace(/\/index$/, '') || '/' : file;
}
