/**
 * What one call inside a function body does, from evidence in the call
 * itself. The evidence sources (SQL text, HTTP clients, Node.js modules,
 * JavaScript's own computation …) are a list of small modules in
 * ../evidence/, asked in order; the first that has something to say decides.
 * Null when none does: the caller then follows the callee's body, or falls
 * back to its name.
 */
import { unwrap } from '../../language/syntax/ast.js';
import { EVIDENCE_SOURCES } from '../evidence/index.js';

/**
 * @typedef {import('../../language/syntax/ast.js').Node} Node
 * @typedef {import('../../language/syntax/ast.js').CallNode} CallNode
 * @typedef {import('../../language/syntax/ast.js').CallLikeNode} CallLikeNode
 * @typedef {import('../../language/syntax/ast.js').MemberExpression} MemberExpression
 */

/**
 * @typedef {import('../body-calls/call-effect.js').CallEffect} CallEffect
 * @typedef {import('../body-calls/call-effect.js').CallSite} CallSite
 */

/**
 * @param {CallLikeNode} call CallExpression, NewExpression or TaggedTemplateExpression
 * @param {import('../modules/callee-lookup.js').CallContext} context
 * @param {(name: string) => import('../body-calls/call-effect.js').LocalKind | undefined} localKind what a name declared inside the function holds: a value made there (`[]`, `new Map()`), or a fetch response
 * @returns {CallEffect | null}
 */
export function evidenceOfCall(call, context, localKind) {
  const site = callSiteOf(call, context, localKind);
  const tagged = call.type === 'TaggedTemplateExpression';
  for (const source of EVIDENCE_SOURCES) {
    if (tagged && !source.taggedTemplates) continue;
    const effect = source.evidenceOf(site);
    if (effect) return effect;
  }
  return null;
}

/**
 * The call as the evidence sources see it: its callee, the root of the
 * callee chain and the module that root is imported from.
 * @param {CallLikeNode} call
 * @param {import('../modules/callee-lookup.js').CallContext} context
 * @param {(name: string) => import('../body-calls/call-effect.js').LocalKind | undefined} localKind
 * @returns {CallSite}
 */
export function callSiteOf(call, context, localKind) {
  const callee = unwrap(call.type === 'TaggedTemplateExpression' ? call.tag : call.callee);
  const root = rootOf(callee);
  const imported = root?.type === 'Identifier' && !context.isShadowed(root.name) ? context.view.bindings.get(root.name) : undefined;
  const source = imported && (imported.kind === 'import' || imported.kind === 'namespace') ? imported.source?.replace(/^node:/, '') : undefined;
  /** @type {'name' | 'computed' | null | undefined} */
  let base;
  return {
    call,
    callee,
    root,
    imported,
    source,
    context,
    localKind,
    chainBase: () => (base === undefined ? (base = baseOfChain(callee, context, localKind)) : base),
  };
}

/**
 * What a method is called on: `'name'` for a variable or `this` chain,
 * `'computed'` for the result of a call that only computes (`s.trim()` in
 * `s.trim().toLowerCase()`), null for a call that may do I/O (`f().then`)
 * or an awaited value.
 * @param {MemberExpression} member
 * @param {import('../modules/callee-lookup.js').CallContext} context
 * @param {(name: string) => import('../body-calls/call-effect.js').LocalKind | undefined} localKind
 * @returns {'name' | 'computed' | null}
 */
function baseOfChain(member, context, localKind) {
  for (let node = unwrap(member.object); node; node = unwrap(node.object)) {
    if (node.type === 'CallExpression') return evidenceOfCall(node, context, localKind)?.kind === 'none' ? 'computed' : null;
    if (node.type === 'Literal' || node.type === 'TemplateLiteral' || node.type === 'ArrayExpression') return 'computed';
    if (node.type !== 'MemberExpression') return node.type === 'Identifier' || node.type === 'ThisExpression' ? 'name' : null;
  }
  return null;
}

/**
 * The identifier or `this` a callee chain starts at.
 * @param {Node} callee
 */
export function rootOf(callee) {
  let node = unwrap(callee);
  while (node?.type === 'MemberExpression' || node?.type === 'CallExpression') {
    node = unwrap(node.type === 'MemberExpression' ? node.object : node.callee);
  }
  return node;
}
