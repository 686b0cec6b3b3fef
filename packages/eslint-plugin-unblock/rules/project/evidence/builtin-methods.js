/**
 * Methods of JavaScript's built-in prototypes only compute: `s.trim()`,
 * `this.items.map(…)`. A name that is a data-access verb as well (`get`,
 * `push`, `shift`, `delete`) counts only on a value made right here
 * (`const parts = s.split(':'); parts.shift()`): `cache.get(id)` on an
 * unknown object may be a Redis client. A regular expression literal
 * (or a `new RegExp(…)`) handed to a String method shows the object is a string
 * (`title.replace(/\s+/g, ' ')`): only strings take one. So does a call
 * whose answer takes its receiver's place (`name = name.replace('&amp;', '&')`):
 * a method that changed its object in place would not be used that way. The
 * arrays an awaited call answered (`rows.push(extra)`) are the function's own
 * data: Array's mutators change nothing a caller holds.
 */
import { unwrap, propertyName } from '../../language/syntax/ast.js';
import { isBuiltinMethodName, isStringMethodName, returnsNewFromMethod } from '../body-calls/builtins.js';
import { READ_VERBS, WRITE_VERBS } from '../../effects/verbs.js';
import { PURE } from '../body-calls/call-effect.js';
import { methodBase } from '../body-calls/method-base.js';

/**
 * @typedef {import('../../language/syntax/ast.js').Node} Node
 * @typedef {import('../../language/syntax/ast.js').CallNode} CallNode
 */

const DATA_VERBS = new Set([...READ_VERBS, ...WRITE_VERBS]);
/** Array's own mutators: no client or store has these beside a push. */
const ARRAY_MUTATORS = new Set(['push', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin']);
/** @type {import('../body-calls/call-effect.js').CallEffect} */
const PURE_COPY = Object.freeze({ ...PURE, returns: 'copy' });

/** @type {import('../body-calls/call-effect.js').EvidenceSource} */
export default {
  name: 'builtin-methods',
  evidenceOf(site) {
    // A string method given a regular expression is a string's, whatever made the string
    // (`config.get('KEY').replace(/\\n/g, '\n')`): the call that made it is read on its own.
    const stringMethod = stringMethodWithRegex(site);
    if (stringMethod) return returnsNewFromMethod(stringMethod) ? PURE_COPY : PURE;
    const method = methodBase(site);
    if (!method || method.name === null || !isBuiltinMethodName(method.name)) return null;
    const own =
      method.local === 'value' ||
      method.local === 'copy' ||
      (method.local === 'result' && ARRAY_MUTATORS.has(method.name)) ||
      replacesItsReceiver(site.call);
    if (!own && DATA_VERBS.has(method.name.toLowerCase())) return null;
    return returnsNewFromMethod(method.name) ? PURE_COPY : PURE;
  },
};

/**
 * The method's name in `s.replace(/x/g, …)` or `s.split(new RegExp(…))`, on anything but an imported module's object.
 * @param {import('../body-calls/call-effect.js').CallSite} site
 */
function stringMethodWithRegex(site) {
  if (site.source || site.callee.type !== 'MemberExpression' || site.call.type !== 'CallExpression') return null;
  const name = propertyName(site.callee);
  return name !== null && isStringMethodName(name) && isRegexLiteral(site.call.arguments[0]) ? name : null;
}

/**
 * A regular expression: a literal, or one made with `new RegExp(…)`.
 * @param {Node} node
 */
function isRegexLiteral(node) {
  const value = unwrap(node);
  if (value?.type === 'NewExpression' && unwrap(value.callee)?.type === 'Identifier' && unwrap(value.callee).name === 'RegExp') return true;
  return value?.type === 'Literal' && 'regex' in value && Boolean(value.regex);
}

/** Calls whose answer is assigned to the variable they were called on, as the body reader met them. */
const selfReplacingCalls = new WeakSet();

/**
 * Tells this source of an assignment in a body being read, before its value is (`name = name.replace(…)`:
 * the call's answer takes the place of the very variable it was called on). Trees of other files carry
 * no parent links, so the reader says so here.
 * @param {any} assignment an AssignmentExpression
 */
export function noteAssignment(assignment) {
  const call = unwrap(assignment.right);
  const target = unwrap(assignment.left);
  if (assignment.operator !== '=' || call?.type !== 'CallExpression' || target?.type !== 'Identifier') return;
  const callee = unwrap(call.callee);
  const object = callee?.type === 'MemberExpression' ? unwrap(callee.object) : null;
  if (object?.type === 'Identifier' && object.name === target.name) selfReplacingCalls.add(call);
}

/** @param {CallNode} call */
function replacesItsReceiver(call) {
  return selfReplacingCalls.has(call);
}
