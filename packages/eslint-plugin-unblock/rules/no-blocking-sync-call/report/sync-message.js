/**
 * The data of a blocking-call report: the call as the file wrote it, one short
 * reason, and the replacement as the fix would write it. The longer story
 * (the libuv thread pool, its size) is on the rule's docs page.
 */
import { unwrap } from '../../language/syntax/ast.js';
import { callCost } from '../call-cost.js';
import { costClause } from './cost-clause.js';

/**
 * @typedef {import('../../language/syntax/ast.js').Node} Node
 */

/** @type {Record<string, string>} */
const SHORT_REASONS = {
  cpu: 'computes on the main thread and stalls every other request',
  io: 'waits for the disk on the main thread and stalls every other request',
  process: 'blocks the main thread until the child exits',
  cheap: 'runs on the main thread (usually briefly)',
};

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {Node} node the reported call
 * @param {{ module: string, name: string, cost: string, replacement: string }} api
 * @param {string | null} preview the fix's new expression (`await promisify(gzip)(…)`), when there is a fix
 * @param {string} route where it is reached from (` (reached from POST /login in routes.js)`), or ''
 * @returns {{ api: string, why: string, replacement: string }} the shape every blocking message uses
 */
export function blockingData(sourceCode, node, api, preview, route) {
  const callee = node.type === 'CallExpression' || node.type === 'NewExpression' ? unwrap(node.callee) : node;
  const written = sourceCode.getText(callee).replace(/\s+/g, '');
  // An alias hides which API it is: `derive()` (crypto.pbkdf2Sync).
  const canonical = `${api.module}.${api.name}`;
  const named = written === canonical || written.endsWith(`.${api.name}`) || written === api.name ? `\`${written}()\`` : `\`${written}()\` (${canonical})`;
  // What the call costs at the input and arguments given (`600,000 iterations of SHA-512: about 450 ms per
  // call`, `about 14 ms per MB of input`).
  const cost = costClause(callCost(sourceCode, node, api));
  const why = SHORT_REASONS[api.cost] ?? SHORT_REASONS.cheap;
  return {
    api: named,
    why: withRoute(withCost(why, cost), cost, route),
    // The fix's own words when the table only names the async form; the
    // table's advice when it says more (a small read is best cached).
    // An empty argument list would read as "call it with nothing".
    replacement: preview && api.replacement.startsWith('await ') ? preview : api.replacement.replace(/\(\)/g, '(…)'),
  };
}

/**
 * The reason with the cost after "on the main thread", or at its end when it names no thread
 * ("blocks the main thread until the child exits (starting a process: …)").
 * @param {string} why
 * @param {string} cost
 */
function withCost(why, cost) {
  if (!cost) return why;
  return why.includes(' on the main thread') ? why.replace(' on the main thread', ` on the main thread${cost}`) : `${why}${cost}`;
}

/**
 * The reason followed by where the call is reached from. Two asides in a row read badly: a cost at the
 * reason's end and the route become one ("(starting a process: …; reached from POST /x in a.js)").
 * @param {string} why
 * @param {string} cost the cost clause in it, or ''
 * @param {string} route
 */
function withRoute(why, cost, route) {
  if (!route || !cost || !why.endsWith(cost)) return `${why}${route}`;
  return `${why.slice(0, -1)}; ${route.trim().slice(1)}`;
}
