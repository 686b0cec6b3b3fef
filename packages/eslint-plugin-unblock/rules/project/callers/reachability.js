/**
 * Where a function runs, from its callers across the project: on a request
 * or job path (reached from a route handler, resolver or queue worker), at
 * start-up (reached only from module top level, from constructors of
 * objects made at load, from `listen` callbacks or from run-once functions
 * such as `main()`), or unknown. Unknown is the answer whenever a caller is
 * unknown, a cycle closes, or the depth bound is reached.
 */
import path from 'node:path';
import { callerIndexFor, singleFileIndex, functionKey } from './callers.js';
import { keyName } from '../modules/module-view.js';
import { keyedAsOnDisk } from './linted-text.js';
import { contractCallSites } from './contracts.js';
import { routeLabel } from './route-prefix.js';
import { recordingInputs, recordingNow, noteInputs } from '../cache/inputs.js';

/**
 * @typedef {import('../../language/syntax/ast.js').FunctionNode} FunctionNode
 */

/** Caller levels followed. */
const MAX_DEPTH = 8;
/** Functions that run once, when a program or service starts, by their conventional names. */
const RUN_ONCE_NAMES = /^(main|init|initiali[sz]e|bootstrap|boot|setup|start|startup|configure|run(?:Server|App|Cli)?)$/i;

/**
 * @typedef {{ kind: 'request', label: string, file: string, chain?: string[], transaction?: boolean } | { kind: 'startup' } | { kind: 'unknown' }} Reachability
 *   chain: the functions from the entry to this one, outermost first (for a report's proof); transaction: the
 *   entry runs in one transaction (its queries share one connection)
 *
 * @typedef {object} LintedTree  the tree of the file being linted, for when no project index covers it
 * @property {any} program
 * @property {any} visitorKeys
 * @property {string} [text]  the text linted: where it differs from the file on disk (an editor's unsaved buffer),
 *   the project index's verdicts hold only for functions it still knows (linted-text.js)
 */

/**
 * The linted file as the questions below take it.
 * @param {import('eslint').SourceCode} sourceCode
 * @returns {LintedTree}
 */
export function lintedTreeOf(sourceCode) {
  return { program: sourceCode.ast, visitorKeys: sourceCode.visitorKeys, text: sourceCode.text };
}

/**
 * @param {string} file path of the file that holds `fn` (absolute for the project index to cover it)
 * @param {FunctionNode} fn a function node (ESLint's or oxc's: matched by position)
 * @param {LintedTree} [linted] the linted file's tree: without a project index (no package.json above the file,
 *   a project too big to index, a path that is not absolute), the calls within that file alone are read
 * @returns {Reachability}
 */
export function reachabilityOf(file, fn, linted) {
  const index = indexFor(file, linted);
  if (!index || !knownToIndex(index, file, fn, linted)) return UNKNOWN;
  return verdict(index, { file, fn, name: declaredName(fn), className: className(fn) }, 0, new Set(), 'full').result;
}

/**
 * Whether a function runs only at start-up: the same verdict, for a question that needs no more. The
 * search stops at the first caller that is not start-up code, and does not follow a function handed
 * over to run later (it cannot be start-up code) to find whether a request reaches it.
 * @param {string} file
 * @param {FunctionNode} fn
 * @param {LintedTree} [linted] the linted tree and text (the project index is used all the same)
 */
export function runsOnlyAtStartup(file, fn, linted) {
  const index = indexFor(file);
  if (!index || !knownToIndex(index, file, fn, linted)) return false;
  return verdict(index, { file, fn, name: declaredName(fn), className: className(fn) }, 0, new Set(), 'startup').result.kind === 'startup';
}

/**
 * Whether nothing in the project is known to run a named function: the index read every file that may
 * call it, and found neither a call site nor a registration (a route, a job, a hook). Such a function is
 * reached through something the index cannot follow (an object every module reaches through a global, a
 * framework's dynamic dispatch), so no entry can be named for it. Anonymous functions are not asked
 * about: a callback's caller is the call it is handed to.
 * @param {string} file path of the file that holds `fn`
 * @param {FunctionNode} fn a function node
 * @param {LintedTree} [linted]
 */
export function hasNoKnownCaller(file, fn, linted) {
  if (declaredName(fn) === null || !path.isAbsolute(file)) return false;
  const index = callerIndexFor(file);
  if (!index || !index.complete || !knownToIndex(index, file, fn, linted)) return false;
  index.scanFilesImporting(file);
  const key = functionKey(file, fn);
  return !index.entryOf(file, key) && callSitesOf(index, { file, fn, name: declaredName(fn), className: className(fn) }, key).length === 0;
}

/**
 * The places that run a function: its call sites, and for a method of a class, the calls of a contract
 * it fulfils (contracts.js).
 * @param {import('./callers.js').CallerIndex} index
 * @param {Callee} callee
 * @param {string} key
 * @returns {import('./callers.js').CallSite[]}
 */
function callSitesOf(index, callee, key) {
  const sites = index.sitesOf(callee.file, key);
  if (!index.complete || callee.className === null || !callee.fn?.range) return sites;
  const dispatched = contractCallSites(index, callee.file, callee.fn);
  return dispatched.length === 0 ? sites : [...sites, ...dispatched];
}

/**
 * @param {string} file
 * @param {LintedTree} [linted]
 */
export function indexFor(file, linted) {
  const index = path.isAbsolute(file) ? callerIndexFor(file) : null;
  if (index) return index;
  return linted ? singleFileIndex(file, linted.program, linted.visitorKeys) : null;
}

/**
 * Whether the index's key for `fn` names `fn`: always for the index of the linted tree itself; for the
 * project index (read from disk), while the linted text matches the disk up to the function's body.
 * @param {import('./callers.js').CallerIndex} index
 * @param {string} file
 * @param {FunctionNode} fn
 * @param {LintedTree} [linted]
 */
export function knownToIndex(index, file, fn, linted) {
  return !index.complete || keyedAsOnDisk(file, fn, linted);
}

/**
 * Whether a file is a test helper: only test files import it. Code reached only from tests is not a
 * request path. Asked only when a verdict is unknown and unknown verdicts are reported: the first
 * question reads the test files' imports.
 * @param {string} file
 * @param {LintedTree} [linted]
 */
export function reachedOnlyFromTests(file, linted) {
  return indexFor(file, linted)?.importedOnlyByTests(file) ?? false;
}

/** @type {Reachability} */
const UNKNOWN = { kind: 'unknown' };
/** @type {Reachability} */
const STARTUP = { kind: 'startup' };

/**
 * @typedef {{ file: string, fn: any, name: string | null, className: string | null }} Callee
 * @typedef {'full' | 'startup'} Question  full: request, start-up or unknown; startup: start-up or not
 * @typedef {{ result: Reachability, cut: boolean }} Answer  cut: an unknown that a fuller search might turn into a request
 */

/**
 * @typedef {{ result: Reachability, inputs: import('../cache/inputs.js').Input[] | null }} KeptAnswer  an answer with what it
 *   read (null: it was made while nothing was recorded), noted again each time it is used
 */

/** @type {WeakMap<object, Map<string, KeptAnswer>>} per caller index: its verdicts so far */
const verdicts = new WeakMap();
/** @type {WeakMap<object, Map<string, KeptAnswer>>} per caller index: "not start-up" answers of cut searches */
const notStartup = new WeakMap();

/**
 * @param {WeakMap<object, Map<string, KeptAnswer>>} cache
 * @param {object} index
 */
function cacheOf(cache, index) {
  let map = cache.get(index);
  if (!map) cache.set(index, (map = new Map()));
  return map;
}

/**
 * An answer kept in memory, usable by the work now being recorded: what it read is read by that work
 * too. One made while nothing was recorded is not (undefined): it is made again, recorded.
 * @param {KeptAnswer | undefined} kept
 */
function usable(kept) {
  if (!kept || (kept.inputs === null && recordingNow())) return undefined;
  if (kept.inputs) noteInputs(kept.inputs);
  return kept.result;
}

/**
 * @param {import('./callers.js').CallerIndex} index
 * @param {Callee} callee
 * @param {number} depth
 * @param {Set<string>} seen
 * @param {Question} question
 * @returns {Answer}
 */
function verdict(index, callee, depth, seen, question) {
  const key = functionKey(callee.file, callee.fn);
  const known = usable(verdicts.get(index)?.get(key));
  if (known) return { result: known, cut: false };
  const notAtStartup = question === 'startup' ? usable(notStartup.get(index)?.get(key)) : undefined;
  if (notAtStartup) return { result: notAtStartup, cut: true };
  if (depth >= MAX_DEPTH || seen.has(key)) return { result: UNKNOWN, cut: false };
  const recorded = recordingNow() ? recordingInputs(() => freshVerdict(index, callee, key, depth, seen, question)) : null;
  const answer = recorded ? recorded.value : freshVerdict(index, callee, key, depth, seen, question);
  const kept = { result: answer.result, inputs: recorded && !recorded.unlisted ? recorded.inputs : null };
  // Kept for later questions in the same run; an unknown reached through a cycle or the depth bound is not kept.
  if (answer.cut) cacheOf(notStartup, index).set(key, kept);
  else if (answer.result.kind !== 'unknown' || depth === 0) cacheOf(verdicts, index).set(key, kept);
  return answer;
}

/**
 * @param {import('./callers.js').CallerIndex} index
 * @param {Callee} callee
 * @param {string} key
 * @param {number} depth
 * @param {Set<string>} seen
 * @param {Question} question
 * @returns {Answer}
 */
function freshVerdict(index, callee, key, depth, seen, question) {
  index.scanFilesImporting(callee.file);
  const entry = index.entryOf(callee.file, key);
  if (entry) return { result: entry.kind === 'request' ? { kind: 'request', label: routeLabel(index, entry), file: entry.file, chain: [hopName(callee)], ...(entry.transaction ? { transaction: true } : {}) } : STARTUP, cut: false };
  const sites = callSitesOf(index, callee, key);
  if (sites.length === 0) return { result: UNKNOWN, cut: false };
  seen.add(key);
  try {
    let allStartup = true;
    // In the order of their places, not of the scans that found them: the route named is then the same in any lint order.
    for (const site of inPlaceOrder(sites)) {
      // Handed over to run later, it cannot be start-up code: whether a request reaches it is another question.
      if (question === 'startup' && site.deferred) return { result: UNKNOWN, cut: true };
      const caller = callerVerdict(index, site, depth, seen, question);
      if (caller.result.kind === 'request') return { ...caller, result: { ...caller.result, chain: [...(caller.result.chain ?? []), hopName(callee)] } };
      if (caller.result.kind !== 'startup') {
        allStartup = false;
        if (question === 'startup') return { result: UNKNOWN, cut: true };
      }
    }
    // Start-up callers are all the callers only when every file that may call the function was read.
    return { result: allStartup && index.complete ? STARTUP : UNKNOWN, cut: false };
  } finally {
    seen.delete(key);
  }
}

/**
 * Call sites by file, then by where their caller starts (a module's top level first).
 * @param {import('./callers.js').CallSite[]} sites
 */
function inPlaceOrder(sites) {
  const start = (/** @type {import('./callers.js').CallSite} */ site) => site.callerNode?.range?.[0] ?? -1;
  return [...sites].sort((a, b) => (a.file === b.file ? start(a) - start(b) : a.file < b.file ? -1 : 1));
}

/**
 * Where one call site runs the function: where its caller runs. A function
 * handed over to run later (`emitter.on('x', fn)`) runs per request when it is
 * handed over on a request; handed over at start-up, it may still run per event.
 * @param {import('./callers.js').CallerIndex} index
 * @param {import('./callers.js').CallSite} site
 * @param {number} depth
 * @param {Set<string>} seen
 * @param {Question} question
 * @returns {Answer}
 */
function callerVerdict(index, site, depth, seen, question) {
  /** @type {Answer} */
  let caller;
  const callee = { file: site.file, fn: site.callerNode, name: site.callerName, className: site.callerClass };
  if (site.caller === null) caller = { result: STARTUP, cut: false };
  else if (!site.callerNode) caller = { result: UNKNOWN, cut: false };
  else caller = verdict(index, callee, depth + 1, seen, question);
  if (caller.result.kind === 'unknown' && site.callerName !== null && RUN_ONCE_NAMES.test(site.callerName)) {
    // A run-once name decides only for a caller whose callers are unknown, not for one a request reaches.
    if (caller.cut) caller = verdict(index, callee, depth + 1, seen, 'full');
    if (caller.result.kind === 'unknown') caller = { result: STARTUP, cut: false };
  }
  if (site.deferred && caller.result.kind === 'startup') caller = { result: UNKNOWN, cut: false };
  return caller;
}

/**
 * How a hop of a chain is written: `Class.method`, `name`, or where an anonymous function starts.
 * @param {Callee} callee
 */
function hopName(callee) {
  const name = callee.name ?? `a function in ${path.basename(callee.file)}${callee.fn?.loc ? `:${callee.fn.loc.start.line}` : ''}`;
  return callee.className && callee.name ? `${callee.className}.${name}` : name;
}

/**
 * The name a function is declared under, read from ESLint's parent links:
 * `function f`, `const f = () =>`, a method's key.
 * @param {FunctionNode} fn
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
 * @param {FunctionNode} fn
 */
function className(fn) {
  const owner = fn.parent?.type === 'MethodDefinition' ? fn.parent.parent?.parent : null;
  return owner?.id?.name ?? null;
}
