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
 *    polling or warming up, not a list of independent work).
 */
import { walk, isFunctionNode, unwrap, propertyName } from './ast.js';
import { effectsOf } from './effects.js';
import { CONNECTION_RECEIVER_NAMES } from './verbs.js';
import { iterationControl } from './loop-control.js';
import { findCollectors } from './loop-collectors.js';
import { iterationSymbolTest, classifyLocals, isSharedData } from './loop-symbols.js';
import {
  calleeNames, isWaitingCall, isOutputCall, isPerItemFileCall, isGuardCall, orderedCallReason, eventEmitterOf,
} from './loop-call-kinds.js';

/**
 * @typedef {object} IterationFacts
 * @property {any[]} awaits
 * @property {any[]} continues
 * @property {import('./loop-collectors.js').Collector[]} collectors
 *
 * @typedef {object} IterationContext
 * @property {any} visitorKeys
 * @property {ReturnType<typeof import('./references.js').getReferenceIndex>} index
 * @property {ReturnType<typeof import('./call-classification.js').createCallClassifier>} classifier
 * @property {(node: any) => any[]} declaredVariables the variables a declaration declares (`sourceCode.getDeclaredVariables`)
 */

/**
 * @param {import('./loop-shapes.js').LoopShape} shape
 * @param {IterationContext} context
 * @returns {IterationFacts | null}
 */
export function analyseIterations(shape, context) {
  const { visitorKeys, index, classifier } = context;
  const control = iterationControl(shape, visitorKeys);
  if (control.blocker !== null || control.awaits.length === 0) return null;
  if (shape.pattern && containsAwait(shape.pattern, visitorKeys)) return null;

  const isIterationSymbol = iterationSymbolTest(shape.loop);
  /** @param {any} node */
  const readsIteration = (node) => [...effectsOf(node, { visitorKeys, index }).reads].some(isIterationSymbol);
  /** @param {unknown} symbol */
  const isShared = (symbol) => Boolean(symbol) && typeof symbol === 'object' && !isIterationSymbol(symbol) && isSharedData(symbol);

  const collectors = findCollectors(shape, { visitorKeys, symbolOf: index.symbolOf, isIterationSymbol, readsIteration });
  if (collectors === null) return null;
  const collections = new Set(collectors.map((collector) => collector.variable));
  const locals = classifyLocals(shape, { visitorKeys, index, declaredVariables: context.declaredVariables, isIterationSymbol, readsIteration });

  // Shared state written by an iteration is state a later iteration may read.
  const effects = effectsOf(shape.body, { visitorKeys, index });
  for (const written of effects.writes) {
    if (collections.has(written)) continue;
    if (!isIterationSymbol(written) || locals.alias.has(written)) return null;
  }
  if (shape.index && effects.writes.has(index.symbolOf(shape.index))) return null;

  const firstAwait = control.awaits[0];
  // The first await's own operand runs before the iteration first suspends.
  const [operandStart, operandEnd] = firstAwait.type === 'AwaitExpression' ? firstAwait.argument.range : [0, -1];
  /** @param {any} node */
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
    if (emitter && !readsIterationOnly(emitter)) blocked = true;
    // What runs after an await runs in completion order once iterations overlap.
    if (runsAfterFirstAwait(node) && !isAwaited(node)) {
      if (isOutputCall(names, root) || changesSharedObject(node, root)) blocked = true;
      // A step run without await (`execSync('pnpm install')`) after an await would interleave with the others.
      const rootSymbol = root?.type === 'Identifier' ? index.symbolOf(root) : null;
      if (typeof rootSymbol !== 'string' && orderedCallReason(names) === 'step') blocked = true;
    }
    return !blocked;
  });
  if (blocked) return null;

  let dependsOnIteration = false;
  for (const awaitNode of control.awaits) {
    if (awaitNode.type !== 'AwaitExpression') continue;
    if (readsIteration(awaitNode)) dependsOnIteration = true;
    const operand = unwrap(awaitNode.argument);
    if (operand?.type === 'CallExpression' && !awaitedCallMayOverlap(operand)) return null;
  }
  if (!dependsOnIteration) return null;
  return { awaits: control.awaits, continues: control.continues, collectors };

  /**
   * @param {any} arg
   */
  function passesConnection(arg) {
    const node = unwrap(arg);
    if (node?.type !== 'Identifier') return false;
    const symbol = index.symbolOf(node);
    if (isIterationSymbol(symbol) && !locals.alias.has(symbol)) return false;
    return CONNECTION_NAMES.has(node.name.toLowerCase()) || index.isConnectionVariable(symbol);
  }

  /**
   * The expression names only bindings of the iteration (a stream opened for this item).
   * @param {any} node
   */
  function readsIterationOnly(node) {
    const reads = [...effectsOf(node, { visitorKeys, index }).reads];
    return reads.length > 0 && reads.every((symbol) => isIterationSymbol(symbol) && !locals.alias.has(symbol));
  }

  /**
   * A call without await that may change a shared object (`hash.update(chunk)`,
   * `stats.increment()`, `this.track(x)`): not a read, on a receiver declared
   * outside the loop (a module or global namespace such as `path` or `JSON` is not one).
   * @param {any} call
   * @param {any} root
   */
  function changesSharedObject(call, root) {
    if (root?.type !== 'ThisExpression' && root?.type !== 'Identifier') return false;
    if (unwrap(call.callee).type !== 'MemberExpression') return false;
    const symbol = root.type === 'ThisExpression' ? null : index.symbolOf(root);
    if (root.type === 'Identifier' && !isShared(symbol) && !locals.alias.has(symbol)) return false;
    return classifier.classifyCall(call).kind !== 'read';
  }

  /**
   * The callee is the element itself or hangs off it: `hook()`, `m.up()`,
   * `steps[i].run()`, or a local taken from the element (`const step = steps[i]`).
   * @param {any} call
   */
  function callsIntoItem(call) {
    let node = unwrap(call.callee);
    while (node?.type === 'MemberExpression' || node?.type === 'CallExpression') {
      if (node.type === 'MemberExpression' && node.computed && readsIteration(node.property)) return true;
      node = unwrap(node.type === 'MemberExpression' ? node.object : node.callee);
    }
    return node?.type === 'Identifier' && locals.element.has(index.symbolOf(node));
  }

  /**
   * May this awaited call run while the same call of another iteration is pending?
   * @param {any} operand
   */
  function awaitedCallMayOverlap(operand) {
    if (classifier.classifyOperation(operand).barrier) return false;
    // `await Promise.all([a(x), b(x)])`: each call in the list is awaited here.
    const combined = combinedCalls(operand);
    if (combined) return combined.every((call) => awaitedCallMayOverlap(call));
    // `git.spawn(args).catch(ignore)`: the call that does the work is the one the chain starts from.
    const call = promiseSource(operand);
    const cls = classifier.classifyOperation(call);
    const { names, root } = calleeNames(call);
    if (cls.barrier || orderedCallReason(names) !== null) return false;
    if (isGuardCall(names) && call.parent?.type === 'AwaitExpression' && call.parent.parent?.type === 'ExpressionStatement') return false;
    // One shared connection, session or page serialises its calls; one made in this iteration is its own.
    if (cls.receiver?.connection && !isIterationSymbol(cls.receiver.root)) return false;
    // Calling into the element (`step.run()`, `m.up(db)`, `hook()`): elements that are code run in their order.
    if (callsIntoItem(call) && cls.kind !== 'read') return false;
    if (isOutputCall(names, root)) {
      // A per-item file (`writeFile(join(dir, item.name), …)`) is fine; one shared target is not.
      if (!isPerItemFileCall(names) || !call.arguments[0] || !readsIteration(call.arguments[0])) return false;
    }
    if (call.arguments.some((/** @type {any} */ arg) => passesSharedState(arg)) && cls.kind !== 'read') return false;
    // Even a read handed one connection, session or transaction (`getRows(tx, id)`) runs on it.
    if (call.arguments.some((/** @type {any} */ arg) => passesConnection(arg))) return false;
    // Last, as it reads the callee's body: a find-or-create, or state every iteration shares, races when run together.
    return !(cls.summary && sharesStateAcrossCalls(cls.summary));
  }

  /**
   * An argument that hands the call something shared and mutable as it is:
   * a variable declared outside the loop (not a function, not a literal
   * constant), `this`, a member of either, or an object literal carrying
   * one (`{ db }`). A value computed from shared inputs (`join(dir, name)`,
   * a template) is a new value, and an element picked by the iteration
   * (`list[i]`) belongs to the iteration.
   * @param {any} arg
   * @returns {boolean}
   */
  function passesSharedState(arg) {
    const node = unwrap(arg);
    if (!node) return false;
    if (node.type === 'ThisExpression') return true;
    if (node.type === 'Identifier') {
      const symbol = index.symbolOf(node);
      return isShared(symbol) || locals.alias.has(symbol);
    }
    if (node.type === 'MemberExpression') {
      if (node.computed && readsIteration(node.property)) return false;
      return passesSharedState(node.object);
    }
    if (node.type === 'ObjectExpression') {
      return node.properties.some((/** @type {any} */ property) =>
        passesSharedState(property.type === 'SpreadElement' ? property.argument : property.value));
    }
    if (node.type === 'ArrayExpression') {
      return node.elements.some((/** @type {any} */ element) => element !== null && passesSharedState(element));
    }
    if (node.type === 'SpreadElement') return passesSharedState(node.argument);
    return false;
  }
}

/**
 * A callee whose body reads and writes one resource (find-or-create, a
 * counter), or writes module state or its object's fields: iterations calling
 * it at once would interleave those reads and writes.
 * @param {import('./project/index.js').CallSummary} summary
 */
function sharesStateAcrossCalls(summary) {
  return summary.findOrCreate || summary.thisWrites.size > 0 || [...summary.writes].some((key) => key.startsWith('state:'));
}

const PROMISE_METHODS = new Set(['then', 'catch', 'finally']);
const COMBINATORS = new Set(['all', 'allSettled', 'any', 'race']);

/**
 * The calls listed in `Promise.all([…])` (and allSettled/any/race), or null
 * for any other operand.
 * @param {any} call
 * @returns {any[] | null}
 */
function combinedCalls(call) {
  const callee = unwrap(call.callee);
  if (callee?.type !== 'MemberExpression' || !COMBINATORS.has(propertyName(callee) ?? '')) return null;
  const object = unwrap(callee.object);
  if (object?.type !== 'Identifier' || object.name !== 'Promise') return null;
  const list = unwrap(call.arguments[0]);
  if (list?.type !== 'ArrayExpression') return null;
  return list.elements
    .map((/** @type {any} */ element) => unwrap(element?.type === 'SpreadElement' ? null : element))
    .filter((/** @type {any} */ element) => element?.type === 'CallExpression');
}
const CONNECTION_NAMES = new Set(CONNECTION_RECEIVER_NAMES.map((name) => name.toLowerCase()));

/**
 * The call a promise chain starts from: `f(x)` in `f(x).then(g).catch(h)`.
 * @param {any} call
 */
function promiseSource(call) {
  let current = call;
  for (;;) {
    const callee = unwrap(current.callee);
    if (callee?.type !== 'MemberExpression' || !PROMISE_METHODS.has(propertyName(callee) ?? '')) return current;
    const inner = unwrap(callee.object);
    if (inner?.type !== 'CallExpression') return current;
    current = inner;
  }
}

/** @param {any} call */
function isAwaited(call) {
  let node = call;
  while (node.parent && (node.parent.type === 'ChainExpression' || node.parent.type.startsWith('TS'))) node = node.parent;
  return node.parent?.type === 'AwaitExpression';
}

/**
 * @param {any} node
 * @param {any} visitorKeys
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
