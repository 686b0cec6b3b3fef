/**
 * The route (or job, socket event, …) a report's code runs on, for its message: "(reached from
 * GET /orders in routes.js)". Asked only for a report that is made, after every gate said yes.
 *
 * It starts no search of its own. The function around the report is a route or job handler, or is
 * called directly by a handler declared or registered in the caller's own file: both are read from
 * what the index recorded when the start-up gate asked who calls the function (its file and the files
 * that import it are scanned then). Handlers further up are not looked for. The answer is the same whatever order the files are linted in: a verdict an
 * earlier question happened to leave in the cache would name a route in one run and not in the next.
 * Without a project index (a file outside any package, an editor buffer, a project too big to index),
 * the linted file alone is read. A route on a router mounted under a prefix is named by its full path
 * (GET /api/orders), read from the mounts themselves (../project/callers/route-prefix.js).
 */
import { enclosingFunction } from '../language/syntax/ast.js';
import { awaitedCallbackOf } from './one-off-code.js';
import { functionKey } from '../project/callers/callers.js';
import { indexFor, knownToIndex } from '../project/callers/reachability.js';
import { routeLabels } from '../project/callers/route-prefix.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 * @typedef {import('../language/syntax/ast.js').FunctionNode} FunctionNode
 */

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
 * The route the code around `node` is known to run on: the function around it, or, for a callback
 * awaited where it is handed over (`await Promise.all(list.map(async (x) => …))`), the function that
 * awaits it, as the start-up gate asks (one-off-code.js).
 * @param {string} file the linted file
 * @param {Node} node the reported node
 * @param {import('../project/callers/reachability.js').LintedTree} linted
 * @returns {KnownRoute | null}
 */
export function knownRouteAt(file, node, linted) {
  const index = indexFor(file, linted);
  if (!index) return null;
  // Already done by the start-up gate for this file (a no-op then); the one read with includeOneOffCode, which skips that gate.
  index.scanFilesImporting(file);
  let fn = enclosingFunction(node);
  while (fn && fn.type !== 'Program') {
    if (!knownToIndex(index, file, fn, linted)) return null;
    const found = routesCalling(index, file, functionKey(file, fn), null);
    if (found) return found;
    const awaitedBy = awaitedCallbackOf(fn);
    fn = awaitedBy ? enclosingFunction(awaitedBy) : null;
  }
  return null;
}

/**
 * A request verdict the blocking rule's search reached, as a route to name, with the other routes and
 * handlers that call the function directly. Null for any other verdict.
 * @param {string} file
 * @param {FunctionNode} fn
 * @param {import('../project/callers/reachability.js').Reachability} reached
 * @param {import('../project/callers/reachability.js').LintedTree} [linted]
 * @returns {KnownRoute | null}
 */
export function withOtherRoutes(file, fn, reached, linted) {
  if (reached.kind !== 'request') return null;
  const index = indexFor(file, linted);
  const found = index && routesCalling(index, file, functionKey(file, fn), { label: reached.label, file: reached.file });
  return found ?? { label: reached.label, file: reached.file, others: 0, othersAreRoutes: true };
}

/**
 * The function's own entry point, or the entry points among its direct callers (one per route: a
 * handler calling it twice counts once), first by file and label so that any lint order names the same.
 * @param {import('../project/callers/callers.js').CallerIndex} index
 * @param {string} file the file that holds the function
 * @param {string} key the function's key
 * @param {{ label: string, file: string } | null} first the route to name first, when already chosen
 * @returns {KnownRoute | null}
 */
function routesCalling(index, file, key, first) {
  /** @type {Map<string, { label: string, file: string }>} */
  const routes = new Map();
  /** @param {import('../project/callers/callers.js').EntryFact} entry */
  const add = (entry) => {
    // A router mounted at several paths serves the route at each (route-prefix.js): each is a route to count.
    for (const label of routeLabels(index, entry)) routes.set(`${entry.file}\0${label}`, { label, file: entry.file });
  };
  const own = index.entryOf(file, key);
  // A handler known by its shape alone is no route to name (answering-handlers.js).
  if (own?.kind === 'request' && !own.fallback) add(own);
  for (const site of index.sitesOf(file, key)) {
    const entry = site.caller === null ? undefined : index.entries.get(site.caller);
    // Declared or registered where the caller is (a controller method, an inline handler): that file was scanned
    // with the function's own. A registration in a third file is known only if some other question read that file.
    if (entry?.kind === 'request' && !entry.fallback && entry.file === site.file) add(entry);
  }
  const sorted = [...routes.keys()].sort().map((id) => /** @type {{ label: string, file: string }} */ (routes.get(id)));
  const named = first ?? sorted[0];
  if (!named) return null;
  const others = sorted.filter((route) => route.label !== named.label || route.file !== named.file);
  return { label: named.label, file: named.file, others: others.length, othersAreRoutes: others.every((route) => HTTP_ROUTE_LABEL.test(route.label)) };
}
