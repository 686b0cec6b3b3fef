/**
 * Effect summaries: what a function does outside itself, read from its
 * body (body-reader.js) and composed through the calls it makes (to a depth bound, with a
 * guard against cycles). Evidence first (SQL text, HTTP methods, Node
 * modules, built-ins, callees' bodies); a call's name decides only where no
 * body can be read; a call that shows nothing keeps the summary unknown.
 */
import { noteUnrecorded } from '../cache/inputs.js';
import { keptSummary, keepSummary } from './summary-memo.js';
import { createLintSummaries } from './lint-summaries.js';
import { unwrap, propertyName } from '../../language/syntax/ast.js';
import { evidenceOfCall } from './call-evidence.js';
import { resolveCall } from '../modules/callee-lookup.js';
import { readBody } from './body-reader.js';
import { unknownSummary } from '../../effects/effect-summary.js';
import { isCacheFill } from './cache-fill.js';

/**
 * @typedef {import('../../language/syntax/ast.js').CallNode} CallNode
 * @typedef {import('../../language/syntax/ast.js').CallLikeNode} CallLikeNode
 */

/** Calls followed below the operand; deeper ones are unknown. */
const MAX_DEPTH = 4;
/** Function bodies summarised per linted file; past it, calls stay unknown. */
const MAX_SUMMARIES = 400;

/**
 * @typedef {import('../../effects/effect-summary.js').EffectSummary} EffectSummary
 * @typedef {import('../modules/callee-lookup.js').CallContext} CallContext
 */

/**
 * @param {object} options
 * @param {(call: any) => 'read' | 'write' | 'unknown'} options.kindOfNames what the call's names say, when nothing else does
 * @param {(view: import('../modules/module-view.js').ModuleView) => any} options.visitorKeysOf
 * @param {string | null} [options.namesId] what `kindOfNames` is a function of, as text: summaries of other modules'
 *   functions are kept between lints under it (summary-memo.js); null: not kept
 * @param {number} [options.budget] function bodies summarised per linted file (MAX_SUMMARIES; tests take fewer)
 */
export function createSummarizer({ kindOfNames, visitorKeysOf, namesId = null, budget = MAX_SUMMARIES }) {
  const lint = createLintSummaries(budget);

  /**
   * A function's summary at a depth: the one this lint has, one kept from an earlier lint (another
   * module's function, summary-memo.js), or read now. A cycle ends at the depth bound (each call goes one deeper).
   * @param {Extract<import('../modules/callee-lookup.js').Value, { type: 'function' }>} target
   * @param {number} depth
   * @param {(name: string) => boolean} [outerShadowed] names declared around the function (same file only)
   * @param {(name: string) => any} [outerInstance] the `new` expression a name declared around the function always holds
   *   an instance of (same file only)
   * @returns {EffectSummary}
   */
  function summaryOfFunction(target, depth, outerShadowed = () => false, outerInstance = undefined) {
    const known = lint.known(target.fn, depth);
    if (known) return lint.usedAgain(known);
    if (depth > MAX_DEPTH) return unknownSummary();
    const kept = namesId === null ? null : keptSummary(namesId, target.fn, depth, target.view);
    if (kept && lint.canTake(kept)) return lint.taken(kept);
    if (lint.spent()) {
      // The budget is spent: what is answered now depends on which question came first, and is not kept.
      noteUnrecorded();
      return unknownSummary();
    }
    /** @type {import('./body-reader.js').EffectOfCall} */
    const effectAtDepth = (call, context, isAwaited, localKind, ownArguments) => effectOfCall(call, context, depth, isAwaited, localKind, ownArguments);
    const made = lint.reading(target, depth, () => readBody(target, outerShadowed, visitorKeysOf(target.view), effectAtDepth, outerInstance));
    if (namesId !== null) keepSummary(namesId, made);
    return made.summary;
  }

  /**
   * What one call does, as a part to merge into its caller's summary.
   * @param {CallLikeNode} call
   * @param {CallContext} context
   * @param {number} depth
   * @param {boolean} isAwaited
   * @param {(name: string) => import('../body-calls/call-effect.js').LocalKind | undefined} localKind
   * @param {boolean} [ownArguments] every argument is a value the caller made
   */
  function effectOfCall(call, context, depth, isAwaited, localKind, ownArguments = false) {
    const evidence = evidenceOfCall(call, context, localKind);
    if (evidence) return { ...evidence, evidenced: true };
    if (call.type === 'CallExpression') {
      const target = resolveCall(call, context);
      if (target) return { ...relativeTo(call, summaryOfFunction(target, depth + 1), ownArguments), evidenced: true };
    }
    if (call.type === 'TaggedTemplateExpression') return { kind: /** @type {const} */ ('unknown'), io: null, reads: [], writes: [] };
    const receiver = receiverKey(call);
    // Storing what was just read in a cache: a read of the cache, not a write callers must order.
    if (isCacheFill(call)) return { kind: /** @type {const} */ ('read'), io: isAwaited ? true : null, reads: receiver ? [receiver] : [], writes: [] };
    const kind = kindOfNames(call);
    return {
      kind,
      io: kind !== 'unknown' || isAwaited ? true : null,
      reads: kind === 'read' && receiver ? [receiver] : [],
      writes: kind === 'write' && receiver ? [receiver] : [],
    };
  }

  return { summaryOfFunction, effectOfCall, exact: lint.exact };
}

/**
 * A callee's summary seen from the caller: `this` state stays `this`
 * state for `this.m()`; for `other.m()` it becomes the state of `other`.
 * Its writes to its parameters are the caller's writes only when the
 * caller handed it something not its own.
 * @param {CallNode} call
 * @param {EffectSummary} callee
 * @param {boolean} ownArguments
 */
function relativeTo(call, callee, ownArguments) {
  const calleeNode = unwrap(call.callee);
  const sameThis = calleeNode.type === 'MemberExpression' && unwrap(calleeNode.object).type === 'ThisExpression';
  const receiver = receiverKey(call);
  const reads = [...callee.reads].filter((key) => sameThis || !key.startsWith('recv:this'));
  const writes = [...callee.writes].filter((key) => (sameThis || !key.startsWith('recv:this')) && !(ownArguments && key === 'args'));
  if (!sameThis && receiver && callee.thisReads.size > 0) reads.push(receiver);
  if (!sameThis && receiver && callee.thisWrites.size > 0) writes.push(receiver);
  // The callee's own writes (`this`, module state, parameters) travel as resources the caller's body weighs
  // again; only `this` state of another receiver becomes that receiver, a write whose kind must travel too.
  const kindTravels = callee.callKind === undefined || (!sameThis && callee.thisWrites.size > 0);
  return {
    kind: kindTravels || callee.callKind === undefined ? callee.kind : callee.callKind,
    io: callee.io,
    reads,
    writes,
    evidence: callee.evidence,
    ...(callee.notifies ? { notifies: true } : {}),
    ...(sameThis ? { thisReads: callee.thisReads, thisWrites: callee.thisWrites } : {}),
  };
}

/**
 * `recv:this.repo` for `this.repo.find()`: the receiver a call acts on, as written.
 * @param {CallNode} call
 */
function receiverKey(call) {
  const callee = unwrap(call.callee);
  if (callee?.type !== 'MemberExpression') return null;
  /** @type {string[]} */
  const path = [];
  let node = unwrap(callee.object);
  while (node.type === 'MemberExpression') {
    const name = propertyName(node);
    if (name === null) return null;
    path.unshift(name);
    node = unwrap(node.object);
  }
  if (node.type === 'ThisExpression') return `recv:this${path.map((p) => `.${p}`).join('')}`;
  return node.type === 'Identifier' ? `recv:${[node.name, ...path].join('.')}` : null;
}
