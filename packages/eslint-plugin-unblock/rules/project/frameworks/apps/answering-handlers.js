/**
 * Handlers that show by themselves that they answer an HTTP request: a module-level function that
 * ends a response it is handed (`res.end()`, `res.json()`, `reply.send()`, `res.writeHead()`) runs
 * while a request waits for it, however it was registered (a default export a server loads, a map
 * of handlers, a wrapper the index cannot follow). A response is answered once per request, so
 * such a function is on a request path: it is an entry of its own, named by what it answers with.
 * It is a fallback: a route that registers the same function names it instead, and a report's
 * message names only routes (the proof still shows this entry).
 */
import { unwrap, isFunctionNode, walk, propertyName } from '../../../language/syntax/ast.js';
import { foreignVisitorKeys } from '../../modules/module-cache.js';

/** Methods that send a response: Node's ServerResponse, Express, Fastify's reply, restify, Hapi's `h.response`. */
const ANSWERING_METHODS = new Set(['end', 'send', 'json', 'jsonp', 'sendFile', 'sendStatus', 'render', 'redirect', 'writeHead', 'download']);

/** Parameters past this are no request listener's (`(err, req, res, next)` has four). */
const MAX_PARAMS = 4;

/** @type {import('../routing/framework.js').Framework} */
export default {
  name: 'answering-handlers',
  declared(view) {
    /** @type {import('../routing/framework.js').EntryPoint[]} */
    const entries = [];
    const seen = new Set();
    for (const binding of view.bindings.values()) {
      const fn = binding.kind === 'function' ? binding.node : binding.kind === 'value' && binding.member === undefined ? unwrap(binding.node) : null;
      if (!isFunctionNode(fn) || seen.has(fn)) continue;
      seen.add(fn);
      const answer = answeredWith(fn);
      if (answer) entries.push({ fn, kind: 'request', label: `an HTTP handler answering with ${answer}`, fallback: true });
    }
    const exported = unwrap(view.exports.get('default')?.node);
    if (isFunctionNode(exported) && !seen.has(exported)) {
      const answer = answeredWith(exported);
      if (answer) entries.push({ fn: exported, kind: 'request', label: `an HTTP handler answering with ${answer}`, fallback: true });
    }
    return entries;
  },
};

/**
 * `res.end()` when the function's own body (not a nested function's) ends a response handed to it
 * as a parameter; null otherwise.
 * @param {any} fn
 * @returns {string | null}
 */
function answeredWith(fn) {
  if (fn.params.length < 2 || fn.params.length > MAX_PARAMS) return null;
  const params = new Set(fn.params.slice(1).map((/** @type {any} */ param) => (param.type === 'Identifier' ? param.name : null)).filter(Boolean));
  if (params.size === 0 || fn.body?.type !== 'BlockStatement') return null;
  /** @type {string | null} */
  let found = null;
  walk(fn.body, foreignVisitorKeys(), (node) => {
    if (found !== null || (node !== fn.body && isFunctionNode(node))) return false;
    if (node.type !== 'CallExpression') return true;
    const callee = unwrap(node.callee);
    if (callee?.type !== 'MemberExpression') return true;
    const method = propertyName(callee);
    const receiver = answerReceiver(callee.object);
    if (method && ANSWERING_METHODS.has(method) && receiver && params.has(receiver)) found = `${receiver}.${method}()`;
    return true;
  });
  return found;
}

/**
 * The parameter a response call is made on: `res` in `res.json()` and in `res.status(404).json()`.
 * @param {any} node
 * @returns {string | null}
 */
function answerReceiver(node) {
  let current = unwrap(node);
  while (current?.type === 'CallExpression' && unwrap(current.callee)?.type === 'MemberExpression') current = unwrap(unwrap(current.callee).object);
  return current?.type === 'Identifier' ? current.name : null;
}
