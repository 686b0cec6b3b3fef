/**
 * One module's call sites for the caller index: every call, `new`, callback
 * hand-over, IIFE and route registration, each with the function it is made
 * from (or the module's top level). The walk that knows which function a
 * call is made from is function-frames.js; this file records what it finds.
 */
import { unwrap, isFunctionNode, propertyName } from '../../core/syntax/ast.js';
import { foreignVisitorKeys } from '../modules/module-cache.js';
import { resolveCall, valueOfExpression, valueOfRequire } from '../callees/callee-lookup.js';
import { registrationsOf, declaredEntryPoints } from './entry-points.js';
import { walkCalls, topLevelFrame, isDeclared, initOf } from './function-frames.js';

/**
 * A function's identity across parsers: its file and where it starts.
 * @param {string} file
 * @param {any} fn
 */
export function functionKey(file, fn) {
  return `${file}#${fn.range[0]}`;
}

/**
 * @typedef {import('./function-frames.js').Frame} Frame
 * @typedef {{ view: import('../modules/module-view.js').ModuleView, index: import('./callers.js').CallerIndex }} ModuleScan
 *   the module being scanned and the index its call sites go to
 */

/**
 * Records every call, `new`, callback hand-over and route registration of one module.
 * @param {import('../modules/module-view.js').ModuleView} view
 * @param {import('./callers.js').CallerIndex} index
 */
export function scanModule(view, index) {
  for (const entry of declaredEntryPoints(view)) index.entries.set(functionKey(view.file, entry.fn), { kind: entry.kind, label: entry.label, file: view.file });
  const scan = { view, index };
  for (const [call, frame] of callsIn(view)) recordCall(scan, call, frame);
}

/**
 * Each module's calls with the frames they are made from. A module is scanned again when
 * another file is asked about (its imports are then followed elsewhere): the walk, which
 * costs more than recording, is done once.
 * @type {WeakMap<import('../modules/module-view.js').ModuleView, Array<[any, Frame]>>}
 */
const callsOfView = new WeakMap();

/** @param {import('../modules/module-view.js').ModuleView} view */
function callsIn(view) {
  let calls = callsOfView.get(view);
  if (!calls) {
    const found = /** @type {Array<[any, Frame]>} */ ([]);
    walkCalls(view.program, foreignVisitorKeys(), (call, frame) => found.push([call, frame]));
    callsOfView.set(view, (calls = found));
  }
  return calls;
}

/**
 * What one call tells the index: the handlers it registers, the function it
 * runs, the callbacks it is handed and, for an IIFE, the function it is.
 * @param {ModuleScan} scan
 * @param {any} call
 * @param {Frame} frame
 */
function recordCall(scan, call, frame) {
  const registered = recordRegistrations(scan, call, frame);
  recordCallee(scan, call, frame);
  // A callback runs on the caller's behalf when an array method calls it right away (`items.forEach(load)`), as an
  // IIFE does; handed to any other call it may run at any later time (`asyncHandler(fn)`, `emitter.on(…, fn)`).
  if (registered.length === 0) {
    const runsNow = isSynchronousIteration(call);
    for (const argument of call.arguments) addCaller(scan, functionOf(scan, argument, frame), runsNow ? frame : UNKNOWN_FRAME);
  }
  if (isFunctionNode(unwrap(call.callee))) addCaller(scan, functionKey(scan.view.file, unwrap(call.callee)), frame);
}

/**
 * Marks the handlers a call registers (a route, a queue worker, a listen callback) as entry points.
 * @param {ModuleScan} scan
 * @param {any} call
 * @param {Frame} frame
 * @returns {ReturnType<typeof registrationsOf>} the registrations found
 */
function recordRegistrations(scan, call, frame) {
  const registered = registrationsOf(scan.view, call, (name) => initOf(frame, name));
  for (const { handler, kind, label } of registered) {
    // `router.post('/', asyncHandler(async (req, res) => …))`: the wrapped function is the handler.
    const wrapped = unwrap(handler)?.type === 'CallExpression' ? unwrap(handler).arguments.filter((/** @type {any} */ a) => isFunctionNode(unwrap(a))) : [];
    for (const fn of [handler, ...wrapped]) {
      const key = functionOf(scan, fn, frame);
      if (key) scan.index.entries.set(key, { kind, label, file: scan.view.file });
    }
  }
  return registered;
}

/**
 * Adds the frame's function as a caller of the function the call runs: the
 * callee it resolves to, or the constructor of the class it creates.
 * @param {ModuleScan} scan
 * @param {any} call
 * @param {Frame} frame
 */
function recordCallee(scan, call, frame) {
  if (call.type === 'NewExpression') {
    const created = valueOfExpression(call.callee, contextOf(scan.view, frame));
    const constructor = created?.type === 'class' ? created.node.body.body.find((/** @type {any} */ m) => m.type === 'MethodDefinition' && m.kind === 'constructor') : null;
    if (constructor && created?.type === 'class') addCaller(scan, functionKey(created.view.file, constructor.value), frame);
  } else {
    const target = resolveCall(call, contextOf(scan.view, frame));
    if (target) addCaller(scan, functionKey(target.view.file, target.fn), frame);
  }
}

/**
 * @param {ModuleScan} scan
 * @param {string | null} target key of the function run
 * @param {Frame} frame
 */
function addCaller(scan, target, frame) {
  if (target === null) return;
  const { view, index } = scan;
  const sites = index.callers.get(target) ?? [];
  const caller = frame === UNKNOWN_FRAME ? UNKNOWN_CALLER : frame.fn ? functionKey(view.file, frame.fn) : null;
  const callerClass = frame.fn && frame.classNode?.id ? frame.classNode.id.name : null;
  sites.push({ caller, callerNode: frame.fn, callerName: frame.name, callerClass, file: view.file });
  index.callers.set(target, sites);
}

/**
 * The function an argument or callee expression stands for, as a key.
 * @param {ModuleScan} scan
 * @param {any} expression
 * @param {Frame} frame
 */
function functionOf(scan, expression, frame) {
  const { view } = scan;
  const node = unwrap(expression);
  if (isFunctionNode(node)) return functionKey(view.file, node);
  // `app.get('*', require('./controller'))`
  const required = node?.type === 'CallExpression' ? valueOfRequire(view, node) : null;
  if (required?.type === 'function') return functionKey(required.view.file, required.fn);
  if (node?.type !== 'Identifier' && node?.type !== 'MemberExpression') return null;
  const value = valueOfExpression(node, contextOf(view, frame));
  return value?.type === 'function' ? functionKey(value.view.file, value.fn) : null;
}

/**
 * @param {import('../modules/module-view.js').ModuleView} view
 * @param {Frame} frame
 * @returns {import('../callees/callee-lookup.js').CallContext}
 */
function contextOf(view, frame) {
  return {
    view,
    classNode: frame.classNode,
    objectNode: frame.objectNode,
    isShadowed: (name) => isDeclared(frame, name),
    localInit: (name) => initOf(frame, name),
  };
}

/** Array methods that call their callback before they return. */
const SYNCHRONOUS_ITERATORS = new Set(['forEach', 'map', 'flatMap', 'filter', 'reduce', 'reduceRight', 'some', 'every', 'find', 'findIndex', 'findLast', 'findLastIndex', 'sort']);

/** @param {any} call */
function isSynchronousIteration(call) {
  const callee = unwrap(call.callee);
  return callee?.type === 'MemberExpression' && SYNCHRONOUS_ITERATORS.has(propertyName(callee) ?? '');
}

/** The key of a caller nobody can know: a callback handed to a call that may run it at any time. */
export const UNKNOWN_CALLER = 'unknown';
/** A frame compared by identity: the caller of a callback that may run at any time, told apart from a top level. */
const UNKNOWN_FRAME = topLevelFrame();
