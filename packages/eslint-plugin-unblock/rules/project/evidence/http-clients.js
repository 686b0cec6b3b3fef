/**
 * HTTP requests: the global `fetch` and the calls of known client packages.
 * The method decides: GET, HEAD and OPTIONS read, anything else writes (an
 * options object whose method cannot be read is taken for a write).
 */
import { unwrap, propertyName } from '../../language/syntax/ast.js';
import { packageOf } from '../body-calls/call-effect.js';

/**
 * @typedef {import('../../language/syntax/ast.js').CallNode} CallNode
 */

/** Packages whose calls are HTTP requests. */
const HTTP_PACKAGES = new Set(['axios', 'got', 'undici', 'ky', 'node-fetch', 'superagent', 'ofetch', 'cross-fetch']);
const READ_HTTP_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** @type {import('../body-calls/call-effect.js').EvidenceSource} */
export default {
  name: 'http-clients',
  evidenceOf({ call, callee, root, imported, source, context }) {
    // A `fetch` the function declares (a parameter, a local) is whatever was handed in: its name decides.
    const isGlobalFetch = root?.type === 'Identifier' && root.name === 'fetch' && !imported && callee === root && !context.isShadowed('fetch');
    if (!isGlobalFetch && !(source && HTTP_PACKAGES.has(packageOf(source)))) return null;
    const memberMethod = callee.type === 'MemberExpression' ? propertyName(callee)?.toUpperCase() : undefined;
    const method = methodOption(call) ?? (memberMethod && /^(GET|HEAD|OPTIONS|POST|PUT|PATCH|DELETE)$/.test(memberMethod) ? memberMethod : 'GET');
    const read = READ_HTTP_METHODS.has(method);
    return { kind: read ? 'read' : 'write', io: true, reads: read ? ['http'] : [], writes: read ? [] : ['http'], evidence: `HTTP ${method}` };
  },
};

/**
 * The `method` of an options object argument; 'POST' when it is not a plain string (unknown: assume a write).
 * @param {CallNode} call
 */
function methodOption(call) {
  for (const argument of call.arguments) {
    const options = unwrap(argument);
    if (options?.type !== 'ObjectExpression') continue;
    for (const property of options.properties) {
      if (property.type === 'SpreadElement') return 'POST';
      if (property.key?.name !== 'method' && property.key?.value !== 'method') continue;
      const value = unwrap(property.value);
      return value.type === 'Literal' && typeof value.value === 'string' ? value.value.toUpperCase() : 'POST';
    }
  }
  return null;
}
