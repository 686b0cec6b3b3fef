/**
 * Are the iterations of a loop independent, so that they may run together?
 * Any doubt answers no (null). The checks, in the order a reader would make them:
 *  - the iteration can move into a callback (no break/return/yield/var, no
 *    throw after an await, no continue to an outer loop);
 *  - nothing shared is written except order-preserving collection, so no
 *    iteration reads what an earlier one wrote (cursors, accumulators, counters);
 *  - no waiting on purpose (sleep/delay/timers/rate limiters/retries);
 *  - nothing after the first await depends on the order iterations finish
 *    in: output, events, calls that change a shared object;
 *  - every awaited call is free to overlap: not on a connection, not a call
 *    into the element itself (`step.run()`, `m.up(db)`), not an ordered sink
 *    or step, not a guard, not a write handed shared state;
 *  - some await depends on the iteration (a loop repeating one call is
 *    polling or warming up, not a list of independent work);
 *  - writes go to the element's own record: not to a record every
 *    iteration names alike, not through one shared object's own method;
 *  - it is worth it: something waits on I/O, and the iteration is not
 *    already a batch run together on purpose.
 */
import { walk, isFunctionNode, unwrap } from '../language/syntax/ast.js';
import { effectsOf } from '../effects/effects.js';
import { iterationControl } from './loop-control.js';
import { findCollectors } from './loop-collectors.js';
import { iterationSymbolTest, classifyLocals, isSharedData } from './loop-symbols.js';
import { calleeNames, isWaitingCall, isOutputCall, orderedCallReason, eventEmitterOf } from './loop-call-kinds.js';
import { awaitedCallMayOverlap } from './loop-overlap.js';
import { elementKeys } from './loop-element-keys.js';
import { worthRunningTogether } from './loop-worth.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 * @typedef {import('../language/syntax/ast.js').CallNode} CallNode
 * @typedef {import('../language/syntax/ast.js').VisitorKeys} VisitorKeys
 */

/**
 * @typedef {object} IterationFacts
 * @property {any[]} awaits
 * @property {any[]} continues
 * @property {import('./loop-collectors.js').Collector[]} collectors
 *
 * @typedef {object} IterationContext
 * @property {any} visitorKeys
 * @property {ReturnType<typeof import('../effects/references.js').getReferenceIndex>} index
 * @property {ReturnType<typeof import('../effects/call-classification.js').createCallClassifier>} classifier
 * @property {(node: any) => any[]} declaredVariables the variables a declaration declares (`sourceCode.getDeclaredVariables`)
 * @property {boolean} [reportsWrites] iterations that write are worth a report too (the `includeWrites` option)
 *
 * @typedef {object} IterationScope  what the checks know about one loop's bindings
 * @property {any} visitorKeys
 * @property {ReturnType<typeof import('../effects/references.js').getReferenceIndex>} index
 * @property {ReturnType<typeof import('../effects/call-classification.js').createCallClassifier>} classifier
 * @property {(symbol: unknown) => boolean} isIterationSymbol declared by the loop (a fresh binding per iteration)
 * @property {(node: any) => boolean} readsIteration the expression reads a binding of the iteration
 * @property {(symbol: unknown) => boolean} isOwn a binding of this iteration alone: declared by the loop, not a local alias of shared state
 * @property {(symbol: unknown) => boolean} isShared state all iterations see: data declared outside the loop, or a local alias of it
 * @property {(symbol: unknown) => boolean} isElement the element, or a local taken from it (`const step = steps[i]`)
 * @property {(node: any) => boolean} dependsOnElement the expression reads the element or a value made from it
 * @property {(symbol: unknown) => boolean} isInvariantLocal a binding of the iteration holding the same data every time (`const keys = [...shared]`)
 * @property {boolean} reportsWrites iterations that write are worth a report too
 */

/**
 * @param {import('./loop-shapes.js').LoopShape} shape
 * @param {IterationContext} context
 * @returns {IterationFacts | null}
 */
export function analyseIterations(shape, context) {
  const { visitorKeys, index } = context;
  const control = iterationControl(shape, visitorKeys);
  if (control.blocker !== null || control.awaits.length === 0) return null;
  if (shape.pattern && containsAwait(shape.pattern, visitorKeys)) return null;

  const isIterationSymbol = iterationSymbolTest(shape.loop);
  /** @param {Node} node */
  const readsIteration = (node) => [...effectsOf(node, { visitorKeys, index }).reads].some(isIterationSymbol);
  const collectors = findCollectors(shape, { visitorKeys, symbolOf: index.symbolOf, isIterationSymbol, readsIteration });
  if (collectors === null) return null;
  const locals = classifyLocals(shape, { visitorKeys, index, declaredVariables: context.declaredVariables, isIterationSymbol, readsIteration });
  const keys = elementKeys(shape, { visitorKeys, index, declaredVariables: context.declaredVariables, isIterationSymbol });
  /** @type {IterationScope} */
  const iteration = {
    visitorKeys,
    index,
    classifier: context.classifier,
    isIterationSymbol,
    readsIteration,
    isOwn: (symbol) => isIterationSymbol(symbol) && !locals.alias.has(symbol),
    isShared: (symbol) =>
      (!!symbol && typeof symbol === 'object' && !isIterationSymbol(symbol) && isSharedData(symbol)) || locals.alias.has(symbol),
    isElement: (symbol) => locals.element.has(symbol),
    dependsOnElement: keys.dependsOnElement,
    isInvariantLocal: keys.isInvariantLocal,
    reportsWrites: context.reportsWrites === true,
  };

  if (writesSharedState(shape, collectors, awaitedStores(shape, control.awaits, index), iteration)) return null;
  if (dependsOnOrder(shape, control.awaits[0], collectors, iteration)) return null;
  if (!awaitsRunApart(control.awaits, iteration)) return null;
  if (!worthRunningTogether(control.awaits, iteration)) return null;
  return { awaits: control.awaits, continues: control.continues, collectors };
}

/**
 * Shared state written by an iteration is state a later iteration may read.
 * Only order-preserving collection and the iteration's own bindings may be
 * written, and never the loop's index.
 * @param {import('./loop-shapes.js').LoopShape} shape
 * @param {import('./loop-collectors.js').Collector[]} collectors
 * @param {Set<unknown>} stores receivers only ever called with await: their calls are judged as awaited operations
 * @param {IterationScope} iteration
 */
function writesSharedState(shape, collectors, stores, { visitorKeys, index, isOwn }) {
  const collections = new Set(collectors.map((collector) => collector.variable));
  const effects = effectsOf(shape.body, { visitorKeys, index });
  for (const written of effects.writes) {
    if (collections.has(written) || stores.has(written)) continue;
    if (!isOwn(written)) return true;
  }
  return Boolean(shape.index && effects.writes.has(index.symbolOf(shape.index)));
}

/**
 * Variables the loop mentions only as the receiver of an awaited call
 * (`await settings.set(key, value)`): a store the iteration talks to, whose
 * calls awaitedCallMayOverlap() judges like any awaited operation (keyed by
 * the element or not), rather than a binding the iteration changes.
 * @param {import('./loop-shapes.js').LoopShape} shape
 * @param {any[]} awaits
 * @param {IterationScope['index']} index
 * @returns {Set<unknown>}
 */
function awaitedStores(shape, awaits, index) {
  /** @type {Set<any>} */
  const receivers = new Set();
  for (const awaitNode of awaits) {
    const operand = awaitNode.type === 'AwaitExpression' ? unwrap(awaitNode.argument) : null;
    const callee = operand?.type === 'CallExpression' ? unwrap(operand.callee) : null;
    const object = callee?.type === 'MemberExpression' ? unwrap(callee.object) : null;
    if (object?.type === 'Identifier') receivers.add(object);
  }
  const [start, end] = shape.loop.range;
  /** @type {Set<unknown>} */
  const stores = new Set();
  for (const identifier of receivers) {
    const variable = /** @type {any} */ (index.symbolOf(identifier));
    if (!variable || typeof variable !== 'object' || !Array.isArray(variable.references)) continue;
    const inLoop = variable.references.filter((/** @type {any} */ reference) => reference.identifier.range[0] >= start && reference.identifier.range[1] <= end);
    if (inLoop.every((/** @type {any} */ reference) => receivers.has(reference.identifier))) stores.add(variable);
  }
  return stores;
}

/**
 * Whether the body waits on purpose (sleep, timers, barriers), takes the next
 * event of a shared emitter, or runs something after the first await whose
 * effect depends on the order iterations finish in once they overlap.
 * @param {import('./loop-shapes.js').LoopShape} shape
 * @param {any} firstAwait
 * @param {import('./loop-collectors.js').Collector[]} collectors
 * @param {IterationScope} iteration
 */
function dependsOnOrder(shape, firstAwait, collectors, iteration) {
  const { visitorKeys, index, classifier } = iteration;
  // The first await's own operand runs before the iteration first suspends.
  const [operandStart, operandEnd] = firstAwait.type === 'AwaitExpression' ? firstAwait.argument.range : [0, -1];
  /** @param {Node} node */
  const runsAfterFirstAwait = (node) => node.range[1] > firstAwait.range[0] && !(node.range[0] >= operandStart && node.range[1] <= operandEnd);
  const collectorCalls = new Set(collectors.map((collector) => collector.node));
  let blocked = false;
  walk(shape.body, visitorKeys, (node) => {
    if (blocked) return false;
    if (node.type === 'NewExpression' && isWaitingCall(calleeNames(node).names)) blocked = true;
    if (node.type !== 'CallExpression' || collectorCalls.has(node)) return true;
    const { names, root } = calleeNames(node);
    if (isWaitingCall(names) || classifier.classifyCall(node).barrier) blocked = true;
    // Waiting for the next event of a shared emitter: each iteration takes the next one.
    const emitter = eventEmitterOf(node, names);
    if (emitter && !readsIterationOnly(emitter, iteration)) blocked = true;
    // What runs after an await runs in completion order once iterations overlap.
    if (runsAfterFirstAwait(node) && !isAwaited(node)) {
      if (isOutputCall(names, root) || changesSharedObject(node, root, iteration)) blocked = true;
      // A step run without await (`execSync('pnpm install')`) after an await would interleave with the others.
      const rootSymbol = root?.type === 'Identifier' ? index.symbolOf(root) : null;
      if (typeof rootSymbol !== 'string' && orderedCallReason(names) === 'step') blocked = true;
    }
    return !blocked;
  });
  return blocked;
}

/**
 * Every awaited call may overlap its twin in another iteration, and some
 * await depends on the iteration: a loop repeating one call is polling or
 * warming up, not a list of independent work.
 * @param {any[]} awaits
 * @param {IterationScope} iteration
 */
function awaitsRunApart(awaits, iteration) {
  let dependsOnIteration = false;
  for (const awaitNode of awaits) {
    if (awaitNode.type !== 'AwaitExpression') continue;
    if (iteration.readsIteration(awaitNode)) dependsOnIteration = true;
    const operand = unwrap(awaitNode.argument);
    if (operand?.type === 'CallExpression' && !awaitedCallMayOverlap(operand, iteration)) return false;
  }
  return dependsOnIteration;
}

/**
 * The expression names only bindings of the iteration (a stream opened for this item).
 * @param {Node} node
 * @param {IterationScope} iteration
 */
function readsIterationOnly(node, { visitorKeys, index, isOwn }) {
  const reads = [...effectsOf(node, { visitorKeys, index }).reads];
  return reads.length > 0 && reads.every((symbol) => isOwn(symbol));
}

/**
 * A call without await that may change a shared object (`hash.update(chunk)`,
 * `stats.increment()`, `this.track(x)`): not a read, on a receiver declared
 * outside the loop (a module or global namespace such as `path` or `JSON` is not one).
 * @param {CallNode} call
 * @param {Node} root
 * @param {IterationScope} iteration
 */
function changesSharedObject(call, root, { index, classifier, isShared }) {
  if (root?.type !== 'ThisExpression' && root?.type !== 'Identifier') return false;
  if (unwrap(call.callee).type !== 'MemberExpression') return false;
  const symbol = root.type === 'ThisExpression' ? null : index.symbolOf(root);
  if (root.type === 'Identifier' && !isShared(symbol)) return false;
  return classifier.classifyCall(call).kind !== 'read';
}

/** @param {CallNode} call */
function isAwaited(call) {
  let node = /** @type {Node} */ (call);
  while (node.parent && (node.parent.type === 'ChainExpression' || node.parent.type.startsWith('TS'))) node = node.parent;
  return node.parent?.type === 'AwaitExpression';
}

/**
 * @param {Node} node
 * @param {VisitorKeys} visitorKeys
 */
function containsAwait(node, visitorKeys) {
  let found = false;
  walk(node, visitorKeys, (inner) => {
    if (isFunctionNode(inner)) return false;
    if (inner.type === 'AwaitExpression' || inner.type === 'YieldExpression') found = true;
    return !found;
  });
  return found;
}
