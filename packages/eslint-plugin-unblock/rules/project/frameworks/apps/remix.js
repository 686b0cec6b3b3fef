/**
 * Remix: the `loader` and `action` exports of a route module under `app/`
 * or `routes/`.
 */
import { exportedFunctions, slashedPath } from './exported-functions.js';

/** @type {import('../routing/framework.js').Framework} */
export default {
  name: 'remix',
  declared(view) {
    const file = slashedPath(view);
    if (!/\/app\/.+\.[cm]?[jt]sx?$|\/routes\/.+\.[cm]?[jt]sx?$/.test(file)) return [];
    return exportedFunctions(view)
      .filter(({ name }) => name === 'loader' || name === 'action')
      .map(({ name, fn }) => ({ fn, kind: /** @type {const} */ ('request'), label: `Remix ${name}` }));
  },
};
