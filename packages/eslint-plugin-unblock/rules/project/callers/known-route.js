/**
 * The route (or job, socket event, …) a report's code runs on, for its message: "(reached from
 * GET /orders in routes.js)". Asked only for a report that is made, after every gate said yes.
 *
 * It starts no new search: with a project index, the waterfall rules read the verdict their start-up
 * gate (runsOnlyAtStartup) already reached for the function, and the blocking rule passes the verdict
 * it searched for anyway. Only without a project index (a file outside any project, an editor buffer,
 * a project too big to index) is the question asked, of the linted file alone. Other routes are counted
 * among the function's direct callers, from the call sites that search already recorded.
 */
import path from 'node:path';
import { enclosingFunction } from '../../core/syntax/ast.js';
import { awaitedCallbackOf } from '../../core/code-kind/one-off-code.js';
import { callerIndexFor, functionKey } from './callers.js';
import { indexFor, reachabilityOf, verdictReached } from './reachability.js';

/**
 * @typedef {object} KnownRoute
 * @property {string} label  `POST /login`, `queue worker mail`, `GET with a computed path`
 * @property {string} file  the file that declares or registers it
 * @property {number} others  how many other routes or handlers call the function directly
 * @property {boolean} othersAreRoutes  every one of those others is an HTTP route
 */

/** An HTTP route's label starts with its method (routers.js, nestjs.js, nextjs.js). */
const HTTP_ROUTE_LABEL = /^(GET|POST|PUT|PATCH|DELETE|DEL|HEAD|OPTIONS|ALL|SEARCH|ROUTE|API route)\b/;

/**
 * The route the code around `node` is already known to run on: the function around it, or, for a
 * callback awaited where it is handed over (`await Promise.all(list.map(async (x) => …))`), the
 * function that awaits it, as the start-up gate asks (core/code-kind/one-off-code.js).
 * @param {string} file the linted file
 * @param {any} node the reported node
 * @param {import('./reachability.js').LintedTree} linted
 * @returns {KnownRoute | null}
 */
export function knownRouteAt(file, node, linted) {
  let fn = enclosingFunction(node);
  while (fn && fn.type !== 'Program') {
    const found = knownRouteOf(file, fn, linted);
    if (found) return found;
    const awaitedBy = awaitedCallbackOf(fn);
    fn = awaitedBy ? enclosingFunction(awaitedBy) : null;
  }
  return null;
}

/**
 * @param {string} file
 * @param {any} fn
 * @param {import('./reachability.js').LintedTree} linted
 * @returns {KnownRoute | null}
 */
function knownRouteOf(file, fn, linted) {
  const index = path.isAbsolute(file) ? callerIndexFor(file) : null;
  const reached = index ? verdictReached(index, file, fn) : reachabilityOf(file, fn, linted);
  return reached ? withOtherRoutes(file, fn, reached, linted) : null;
}

/**
 * A request verdict as a route to name, with the other routes and handlers that call the function
 * directly (one handler per route; a handler calling it twice counts once). Null for any other verdict.
 * @param {string} file
 * @param {any} fn
 * @param {import('./reachability.js').Reachability} reached
 * @param {import('./reachability.js').LintedTree} [linted]
 * @returns {KnownRoute | null}
 */
export function withOtherRoutes(file, fn, reached, linted) {
  if (reached.kind !== 'request') return null;
  const index = indexFor(file, linted);
  const seen = new Set([`${reached.label}\0${reached.file}`]);
  let othersAreRoutes = true;
  for (const site of index?.callers.get(functionKey(file, fn)) ?? []) {
    const entry = site.caller === null ? undefined : index?.entries.get(site.caller);
    const key = entry?.kind === 'request' ? `${entry.label}\0${entry.file}` : null;
    if (!entry || key === null || seen.has(key)) continue;
    seen.add(key);
    othersAreRoutes &&= HTTP_ROUTE_LABEL.test(entry.label);
  }
  return { label: reached.label, file: reached.file, others: seen.size - 1, othersAreRoutes };
}
