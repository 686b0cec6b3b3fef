/**
 * Where a function runs, from its callers across the project: on a request
 * or job path (reached from a route handler, resolver or queue worker), at
 * start-up (reached only from module top level, from constructors of
 * objects made at load, from `listen` callbacks or from run-once functions
 * such as `main()`), or unknown. Unknown is the answer whenever a caller is
 * unknown, a cycle closes, or the depth bound is reached.
 */
import { callerIndexFor, functionKey, UNKNOWN_CALLER } from './callers.js';

/** Caller levels followed. */
const MAX_DEPTH = 8;
/** Functions that run once, when a program or service starts, by their conventional names. */
const RUN_ONCE_NAMES = /^(main|init|initiali[sz]e|bootstrap|boot|setup|start|startup|configure|run(?:Server|App|Cli)?)$/i;

/**
 * @typedef {{ kind: 'request', label: string, file: string } | { kind: 'startup' } | { kind: 'unknown' }} Reachability
 */

/**
 * @param {string} file absolute path of the file that holds `fn`
 * @param {any} fn a function node (ESLint's or oxc's: matched by position)
 * @returns {Reachability}
 */
export function reachabilityOf(file, fn) {
  const index = callerIndexFor(file);
  if (!index) return { kind: 'unknown' };
  return verdict(index, functionKey(file, fn), 0, new Set());
}

/**
 * @param {import('./callers.js').CallerIndex} index
 * @param {string} key
 * @param {number} depth
 * @param {Set<string>} seen
 * @returns {Reachability}
 */
function verdict(index, key, depth, seen) {
  const entry = index.entries.get(key);
  if (entry) return entry.kind === 'request' ? { kind: 'request', label: entry.label, file: entry.file } : { kind: 'startup' };
  const sites = index.callers.get(key);
  if (!sites || sites.length === 0 || depth >= MAX_DEPTH || seen.has(key)) return { kind: 'unknown' };
  seen.add(key);
  let allStartup = true;
  for (const site of sites) {
    /** @type {Reachability} */
    let caller = site.caller === null ? { kind: 'startup' } : site.caller === UNKNOWN_CALLER ? { kind: 'unknown' } : verdict(index, site.caller, depth + 1, seen);
    if (caller.kind === 'unknown' && site.callerName !== null && RUN_ONCE_NAMES.test(site.callerName)) caller = { kind: 'startup' };
    if (caller.kind === 'request') return caller;
    if (caller.kind !== 'startup') allStartup = false;
  }
  seen.delete(key);
  return allStartup ? { kind: 'startup' } : { kind: 'unknown' };
}
