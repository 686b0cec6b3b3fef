/**
 * Route modules handed what they register. NodeBB's route files are functions of the app and of the
 * controllers (`module.exports = function (app, middleware, controllers) { app.get('/actor',
 * helpers.tryRoute(controllers.activitypub.actors.application)) }`), called from the router set-up
 * with values of its module (`_mounts.activitypub(router, middleware, controllers)`, where
 * `controllers = require('../controllers')`). A handler named through a parameter is found through
 * what the call passes for it: evidence read in two modules, each link a resolved name.
 */
import { unwrap, propertyName, isFunctionNode } from '../../language/syntax/ast.js';
import { memberOf, valueOfExpression } from '../modules/callee-lookup.js';
import { foreignVisitorKeys } from '../modules/module-cache.js';
import { registrationsOf } from './entry-points.js';
import { isDeclared } from './function-frames.js';

/**
 * @typedef {import('../../language/syntax/ast.js').Node} Node
 * @typedef {import('../../language/syntax/ast.js').FunctionNode} FunctionNode
 */

/**
 * @typedef {import('./function-frames.js').Frame} Frame
 * @typedef {import('../modules/module-view.js').ModuleView} ModuleView
 * @typedef {object} ScanTools  what the module scan lends: its calls and the scope questions about them
 * @property {(view: ModuleView) => Array<[any, Frame]>} callsIn
 * @property {(view: ModuleView, frame: Frame) => import('../frameworks/routing/framework.js').CallScope} scopeOf
 * @property {(view: ModuleView, frame: Frame) => import('../modules/callee-lookup.js').CallContext} contextOf
 * @typedef {{ fn: any, fnFile: string, kind: 'request' | 'startup', label: string, file: string }} FoundEntry
 *   a handler (`fn`, written in `fnFile`) registered in `file`
 */

/**
 * The handlers `target` registers through its parameters, resolved with the arguments `call` passes.
 * @param {{ view: ModuleView, frame: Frame, call: any }} caller the call and where it is made
 * @param {{ fn: any, view: ModuleView }} target the function it runs
 * @param {ScanTools} tools
 * @returns {FoundEntry[]}
 */
export function routesThroughParameters(caller, target, tools) {
  const passed = passedValues(caller, target.fn);
  // A handler found through a parameter is written as a member of it (`controllers.users.list`) handed
  // to a call the target makes. A target that hands no call such a member registers none, and its
  // module's calls are not listed: listing them reads the whole module, so that an edit anywhere in it
  // would make every scan that calls the target again, where reading the target alone holds while its
  // own code does.
  if (passed.size === 0 || !handsOnMemberOfAny(target.fn, passed)) return [];
  /** @type {FoundEntry[]} */
  const found = [];
  for (const [inner, frame] of tools.callsIn(target.view)) {
    if (frame.fn !== target.fn) continue;
    for (const { handler, kind, label, view } of registrationsOf(target.view, inner, tools.scopeOf(target.view, frame))) {
      if (view && view !== target.view) continue;
      const handed = unwrap(handler)?.type === 'CallExpression' ? unwrap(handler).arguments : [];
      for (const expression of [handler, ...handed]) {
        const fn = functionThroughParameter(expression, passed, caller, tools);
        if (fn) found.push({ fn: fn.fn, fnFile: fn.file, kind, label, file: target.view.file });
      }
    }
  }
  return found;
}

/**
 * Whether a function's code hands a call a member of one of the names: `app.get('/x', name.list)`,
 * `route({ handler: name.list })`, `wrap(name.list)`. Every framework's registration takes its
 * handler from a call's arguments (../frameworks/), so a member read anywhere else (`name.log(…)`)
 * cannot be one.
 * @param {FunctionNode} fn
 * @param {ReadonlyMap<string, any>} names
 */
function handsOnMemberOfAny(fn, names) {
  const keys = foreignVisitorKeys();
  /** @param {any} node @param {boolean} inArguments @returns {boolean} */
  const visit = (node, inArguments) => {
    if (!node || typeof node.type !== 'string') return false;
    if (inArguments && node.type === 'MemberExpression') {
      const object = unwrap(node.object);
      if (object?.type === 'Identifier' && names.has(object.name)) return true;
    }
    const isCall = node.type === 'CallExpression' || node.type === 'NewExpression';
    for (const key of keys[node.type] ?? []) {
      const child = node[key];
      const within = inArguments || (isCall && key === 'arguments');
      if (Array.isArray(child) ? child.some((item) => visit(item, within)) : visit(child, within)) return true;
    }
    return false;
  };
  return visit(fn, false);
}

/**
 * The target's parameters the call gives a value of the caller's module (a name it declares at its
 * top level or imports, or a member of one): what no request chooses.
 * @param {{ frame: Frame, call: any }} caller
 * @param {FunctionNode} fn
 * @returns {Map<string, any>} parameter name → the argument expression
 */
function passedValues({ frame, call }, fn) {
  /** @type {Map<string, any>} */
  const passed = new Map();
  fn.params.forEach((/** @type {any} */ param, /** @type {number} */ position) => {
    const argument = unwrap(call.arguments[position]);
    if (param.type !== 'Identifier' || !argument) return;
    const root = rootName(argument);
    if (root !== null && !isDeclared(frame, root)) passed.set(param.name, argument);
  });
  return passed;
}

/**
 * `controllers.activitypub.actors.application`, with `controllers` a parameter given a value: the function it names.
 * @param {Node} expression
 * @param {Map<string, any>} passed
 * @param {{ view: ModuleView, frame: Frame }} caller
 * @param {ScanTools} tools
 * @returns {{ fn: any, file: string } | null}
 */
function functionThroughParameter(expression, passed, caller, tools) {
  /** @type {string[]} */
  const path = [];
  let node = unwrap(expression);
  while (node?.type === 'MemberExpression') {
    const name = propertyName(node);
    if (name === null) return null;
    path.unshift(name);
    node = unwrap(node.object);
  }
  const argument = node?.type === 'Identifier' ? passed.get(node.name) : undefined;
  if (!argument || path.length === 0) return null;
  let value = valueOfExpression(argument, tools.contextOf(caller.view, caller.frame));
  for (const name of path) value = value ? memberOf(value, name) : null;
  return value?.type === 'function' && isFunctionNode(value.fn) ? { fn: value.fn, file: value.view.file } : null;
}

/**
 * The name a member chain starts at, or null.
 * @param {Node} expression
 */
function rootName(expression) {
  let node = expression;
  while (node?.type === 'MemberExpression' && !node.computed) node = unwrap(node.object);
  return node?.type === 'Identifier' ? node.name : null;
}
