/**
 * Are the iterations of a loop independent, so that they may run together?
 * Any doubt answers no (null). The checks, in the order a reader would make them:
 *  - the iteration can move into a callback (no break/return/yield/var, no
 *    throw after an await, no continue to an outer loop);
 *  - nothing shared is written except order-preserving collection, so no
 *    iteration reads what an earlier one wrote (cursors, accumulators, counters);
 *  - no waiting on purpose (sleep/delay/timers/rate limiters/retries);
 *  - every awaited call is free to overlap: not on a connection, not a call
 *    into the item itself (`step.run()`, `m.up(db)`), not an ordered sink
 *    (a stream, a log, one file), not a write handed shared state;
 *  - output after an await (console, streams, emitters) would not reorder;
 *  - some await depends on the iteration (a loop repeating one call is
 *    polling or warming up, not a list of independent work).
 */
import { walk, isFunctionNode, unwrap, propertyName } from './ast.js';
import { effectsOf } from './effects.js';
import { nameWords } from './call-classification.js';
import { iterationControl } from './loop-control.js';
import { findCollectors } from './loop-collectors.js';

/** Words that mark waiting on purpose anywhere in a callee chain. */
const WAITING = /sleep|delay|throttl|limiter|ratelimit|backoff|semaphore|mutex|bottleneck|settimeout|setinterval|setimmediate|retry|poll/i;

/** First verbs of calls whose order is their meaning: one stream, one log, one event sequence. */
const SINK_VERBS = new Set([
  'write', 'append', 'log', 'print', 'emit', 'publish', 'enqueue', 'pipe', 'broadcast', 'info', 'warn',
  'error', 'debug', 'trace', 'unshift', 'dispatch', 'flush',
]);

/**
 * Guards awaited for their error (`await assertAccess(file)`): when several
 * items fail, the sequential loop throws the first in order, Promise.all the
 * first in time.
 */
const GUARD_VERBS = new Set(['throw', 'assert', 'validate', 'ensure', 'check', 'require', 'expect', 'fail', 'must', 'guard']);

/** Test-runner calls: tests and steps registered or run in a loop keep their order. */
const TEST_RUNNER_CALLS = new Set(['test', 'it', 'describe', 'suite', 'step', 'subtest', 'context', 'specify', 'bench']);

/** Receivers whose every call is output (`console.log`, `process.stdout.write`). */
const OUTPUT_ROOTS = new Set(['console', 'stdout', 'stderr', 'logger', 'log', 'process']);

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
 * The names along a callee chain (`a.b.c()` → a, b, c; `f()` → f) and the root node.
 * @param {any} call
 */
function calleeNames(call) {
  /** @type {string[]} */
  const names = [];
  let node = unwrap(call.callee);
  for (;;) {
    if (node?.type === 'MemberExpression') {
      const name = propertyName(node);
      if (name !== null) names.unshift(name);
      node = unwrap(node.object);
    } else if (node?.type === 'CallExpression') {
      node = unwrap(node.callee);
    } else {
      if (node?.type === 'Identifier') names.unshift(node.name);
      return { names, root: node };
    }
  }
}

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

  const [loopStart, loopEnd] = shape.loop.range;
  /** @param {unknown} symbol */
  const isIterationSymbol = (symbol) => {
    const variable = /** @type {any} */ (symbol);
    if (!variable || typeof variable !== 'object' || !Array.isArray(variable.defs) || variable.defs.length === 0) return false;
    return variable.defs.every((/** @type {any} */ def) => def.name.range[0] >= loopStart && def.name.range[1] <= loopEnd);
  };
  /** @param {any} node */
  const readsIteration = (node) => [...effectsOf(node, { visitorKeys, index }).reads].some(isIterationSymbol);

  const collectors = findCollectors(shape, { visitorKeys, symbolOf: index.symbolOf, isIterationSymbol, readsIteration });
  if (collectors === null) return null;
  const collections = new Set(collectors.map((collector) => collector.variable));

  // Shared state written by an iteration is state a later iteration may read.
  const effects = effectsOf(shape.body, { visitorKeys, index });
  for (const written of effects.writes) {
    if (isIterationSymbol(written) || collections.has(written)) continue;
    return null;
  }
  if (shape.index) {
    const counter = index.symbolOf(shape.index);
    if (effects.writes.has(counter)) return null;
  }

  const itemSymbols = elementSymbols(shape, context, readsIteration);
  const firstAwait = control.awaits[0];
  const collectorCalls = new Set(collectors.map((collector) => collector.node));
  let blocked = false;
  walk(shape.body, visitorKeys, (node) => {
    if (blocked) return false;
    if (node.type === 'NewExpression' && WAITING.test(calleeNames(node).names.join('.'))) blocked = true;
    if (node.type !== 'CallExpression' || collectorCalls.has(node)) return true;
    const { names, root } = calleeNames(node);
    if (WAITING.test(names.join('.')) || classifier.classifyCall(node).barrier) blocked = true;
    // Output made after an await would come out in completion order.
    const afterAwait = node.range[1] > firstAwait.range[0];
    if (afterAwait && !isAwaited(node) && isOutput(names, root)) blocked = true;
    if (afterAwait && !isAwaited(node) && !withinNestedFunction(node, shape.body) && isUnorderedWrite(node)) blocked = true;
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
    return node?.type === 'Identifier' && itemSymbols.has(index.symbolOf(node));
  }

  /**
   * @param {string[]} names
   * @param {any} root
   */
  function isOutput(names, root) {
    if (names.length === 0) return false;
    if (root?.type === 'Identifier' && OUTPUT_ROOTS.has(root.name) && names.length > 1) return true;
    return SINK_VERBS.has(nameWords(names[names.length - 1])[0]);
  }

  /**
   * `writeFile(pathOf(item), …)`: one file per item is not one ordered sink.
   * @param {string[]} names
   */
  function perItemFile(names) {
    const words = nameWords(names[names.length - 1]);
    return words.includes('file') || words.includes('json') || words.includes('object');
  }

  /** @param {any} call */
  function isAwaited(call) {
    let node = call;
    while (node.parent && (node.parent.type === 'ChainExpression' || node.parent.type.startsWith('TS'))) node = node.parent;
    return node.parent?.type === 'AwaitExpression';
  }

  /**
   * A write made without waiting, after an await, that names nothing of
   * the iteration (`stats.increment()`): its order relative to other
   * iterations would change.
   * @param {any} call
   */
  function isUnorderedWrite(call) {
    const cls = classifier.classifyCall(call);
    if (cls.kind !== 'write') return false;
    return !call.arguments.some((/** @type {any} */ arg) => readsIteration(arg));
  }

  /**
   * May this awaited call run while the same call of another iteration is pending?
   * @param {any} call
   */
  function awaitedCallMayOverlap(call) {
    const cls = classifier.classifyOperation(call);
    const { names, root } = calleeNames(call);
    if (cls.barrier) return false;
    const last = names[names.length - 1] ?? '';
    if (TEST_RUNNER_CALLS.has(last)) return false;
    if (GUARD_VERBS.has(nameWords(last)[0]) && call.parent?.type === 'AwaitExpression' && call.parent.parent?.type === 'ExpressionStatement') {
      return false;
    }
    // One shared connection, session or page serialises its calls; one made in this iteration is its own.
    if (cls.receiver?.connection && !isIterationSymbol(cls.receiver.root)) return false;
    // Calling into the item (`step.run()`, `m.up(db)`, `hook()`): items that are code run in their order.
    if (callsIntoItem(call) && cls.kind !== 'read') return false;
    if (isOutput(names, root)) {
      // A per-item file (`writeFile(join(dir, item.name), …)`) is fine; one shared target is not.
      if (!perItemFile(names) || !call.arguments[0] || !readsIteration(call.arguments[0])) return false;
    }
    if (cls.kind !== 'read' && call.arguments.some((/** @type {any} */ arg) => passesSharedState(arg))) return false;
    return true;
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
      return Boolean(symbol && typeof symbol === 'object' && !isIterationSymbol(symbol) && isSharedData(symbol));
    }
    if (node.type === 'MemberExpression') {
      if (node.computed && readsIteration(node.property)) return false;
      return passesSharedState(node.object);
    }
    if (node.type === 'ObjectExpression') {
      return node.properties.some((/** @type {any} */ property) =>
        property.type === 'SpreadElement' ? passesSharedState(property.argument) : passesSharedState(property.value));
    }
    if (node.type === 'ArrayExpression') return node.elements.some((/** @type {any} */ element) => element && passesSharedState(element.type === 'SpreadElement' ? element.argument : element));
    if (node.type === 'SpreadElement') return passesSharedState(node.argument);
    return false;
  }
}

/**
 * The variables that hold the element or a part of it: the loop's own
 * bindings, and locals initialised from a member of the element
 * (`const step = steps[i]`, `const { run } = plugin`).
 * @param {import('./loop-shapes.js').LoopShape} shape
 * @param {IterationContext} context
 * @param {(node: any) => boolean} readsIteration
 */
function elementSymbols(shape, context, readsIteration) {
  const items = new Set();
  if (shape.kind === 'for-of' || shape.kind === 'for-in') {
    for (const variable of context.declaredVariables(shape.loop.left)) items.add(variable);
  }
  const isElement = (/** @type {any} */ init) => {
    let node = unwrap(init);
    if (node?.type !== 'MemberExpression' && node?.type !== 'Identifier') return false;
    while (node?.type === 'MemberExpression') {
      if (node.computed && readsIteration(node.property)) return true;
      node = unwrap(node.object);
    }
    return node?.type === 'Identifier' && items.has(context.index.symbolOf(node));
  };
  walk(shape.body, context.visitorKeys, (node) => {
    if (node !== shape.body && isFunctionNode(node)) return false;
    if (node.type === 'VariableDeclarator' && node.init && isElement(node.init)) {
      for (const variable of context.declaredVariables(node)) items.add(variable);
    }
    return true;
  });
  return items;
}

/**
 * A variable holding data (not a function, class or import) that is not a
 * literal constant.
 * @param {any} variable
 */
function isSharedData(variable) {
  if (!Array.isArray(variable.defs) || variable.defs.length === 0) return false;
  return variable.defs.every((/** @type {any} */ def) => {
    if (def.type === 'Parameter') return true;
    if (def.type !== 'Variable') return false;
    const init = unwrap(def.node.init);
    const literal = init?.type === 'Literal' || (init?.type === 'TemplateLiteral' && init.expressions.length === 0);
    if (def.parent?.kind === 'const' && def.node.id === def.name && literal) return false;
    return !isFunctionNode(init);
  });
}

/**
 * @param {any} node
 * @param {any} body
 */
function withinNestedFunction(node, body) {
  for (let current = node.parent; current && current !== body; current = current.parent) {
    if (isFunctionNode(current)) return true;
  }
  return false;
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
