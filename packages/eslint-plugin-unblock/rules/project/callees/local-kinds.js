/**
 * What each name declared inside a function holds, as the evidence sources
 * ask it (a LocalKind, see ../evidence/call-effect.js): a value made there by
 * its syntax (`[]`, `new Map()`, a fetch response; declared-names.js), or
 * else what the call a `const` is bound to returns, when the evidence
 * sources say it is new (`const parts = s.split(':')`,
 * `const decipher = crypto.createDecipheriv(…)`): changing it then changes
 * nothing outside the function.
 */
import { localValueNames, constCallInits } from './declared-names.js';
import { evidenceOfCall } from './call-evidence.js';

/**
 * @typedef {import('../../language/syntax/ast.js').VisitorKeys} VisitorKeys
 * @typedef {import('../../language/syntax/ast.js').FunctionNode} FunctionNode
 */

/**
 * @param {FunctionNode} fn
 * @param {VisitorKeys} visitorKeys
 * @param {import('../modules/callee-lookup.js').CallContext} context where the function is written
 * @returns {(name: string) => import('../body-calls/call-effect.js').LocalKind | undefined}
 */
export function localKindsOf(fn, visitorKeys, context) {
  const made = localValueNames(fn, visitorKeys);
  const inits = constCallInits(fn, visitorKeys);
  /** @type {Map<string, import('../body-calls/call-effect.js').LocalKind | undefined>} */
  const known = new Map();
  const localKind = (/** @type {string} */ name) => {
    const syntactic = made.get(name);
    if (syntactic || !inits.has(name)) return syntactic;
    if (known.has(name)) return known.get(name);
    // Set before asking: a name whose call reads the name itself stays unknown.
    known.set(name, undefined);
    const kind = evidenceOfCall(inits.get(name), context, localKind)?.returns;
    known.set(name, kind);
    return kind;
  };
  return localKind;
}
