/**
 * One module's call sites for the caller index: every call, `new`, callback
 * hand-over, IIFE and route registration, each with the function it is made
 * from (or the module's top level). Walks the module once, keeping a frame
 * per function (its names, its class or object for `this`).
 */
import { unwrap, isFunctionNode, propertyName } from '../ast.js';
import { foreignVisitorKeys } from './module-cache.js';
import { resolveCall, valueOfExpression, valueOfRequire } from './callee-lookup.js';
import { declaredNames } from './declared-names.js';
import { registrationsOf, declaredEntryPoints } from './entry-points.js';
import { keyName } from './module-view.js';

/**
 * A function's identity across parsers: its file and where it starts.
 * @param {string} file
 * @param {any} fn
 */
export function functionKey(file, fn) {
  return `${file}#${fn.range[0]}`;
}

/**
 * @typedef {object} Frame
 * @property {any | null} fn
 * @property {string | null} name
 * @property {any | null} classNode
 * @property {any | null} objectNode
 * @property {Set<string>} declared names declared in this function and those around it
 * @property {Map<string, any>} inits initialisers of the names declared in them
 * @property {boolean} method the function about to be entered is a method (its `this` is the class or object)
 * @property {boolean} [naming] `name` is the name of the function about to be entered
 */

/**
 * Records every call, `new`, callback hand-over and route registration of one module.
 * @param {import('./module-view.js').ModuleView} view
 * @param {import('./callers.js').CallerIndex} index
 */
export function scanModule(view, index) {
  const visitorKeys = foreignVisitorKeys();
  for (const entry of declaredEntryPoints(view)) index.entries.set(functionKey(view.file, entry.fn), { kind: entry.kind, label: entry.label, file: view.file });

  /**
   * @param {string | null} target key of the function run
   * @param {Frame} frame
   */
  const addCaller = (target, frame) => {
    if (target === null) return;
    const sites = index.callers.get(target) ?? [];
    const caller = frame === UNKNOWN_FRAME ? UNKNOWN_CALLER : frame.fn ? functionKey(view.file, frame.fn) : null;
    const callerClass = frame.fn && frame.classNode?.id ? frame.classNode.id.name : null;
    sites.push({ caller, callerNode: frame.fn, callerName: frame.name, callerClass, file: view.file });
    index.callers.set(target, sites);
  };

  /**
   * The function an argument or callee expression stands for, as a key.
   * @param {any} expression
   * @param {Frame} frame
   */
  const functionOf = (expression, frame) => {
    const node = unwrap(expression);
    if (isFunctionNode(node)) return functionKey(view.file, node);
    // `app.get('*', require('./controller'))`
    const required = node?.type === 'CallExpression' ? valueOfRequire(view, node) : null;
    if (required?.type === 'function') return functionKey(required.view.file, required.fn);
    if (node?.type !== 'Identifier' && node?.type !== 'MemberExpression') return null;
    const value = valueOfExpression(node, contextOf(frame));
    return value?.type === 'function' ? functionKey(value.view.file, value.fn) : null;
  };

  /** @param {Frame} frame */
  const contextOf = (frame) => ({
    view,
    classNode: frame.classNode,
    objectNode: frame.objectNode,
    isShadowed: (/** @type {string} */ name) => frame.declared.has(name),
    localInit: (/** @type {string} */ name) => frame.inits.get(name),
  });

  /**
   * @param {any} call
   * @param {Frame} frame
   */
  const onCall = (call, frame) => {
    const registered = registrationsOf(view, call, (name) => frame.inits.get(name));
    for (const { handler, kind, label } of registered) {
      // `router.post('/', asyncHandler(async (req, res) => …))`: the wrapped function is the handler.
      const wrapped = unwrap(handler)?.type === 'CallExpression' ? unwrap(handler).arguments.filter((/** @type {any} */ a) => isFunctionNode(unwrap(a))) : [];
      for (const fn of [handler, ...wrapped]) {
        const key = functionOf(fn, frame);
        if (key) index.entries.set(key, { kind, label, file: view.file });
      }
    }
    if (call.type === 'NewExpression') {
      const created = valueOfExpression(call.callee, contextOf(frame));
      const constructor = created?.type === 'class' ? created.node.body.body.find((/** @type {any} */ m) => m.type === 'MethodDefinition' && m.kind === 'constructor') : null;
      if (constructor && created?.type === 'class') addCaller(functionKey(created.view.file, constructor.value), frame);
    } else {
      const target = resolveCall(call, contextOf(frame));
      if (target) addCaller(functionKey(target.view.file, target.fn), frame);
    }
    // A callback runs on the caller's behalf when an array method calls it right away (`items.forEach(load)`), as an
    // IIFE does; handed to any other call it may run at any later time (`asyncHandler(fn)`, `emitter.on(…, fn)`).
    if (registered.length === 0) {
      const runsNow = isSynchronousIteration(call);
      for (const argument of call.arguments) addCaller(functionOf(argument, frame), runsNow ? frame : UNKNOWN_FRAME);
    }
    if (isFunctionNode(unwrap(call.callee))) addCaller(functionKey(view.file, unwrap(call.callee)), frame);
  };

  /**
   * @param {any} node
   * @param {Frame} frame
   */
  const visit = (node, frame) => {
    if (!node || typeof node.type !== 'string') return;
    const inner = isFunctionNode(node) ? enterFunction(node, frame, visitorKeys) : frame;
    if (node.type === 'CallExpression' || node.type === 'NewExpression') onCall(node, frame);
    for (const key of visitorKeys[node.type] ?? []) {
      const child = node[key];
      if (Array.isArray(child)) for (const item of child) visitChild(item, node, inner);
      else visitChild(child, node, inner);
    }
  };

  /**
   * @param {any} child
   * @param {any} parent
   * @param {Frame} frame
   */
  const visitChild = (child, parent, frame) => {
    if (!child || typeof child.type !== 'string') return;
    if (child.type === 'ClassBody') {
      visit(child, { ...frame, classNode: parent });
      return;
    }
    // A method's name and owner: `AdminAssets.constructor`, `{ init() {} }`.
    if ((parent.type === 'MethodDefinition' || parent.type === 'Property' || parent.type === 'PropertyDefinition') && child === parent.value && isFunctionNode(unwrap(child))) {
      const owner = parent.type === 'Property' ? { classNode: null, objectNode: frame.objectNode } : { classNode: frame.classNode, objectNode: null };
      visit(child, { ...frame, ...owner, method: true, naming: true, name: keyName(parent.key) });
      return;
    }
    if (child.type === 'ObjectExpression') {
      visit(child, { ...frame, objectNode: child });
      return;
    }
    if (parent.type === 'VariableDeclarator' && child === parent.init && parent.id.type === 'Identifier' && isFunctionNode(unwrap(child))) {
      visit(child, { ...frame, naming: true, name: parent.id.name });
      return;
    }
    visit(child, frame);
  };

  visit(view.program, { fn: null, name: null, classNode: null, objectNode: null, method: false, declared: new Set(), inits: new Map() });
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
/** @type {Frame} */
const UNKNOWN_FRAME = { fn: null, name: null, classNode: null, objectNode: null, method: false, declared: new Set(), inits: new Map() };

/**
 * @param {any} fn
 * @param {Frame} outer
 * @param {any} visitorKeys
 * @returns {Frame}
 */
function enterFunction(fn, outer, visitorKeys) {
  const declared = new Set([...outer.declared, ...declaredNames(fn, visitorKeys, { nested: false })]);
  const inits = new Map(outer.inits);
  for (const statement of fn.body?.type === 'BlockStatement' ? fn.body.body : []) {
    if (statement.type !== 'VariableDeclaration') continue;
    for (const declarator of statement.declarations) if (declarator.id.type === 'Identifier') inits.set(declarator.id.name, declarator.init);
  }
  // An arrow shares `this` with the code around it; a method's `this` is its object; any other function has its own.
  const keepsThis = fn.type === 'ArrowFunctionExpression' || outer.method;
  return {
    fn,
    // Only the function itself carries a name: an arrow inside `init()` may be an event handler that runs later.
    name: fn.id?.name ?? (outer.naming ? outer.name : null),
    naming: false,
    classNode: keepsThis ? outer.classNode : null,
    objectNode: keepsThis ? outer.objectNode : null,
    method: false,
    declared,
    inits,
  };
}
