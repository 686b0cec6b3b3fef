/**
 * The first links of a report's proof (proofs.js): the entry the code runs
 * from and the chain of calls from it. The route the report's message names (../code-kind/known-route.js)
 * is the entry when there is one; else the one the full reachability search reached; where
 * neither is known the entry says so, plainly: the callers were not followed to a route.
 */
import path from 'node:path';
import { enclosingFunction } from '../language/syntax/ast.js';
import { awaitedCallbackOf } from '../code-kind/one-off-code.js';
import { reachabilityOf } from '../project/callers/reachability.js';
import { knownRouteAt } from '../code-kind/known-route.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 * @typedef {import('../language/syntax/ast.js').FunctionNode} FunctionNode
 */

/** What an entry says when no route, job or event was found above the code. */
export const UNFOLLOWED_ENTRY = 'callers not followed to a route, job or event';

/**
 * @param {string} file the linted file
 * @param {any} node the reported node
 * @param {import('../project/callers/reachability.js').LintedTree} linted
 * @param {string} cwd where files are shown from
 * @returns {Pick<import('./proofs.js').Proof, 'entry' | 'chain'>}
 */
export function proofEntryOf(file, node, linted, cwd) {
  let fn = enclosingFunction(node);
  // A callback awaited where it is handed over runs as part of the function that awaits it.
  for (let awaitedBy = fn && awaitedCallbackOf(fn); awaitedBy; awaitedBy = fn && awaitedCallbackOf(fn)) fn = enclosingFunction(awaitedBy);
  const here = functionLabel(fn, file);
  const reached = fn && fn.type !== 'Program' ? reachabilityOf(file, fn, linted) : null;
  // The route the message names comes first, so the proof and the message agree; the search's chain
  // is kept when it ends at that route.
  const route = knownRouteAt(file, node, linted);
  if (route) {
    const sameEntry = reached?.kind === 'request' && reached.label === route.label && reached.file === route.file;
    return { entry: { label: route.label, file: shown(route.file, cwd) }, chain: sameEntry && reached.chain ? reached.chain : [`the ${route.label} handler`, here] };
  }
  if (reached?.kind === 'request') return { entry: { label: reached.label, file: shown(reached.file, cwd) }, chain: reached.chain ?? [here] };
  return { entry: { label: UNFOLLOWED_ENTRY, file: null }, chain: [here] };
}

/**
 * @param {any} fn
 * @param {string} file
 */
function functionLabel(fn, file) {
  if (!fn || fn.type === 'Program') return `top level of ${path.basename(file)}`;
  const parent = fn.parent;
  const name = fn.id?.name ?? (parent?.type === 'VariableDeclarator' ? parent.id?.name : null) ?? (parent?.key && !parent.computed ? parent.key.name ?? parent.key.value : null);
  return name ? String(name) : `a function at ${path.basename(file)}:${fn.loc?.start?.line ?? '?'}`;
}

/**
 * @param {string} file
 * @param {string} cwd
 */
function shown(file, cwd) {
  const relative = path.relative(cwd, file).split(path.sep).join('/');
  return relative.startsWith('..') || path.isAbsolute(relative) ? path.basename(file) : relative;
}
