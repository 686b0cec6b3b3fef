/**
 * What a module's scan for callers gave the caller index, with the module's own places left out:
 * its entry points and call sites in order, each place in the module written as its rank among
 * the places the scan named there.
 *
 * Why: work that used a scan (a file's kept verdicts, caller-inputs.js) read the index only through
 * these facts: a site's callee and caller by key, the caller's name and class, how it calls, and
 * callers in the order they start (reachability.js; contracts.js reads where a caller starts, too);
 * an entry point's route, and where in the module its router was made (route-prefix.js).
 * A site's nodes (the call, its frame) are found again in the module's tree, which notes the whole
 * module as read (call-sites.js callAt): work that looked at them holds only with that text. So an
 * edit that changes no call and no entry point (a line added inside a function, a comment, a
 * function that calls nothing the index knows) moves the module's functions and calls but keeps
 * their order and the scan's shape: what used the earlier scan holds, with the module's places
 * moved. An edit that adds, drops or changes a call or an entry point, or reorders the module's
 * functions, gives another shape, and the work is done again.
 */
import { contentHash } from '../cache/content-hash.js';

/**
 * @param {readonly import('./call-sites.js').ScanOp[]} ops what the scan of `file` did to the index, in order
 * @param {string} file the module scanned
 * @returns {string} a hash: equal for two scans whose facts differ only in where the module's own places are
 */
export function scanShape(ops, file) {
  const prefix = `${file}#`;
  /** @type {Set<number>} */
  const places = new Set();
  /** @param {string | null} key */
  const addKey = (key) => {
    if (key?.startsWith(prefix)) places.add(Number(key.slice(prefix.length)));
  };
  for (const op of ops) {
    if ('e' in op) {
      addKey(op.e);
      if (op.v.router && op.v.file === file) places.add(op.v.router.at);
      continue;
    }
    addKey(op.c);
    addKey(op.caller);
    if (op.callerRange) places.add(op.callerRange[0]);
    places.add(op.at[0]);
  }
  const rank = new Map([...places].sort((a, b) => a - b).map((place, at) => [place, at]));
  /** @param {string | null} key */
  const keyShape = (key) => (key?.startsWith(prefix) ? `#${rank.get(Number(key.slice(prefix.length)))}` : key);
  /** @param {[number, number] | null} range where it ends is not read (above) */
  const rangeShape = (range) => (range ? rank.get(range[0]) : null);
  /** @param {import('./callers.js').EntryFact} entry a route's router is where it was made in the module (route-prefix.js) */
  const entryShape = (entry) => (entry.router && entry.file === file ? { ...entry, router: { ...entry.router, at: rank.get(entry.router.at) } } : entry);
  const shapes = ops.map((op) =>
    'e' in op
      ? ['e', keyShape(op.e), entryShape(op.v)]
      : ['c', keyShape(op.c), keyShape(op.caller), rangeShape(op.callerRange), rangeShape(op.at), op.callerName, op.callerClass, op.deferred, op.direct],
  );
  return contentHash(JSON.stringify(shapes));
}
