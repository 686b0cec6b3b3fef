/**
 * JavaScript's own globals that only compute (`JSON`, `Math`, `Number`,
 * `structuredClone`), when the file does not bind the name itself. What
 * `JSON.parse`, `Object.keys` or `structuredClone` return is a new object.
 */
import { unwrap, propertyName } from '../../language/syntax/ast.js';
import { isPureGlobal, returnsNewFromGlobal } from '../body-calls/builtins.js';
import { PURE } from '../body-calls/call-effect.js';

/** @type {import('../body-calls/call-effect.js').CallEffect} */
const PURE_COPY = Object.freeze({ ...PURE, returns: 'copy' });

/** @type {import('../body-calls/call-effect.js').EvidenceSource} */
export default {
  name: 'pure-globals',
  evidenceOf({ callee, root, imported, context }) {
    if (root?.type !== 'Identifier' || imported || context.isShadowed(root.name) || !isPureGlobal(root.name)) return null;
    const path = callee === root ? root.name : callee.type === 'MemberExpression' && unwrap(callee.object) === root ? `${root.name}.${propertyName(callee)}` : null;
    return path !== null && returnsNewFromGlobal(path) ? PURE_COPY : PURE;
  },
};
