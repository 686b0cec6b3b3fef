/**
 * Methods of JavaScript's built-in prototypes only compute: `s.trim()`,
 * `this.items.map(…)`. A name that is a data-access verb as well (`get`,
 * `push`, `delete`) counts only on a value made right here: `cache.get(id)`
 * on an unknown object may be a Redis client.
 */
import { isBuiltinMethodName } from '../callees/builtins.js';
import { READ_VERBS, WRITE_VERBS } from '../../core/effects/verbs.js';
import { PURE } from './call-effect.js';
import { methodBase } from './method-base.js';

const DATA_VERBS = new Set([...READ_VERBS, ...WRITE_VERBS]);

/** @type {import('./call-effect.js').EvidenceSource} */
export default {
  name: 'builtin-methods',
  evidenceOf(site) {
    const method = methodBase(site);
    if (!method || method.name === null || !isBuiltinMethodName(method.name)) return null;
    return method.local === 'value' || !DATA_VERBS.has(method.name.toLowerCase()) ? PURE : null;
  },
};
