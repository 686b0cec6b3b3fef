/**
 * Where a function runs, from its callers across the project: on a request
 * or job path (reached from a route handler, resolver or queue worker), at
 * start-up (reached only from module top level, from constructors of
 * objects made at load, from `listen` callbacks or from run-once functions
 * such as `main()`), or unknown. Unknown is the answer whenever a caller is
 * unknown, a cycle closes, or the depth bound is reached.
 */
import { callerIndexFor, functionKey, UNKNOWN_CALLER } from './callers.js';
import { keyName } from '../modules/module-view.js';

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
  return verdict(index, { file, fn, name: declaredName(fn), className: className(fn) }, 0, new Set());
}

/**
 * @typedef {{ file: string, fn: any, name: string | null, className: string | null }} Callee
 */

/**
 * @param {import('./callers.js').CallerIndex} index
 * @param {Callee} callee
 * @param {number} depth
 * @param {Set<string>} seen
 * @returns {Reachability}
 */
function verdict(index, callee, depth, seen) {
  const key = functionKey(callee.file, callee.fn);
  const known = verdicts.get(index)?.get(key);
  if (known) return known;
  if (depth >= MAX_DEPTH || seen.has(key)) return { kind: 'unknown' };
  const result = freshVerdict(index, callee, key, depth, seen);
  // Kept for later questions in the same run; an unknown reached through a cycle or the depth bound is not kept.
  if (result.kind !== 'unknown' || depth === 0) {
    if (!verdicts.has(index)) verdicts.set(index, new Map());
    verdicts.get(index)?.set(key, result);
  }
  return result;
}

/** @type {WeakMap<object, Map<string, Reachability>>} per caller index: its verdicts so far */
const verdicts = new WeakMap();

/**
 * @param {import('./callers.js').CallerIndex} index
 * @param {Callee} callee
 * @param {string} key
 * @param {number} depth
 * @param {Set<string>} seen
 * @returns {Reachability}
 */
function freshVerdict(index, callee, key, depth, seen) {
  index.scanFilesImporting(callee.file);
  const entry = index.entries.get(key);
  if (entry) return entry.kind === 'request' ? { kind: 'request', label: entry.label, file: entry.file } : { kind: 'startup' };
  const sites = index.callers.get(key);
  if (!sites || sites.length === 0) return { kind: 'unknown' };
  seen.add(key);
  let allStartup = true;
  for (const site of sites) {
    /** @type {Reachability} */
    let caller;
    if (site.caller === null) caller = { kind: 'startup' };
    else if (site.caller === UNKNOWN_CALLER || !site.callerNode) caller = { kind: 'unknown' };
    else caller = verdict(index, { file: site.file, fn: site.callerNode, name: site.callerName, className: site.callerClass }, depth + 1, seen);
    if (caller.kind === 'unknown' && site.callerName !== null && RUN_ONCE_NAMES.test(site.callerName)) caller = { kind: 'startup' };
    if (caller.kind === 'request') {
      seen.delete(key);
      return caller;
    }
    if (caller.kind !== 'startup') allStartup = false;
  }
  seen.delete(key);
  return allStartup ? { kind: 'startup' } : { kind: 'unknown' };
}

/**
 * The name a function is declared under, read from ESLint's parent links:
 * `function f`, `const f = () =>`, a method's key.
 * @param {any} fn
 */
function declaredName(fn) {
  if (fn.id?.name) return fn.id.name;
  const parent = fn.parent;
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return parent.id.name;
  if ((parent?.type === 'MethodDefinition' || parent?.type === 'Property' || parent?.type === 'PropertyDefinition') && parent.key) return keyName(parent.key);
  return null;
}

/**
 * The class a method belongs to (for a constructor: what `new` names).
 * @param {any} fn
 */
function className(fn) {
  const owner = fn.parent?.type === 'MethodDefinition' ? fn.parent.parent?.parent : null;
  return owner?.id?.name ?? null;
}
