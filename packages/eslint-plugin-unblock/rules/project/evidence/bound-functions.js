/**
 * `f.bind(thisArg, …args)` on a function the code defines (a method read off `this` or an import,
 * `this.format.bind(this)`) makes a new function and calls nothing: the bound function runs later,
 * where it is called. On anything else `bind` keeps its name's meaning: a socket's `bind(port)`
 * opens a port.
 */
import { unwrap, propertyName } from '../../language/syntax/ast.js';
import { PURE } from '../body-calls/call-effect.js';
import { valueOfExpression } from '../modules/callee-lookup.js';

/** @type {import('../body-calls/call-effect.js').EvidenceSource} */
export default {
  name: 'bound-functions',
  evidenceOf({ call, callee, context }) {
    if (call.type !== 'CallExpression' || callee.type !== 'MemberExpression' || propertyName(callee) !== 'bind') return null;
    return valueOfExpression(unwrap(callee.object), context)?.type === 'function' ? PURE : null;
  },
};
