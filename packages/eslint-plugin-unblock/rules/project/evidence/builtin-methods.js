/**
 * Methods of JavaScript's built-in prototypes only compute: `s.trim()`,
 * `this.items.map(…)`. A name that is a data-access verb as well (`get`,
 * `push`, `shift`, `delete`) counts only on a value made right here
 * (`const parts = s.split(':'); parts.shift()`): `cache.get(id)` on an
 * unknown object may be a Redis client. A regular expression literal
 * handed to a String method shows the object is a string
 * (`title.replace(/\s+/g, ' ')`): only strings take one.
 */
import { unwrap } from '../../language/syntax/ast.js';
import { isBuiltinMethodName, isStringMethodName, returnsNewFromMethod } from '../body-calls/builtins.js';
import { READ_VERBS, WRITE_VERBS } from '../../effects/verbs.js';
import { PURE } from '../body-calls/call-effect.js';
import { methodBase } from '../body-calls/method-base.js';

const DATA_VERBS = new Set([...READ_VERBS, ...WRITE_VERBS]);
/** @type {import('../body-calls/call-effect.js').CallEffect} */
const PURE_COPY = Object.freeze({ ...PURE, returns: 'copy' });

/** @type {import('../body-calls/call-effect.js').EvidenceSource} */
export default {
  name: 'builtin-methods',
  evidenceOf(site) {
    const method = methodBase(site);
    if (!method || method.name === null || !isBuiltinMethodName(method.name)) return null;
    const own = method.local === 'value' || method.local === 'copy' || (isStringMethodName(method.name) && isRegexLiteral(site.call.arguments[0]));
    if (!own && DATA_VERBS.has(method.name.toLowerCase())) return null;
    return returnsNewFromMethod(method.name) ? PURE_COPY : PURE;
  },
};

/** @param {any} node */
function isRegexLiteral(node) {
  const value = unwrap(node);
  return value?.type === 'Literal' && 'regex' in value && Boolean(value.regex);
}
