/**
 * One module's call sites for the caller index: every call, `new`, callback
 * hand-over, IIFE and route registration, each with the function it is made
 * from (or the module's top level). The walk that knows which function a
 * call is made from is function-frames.js; this file records what it finds.
 */
import { unwrap, isFunctionNode, propertyName } from '../../language/syntax/ast.js';
import { foreignVisitorKeys } from '../modules/module-cache.js';
import { resolveCall, valueOfExpression, valueOfRequire, memberOf } from '../modules/callee-lookup.js';
import { registrationsOf, declaredEntryPoints } from './entry-points.js';
import { walkCalls, isDeclared, initOf, constantInitOf, ownerOf } from './function-frames.js';
import { routesThroughParameters } from './routes-through-parameters.js';
import { dynamicRequireMethods, blockRequireOf, dynamicRequireFolder } from '../callees/dynamic-requires.js';

/**
 * @typedef {import('../../language/syntax/ast.js').Node} Node
 * @typedef {import('../../language/syntax/ast.js').CallNode} CallNode
 * @typedef {import('../../language/syntax/ast.js').VisitorKeys} VisitorKeys
 * @typedef {import('../../language/syntax/ast.js').FunctionNode} FunctionNode
 */

/**
 * A function's identity across parsers: its file and where it starts.
 * @param {string} file
 * @param {FunctionNode} fn
 */
export function functionKey(file, fn) {
  return `${file}#${fn.range[0]}`;
}

/**
 * @typedef {import('./function-frames.js').Frame} Frame
 * @typedef {{ e: string, v: import('./callers.js').EntryFact }
 *   | { c: string, caller: string | null, callerRange: [number, number] | null, callerName: string | null,
 *       callerClass: string | null, deferred: boolean, at: [number, number], direct: boolean }} ScanOp
 *   what a scan did to the index, in order: an entry point set (e), a call site added to a function's callers (c);
 *   `at` is the call the site was found at, `direct` whether that call runs the function (the site's `call`)
 * @typedef {{ view: import('../modules/module-view.js').ModuleView, index: import('./callers.js').CallerIndex | null,
 *   log: ScanOp[] | null, at: any }} ModuleScan
 *   the module being scanned, the index its call sites go to (none: the log alone is wanted), the log of
 *   what it did (see scan-cache.js) and the call being recorded
 */

/**
 * Records every call, `new`, callback hand-over and route registration of one module.
 * @param {import('../modules/module-view.js').ModuleView} view
 * @param {import('./callers.js').CallerIndex | null} index where the call sites go, holding the nodes they
 *   were found at; null when only the log is wanted
 * @param {any} [visitorKeys] the keys of the parser that built the module's tree (default: oxc-parser's)
 * @param {ScanOp[] | null} [log] filled with what the scan did (or would have done) to the index, in order
 */
export function scanModule(view, index, visitorKeys = foreignVisitorKeys(), log = null) {
  /** @type {ModuleScan} */
  const scan = { view, index, log, at: null };
  for (const entry of declaredEntryPoints(view)) {
    setEntry(scan, functionKey(view.file, entry.fn), { kind: entry.kind, label: entry.label, file: view.file, ...(entry.transaction ? { transaction: true } : {}), ...(entry.fallback ? { fallback: true } : {}) });
  }
  for (const [call, frame] of callsIn(view, visitorKeys)) {
    scan.at = call;
    recordCall(scan, call, frame);
  }
}

/**
 * @param {ModuleScan} scan
 * @param {string} key
 * @param {import('./callers.js').EntryFact} entry
 */
function setEntry(scan, key, entry) {
  if (scan.index) putEntry(scan.index.entries, key, entry);
  scan.log?.push({ e: key, v: entry });
}

/**
 * Records a function's entry: a fallback (a handler known by its shape alone) never replaces another
 * entry, and any other replaces it, whichever module was scanned first.
 * @param {Map<string, import('./callers.js').EntryFact>} entries
 * @param {string} key
 * @param {import('./callers.js').EntryFact} entry
 */
export function putEntry(entries, key, entry) {
  if (entry.fallback && entries.has(key)) return;
  entries.set(key, entry);
}

/**
 * The call a scan of the module found at a place, with the frame it is made from: what a call site
 * read back from the persistent cache holds instead of the nodes (scan-cache.js asks when they are needed).
 * @param {import('../modules/module-view.js').ModuleView} view
 * @param {[number, number]} range
 * @returns {[any, Frame] | null}
 */
export function callAt(view, range) {
  for (const pair of callsIn(view, foreignVisitorKeys())) if (pair[0].range[0] === range[0] && pair[0].range[1] === range[1]) return pair;
  return null;
}

/**
 * A module's calls with the frames they are made from, walked once per module: for the questions asked
 * after the scans (route-prefix.js reads the mounts of the modules that import a router's).
 * @param {import('../modules/module-view.js').ModuleView} view a module loaded by the project index
 * @returns {ReadonlyArray<[any, Frame]>}
 */
export function callsWithFrames(view) {
  return callsIn(view, foreignVisitorKeys());
}

/**
 * Each module's calls with the frames they are made from. A module is scanned again when
 * another file is asked about (its imports are then followed elsewhere): the walk, which
 * costs more than recording, is done once.
 * @type {WeakMap<import('../modules/module-view.js').ModuleView, Array<[any, Frame]>>}
 */
const callsOfView = new WeakMap();

/**
 * @param {import('../modules/module-view.js').ModuleView} view
 * @param {VisitorKeys} visitorKeys
 */
function callsIn(view, visitorKeys) {
  // Read first, also when the calls are known: work being recorded reads the whole module either way (../modules/module-reads.js).
  const program = view.program;
  let calls = callsOfView.get(view);
  if (!calls) {
    const found = /** @type {Array<[any, Frame]>} */ ([]);
    walkCalls(program, visitorKeys, (call, frame) => found.push([call, frame]));
    callsOfView.set(view, (calls = found));
  }
  return calls;
}

/**
 * What one call tells the index: the handlers it registers, the function it
 * runs, the callbacks it is handed and, for an IIFE, the function it is.
 * @param {ModuleScan} scan
 * @param {CallNode} call
 * @param {Frame} frame
 */
function recordCall(scan, call, frame) {
  const registered = recordRegistrations(scan, call, frame);
  recordCallee(scan, call, frame);
  if (registered.length === 0) {
    const when = callbackTiming(call, frame);
    for (const argument of call.arguments) {
      for (const callback of callbacksIn(argument)) addCaller(scan, functionOf(scan, callback, frame), frame, { deferred: when === 'any time', call: null });
    }
  }
  if (isFunctionNode(unwrap(call.callee))) addCaller(scan, functionKey(scan.view.file, unwrap(call.callee)), frame, { deferred: false, call });
}

/**
 * When a call runs the callbacks it is handed. An array method runs them before it returns,
 * and a promise its executor, as an IIFE runs; a promise's `then` and a timer run them once,
 * later; any other call may run them any number of times, at any later time
 * (`asyncHandler(fn)`, `emitter.on(…, fn)`, `retry(fn)`).
 * @param {CallNode} call
 * @param {Frame} frame
 * @returns {'now' | 'once' | 'any time'}
 */
function callbackTiming(call, frame) {
  const callee = unwrap(call.callee);
  if (callee?.type === 'MemberExpression') {
    const method = propertyName(callee) ?? '';
    if (SYNCHRONOUS_ITERATORS.has(method)) return 'now';
    if (PROMISE_CONTINUATIONS.has(method)) return 'once';
    const object = unwrap(callee.object);
    if (object?.type === 'Identifier' && object.name === 'process' && method === 'nextTick' && !isDeclared(frame, 'process')) return 'once';
    return 'any time';
  }
  if (callee?.type !== 'Identifier' || isDeclared(frame, callee.name)) return 'any time';
  if (call.type === 'NewExpression' && callee.name === 'Promise') return 'now';
  return ONE_SHOT_TIMERS.has(callee.name) ? 'once' : 'any time';
}

/**
 * The functions an argument hands over: itself, or the functions an object
 * or array literal holds (`runQuery({ [PRISMA]: () => …, [CLICKHOUSE]: () => … })`).
 * @param {Node} argument
 * @returns {any[]}
 */
function callbacksIn(argument) {
  const node = unwrap(argument);
  if (node?.type === 'ObjectExpression') {
    return node.properties.filter((/** @type {any} */ p) => p.type === 'Property' && isFunctionNode(unwrap(p.value))).map((/** @type {any} */ p) => p.value);
  }
  if (node?.type === 'ArrayExpression') return node.elements.filter((/** @type {any} */ element) => isFunctionNode(unwrap(element)));
  return [argument];
}

/**
 * Marks the handlers a call registers (a route, a queue worker, a listen callback) as entry points.
 * @param {ModuleScan} scan
 * @param {CallNode} call
 * @param {Frame} frame
 * @returns {ReturnType<typeof registrationsOf>} the registrations found
 */
function recordRegistrations(scan, call, frame) {
  const registered = registrationsOf(scan.view, call, scopeOf(scan.view, frame));
  for (const { handler, kind, label, view, router } of registered) {
    if (view && view !== scan.view) {
      // A handler written in another module (a socket handler module handed the socket).
      setEntry(scan, functionKey(view.file, unwrap(handler)), { kind, label, file: view.file });
      continue;
    }
    // `router.post('/', asyncHandler(async (req, res) => …))`, `helpers.tryRoute(controllers.users.get)`: a handler made
    // by a call runs the functions it is handed, written there or named.
    const wrapped = unwrap(handler)?.type === 'CallExpression' ? unwrap(handler).arguments : [];
    for (const fn of [handler, ...wrapped]) {
      const key = functionOf(scan, fn, frame);
      if (key) setEntry(scan, key, { kind, label, file: scan.view.file, ...(router ? { router } : {}) });
    }
  }
  return registered;
}

/**
 * Adds the frame's function as a caller of the function the call runs: the
 * callee it resolves to, or the constructor of the class it creates.
 * @param {ModuleScan} scan
 * @param {CallNode} call
 * @param {Frame} frame
 */
function recordCallee(scan, call, frame) {
  const site = { deferred: false, call };
  if (call.type === 'NewExpression') {
    const created = valueOfExpression(call.callee, contextOf(scan.view, frame));
    const constructor = created?.type === 'class' ? created.node.body.body.find((/** @type {any} */ m) => m.type === 'MethodDefinition' && m.kind === 'constructor') : null;
    if (constructor && created?.type === 'class') addCaller(scan, functionKey(created.view.file, constructor.value), frame, site);
    return;
  }
  const local = localFunction(frame, call.callee);
  const target = local ? { fn: local, file: scan.view.file } : staticMethod(scan.view, frame, call.callee);
  if (target) {
    addCaller(scan, functionKey(target.file, target.fn), frame, site);
    return;
  }
  const resolved = resolveCall(call, contextOf(scan.view, frame));
  if (!resolved) {
    for (const provider of providersCalled(scan.view, frame, call)) addCaller(scan, functionKey(provider.view.file, provider.fn), frame, site);
    return;
  }
  addCaller(scan, functionKey(resolved.view.file, resolved.fn), frame, site);
  for (const { fn, fnFile, kind, label, file } of routesThroughParameters({ view: scan.view, frame, call }, resolved, scanTools)) {
    setEntry(scan, functionKey(fnFile, fn), { kind, label, file });
  }
}

/**
 * `provider.uploadImage(…)` with `provider = require('./' + config.type)`: each module of that folder
 * with the method (callees/dynamic-requires.js).
 * @param {import('../modules/module-view.js').ModuleView} view
 * @param {Frame} frame
 * @param {CallNode} call
 */
function providersCalled(view, frame, call) {
  const callee = unwrap(call.callee);
  const object = callee?.type === 'MemberExpression' ? unwrap(callee.object) : null;
  if (object?.type !== 'Identifier') return [];
  const declaredHere = frame.declared.has(object.name);
  const binding = isDeclared(frame, object.name) ? null : view.bindings.get(object.name);
  const init = declaredHere && frame.fn ? initOf(frame, object.name) ?? requireInBlock(view, frame.fn, object.name) : binding?.kind === 'value' ? binding.node : null;
  return init ? dynamicRequireMethods(view, init, callee) : [];
}

/** @type {WeakMap<import('../modules/module-view.js').ModuleView, Set<any>>} per module: the functions that make a require completed at run time */
const requiringOfView = new WeakMap();

/**
 * The `require('./' + name)` a function's body declares `name` with in one of its blocks, or null.
 * Such a require is itself a call made from that function, so only a function among the module's
 * calls' frames that makes one is read (most make none, and reading one walks its whole body).
 * @param {import('../modules/module-view.js').ModuleView} view
 * @param {FunctionNode} fn
 * @param {string} name
 */
function requireInBlock(view, fn, name) {
  let requiring = requiringOfView.get(view);
  if (!requiring) {
    const calls = callsOfView.get(view);
    // Asked only while the view's calls are recorded, so they are known; otherwise the body is read.
    if (!calls) return blockRequireOf(fn, name, foreignVisitorKeys());
    requiring = new Set(calls.filter(([call]) => dynamicRequireFolder(call) !== null).map(([, frame]) => frame.fn));
    requiringOfView.set(view, requiring);
  }
  return requiring.has(fn) ? blockRequireOf(fn, name, foreignVisitorKeys()) : null;
}

/** @type {import('./routes-through-parameters.js').ScanTools} */
const scanTools = { callsIn: (view) => callsIn(view, foreignVisitorKeys()), scopeOf, contextOf };

/**
 * The function a name declared in an enclosing function holds: `function
 * helper() {}` or `const parse = (data) => …` inside a handler.
 * @param {Frame} frame
 * @param {Node} expression
 * @returns {any} the function node, or null
 */
function localFunction(frame, expression) {
  const node = unwrap(expression);
  if (node?.type !== 'Identifier') return null;
  for (let current = /** @type {Frame | null} */ (frame); current; current = current.outer) {
    if (!current.declared.has(node.name)) continue;
    const init = unwrap(current.inits.get(node.name));
    return isFunctionNode(init) ? init : null;
  }
  return null;
}

/**
 * `this.helper()` inside a static method: the class's static `helper`.
 * @param {import('../modules/module-view.js').ModuleView} view
 * @param {Frame} frame
 * @param {Node} expression
 */
function staticMethod(view, frame, expression) {
  const node = unwrap(expression);
  if (!frame.isStatic || !frame.classNode || node?.type !== 'MemberExpression' || unwrap(node.object).type !== 'ThisExpression') return null;
  const name = propertyName(node);
  const member = name === null ? null : memberOf({ type: 'class', node: frame.classNode, view }, name);
  return member?.type === 'function' ? { fn: member.fn, file: member.view.file } : null;
}

/**
 * @param {ModuleScan} scan
 * @param {string | null} target key of the function run
 * @param {Frame} frame the frame it is run (or handed over) from
 * @param {{ deferred: boolean, call: any }} how deferred: handed over to run any number of times later;
 *   call: the call that runs it directly, whose arguments are its parameters' values
 */
function addCaller(scan, target, frame, { deferred, call }) {
  if (target === null) return;
  const { view, index } = scan;
  const site = callSiteOf(view, frame, deferred, call);
  const { caller, callerClass } = site;
  if (index) {
    const sites = index.callers.get(target) ?? [];
    sites.push(site);
    index.callers.set(target, sites);
  }
  scan.log?.push({
    c: target, caller, callerRange: frame.fn ? [frame.fn.range[0], frame.fn.range[1]] : null, callerName: frame.name, callerClass,
    deferred, at: [scan.at.range[0], scan.at.range[1]], direct: call !== null,
  });
}

/**
 * @param {import('../modules/module-view.js').ModuleView} view
 * @param {Frame} frame the frame the call is made from
 * @param {boolean} deferred
 * @param {any} call
 * @returns {import('./callers.js').CallSite}
 */
function callSiteOf(view, frame, deferred, call) {
  const caller = frame.fn ? functionKey(view.file, frame.fn) : null;
  const callerClass = frame.fn && frame.classNode?.id ? frame.classNode.id.name : null;
  return { caller, callerNode: frame.fn, callerName: frame.name, callerClass, file: view.file, view, deferred, call, frame };
}

/**
 * The calls of a method of that name in a module that the index follows to no function: the receiver
 * is not `this` or `super`, and is no value the module knows (an import, a class, an instance, an
 * object of its own), nor a provider loaded from a folder (contracts.js reads them as calls of a contract).
 * @param {import('../modules/module-view.js').ModuleView} view
 * @param {string} name
 * @returns {import('./callers.js').CallSite[]}
 */
export function unresolvedMethodCalls(view, name) {
  const sites = [];
  for (const [call, frame] of callsIn(view, foreignVisitorKeys())) {
    const callee = call.type === 'CallExpression' ? unwrap(call.callee) : null;
    if (callee?.type !== 'MemberExpression' || propertyName(callee) !== name) continue;
    const object = unwrap(callee.object);
    if (object.type === 'ThisExpression' || object.type === 'Super') continue;
    const context = contextOf(view, frame);
    if (valueOfExpression(object, context) !== null || resolveCall(call, context) || providersCalled(view, frame, call).length > 0) continue;
    sites.push(callSiteOf(view, frame, false, call));
  }
  return sites;
}

/**
 * The function an argument or callee expression stands for, as a key.
 * @param {ModuleScan} scan
 * @param {Node} expression
 * @param {Frame} frame
 */
function functionOf(scan, expression, frame) {
  const { view } = scan;
  const node = unwrap(expression);
  if (isFunctionNode(node)) return functionKey(view.file, node);
  const local = localFunction(frame, node);
  if (local) return functionKey(view.file, local);
  // `app.get('*', require('./controller'))`
  const required = node?.type === 'CallExpression' ? valueOfRequire(view, node) : null;
  if (required?.type === 'function') return functionKey(required.view.file, required.fn);
  if (node?.type !== 'Identifier' && node?.type !== 'MemberExpression') return null;
  const value = valueOfExpression(node, contextOf(view, frame));
  return value?.type === 'function' ? functionKey(value.view.file, value.fn) : null;
}

/**
 * What the framework modules may ask about the names around a call.
 * @param {import('../modules/module-view.js').ModuleView} view
 * @param {Frame} frame
 * @returns {import('../frameworks/routing/framework.js').CallScope}
 */
function scopeOf(view, frame) {
  return {
    localInit: (name) => initOf(frame, name),
    ownerOf: (name) => ownerOf(frame, name) ?? view.program,
    resolveCall(call) {
      const local = localFunction(frame, call.callee);
      if (local) return { fn: local, view };
      const resolved = resolveCall(call, contextOf(view, frame));
      return resolved ? { fn: resolved.fn, view: resolved.view } : null;
    },
  };
}

/**
 * @param {import('../modules/module-view.js').ModuleView} view
 * @param {Frame} frame
 * @returns {import('../modules/callee-lookup.js').CallContext}
 */
function contextOf(view, frame) {
  return {
    view,
    classNode: frame.classNode,
    objectNode: frame.objectNode,
    isShadowed: (name) => isDeclared(frame, name),
    localInit: (name) => initOf(frame, name),
    localConstant: (name) => constantInitOf(frame, name),
  };
}

/** Array methods that call their callback before they return. */
const SYNCHRONOUS_ITERATORS = new Set(['forEach', 'map', 'flatMap', 'filter', 'reduce', 'reduceRight', 'some', 'every', 'find', 'findIndex', 'findLast', 'findLastIndex', 'sort']);
/** A promise's methods that run a callback once, when it settles. */
const PROMISE_CONTINUATIONS = new Set(['then', 'catch', 'finally']);
/** Globals that run a callback once, a little later. */
const ONE_SHOT_TIMERS = new Set(['setTimeout', 'setImmediate', 'queueMicrotask']);
