/**
 * A walk over one module that knows, at every call, which function it is
 * made from: a frame per function holds its name, the class or object its
 * `this` is, and the names declared in it and around it. The caller index
 * (call-sites.js) records what it is told; this file only keeps the frames.
 */
import { unwrap, isFunctionNode } from '../../core/syntax/ast.js';
import { declaredNames } from '../callees/declared-names.js';
import { keyName } from '../modules/module-view.js';

/**
 * @typedef {object} Frame
 * @property {any | null} fn
 * @property {string | null} name
 * @property {any | null} classNode
 * @property {any | null} objectNode
 * @property {Set<string>} declared names declared in this function itself (see isDeclared)
 * @property {Map<string, any>} inits initialisers of the variables declared in its own body (see initOf)
 * @property {Frame | null} outer the frame of the function around it
 * @property {boolean} method the function about to be entered is a method (its `this` is the class or object)
 * @property {boolean} [naming] `name` is the name of the function about to be entered
 */

/**
 * The frame of code outside every function: a module's top level.
 * @returns {Frame}
 */
export function topLevelFrame() {
  return { fn: null, name: null, classNode: null, objectNode: null, method: false, declared: new Set(), inits: new Map(), outer: null };
}

/**
 * Whether a name is declared in the frame's function or one around it. Looked up along the
 * frames rather than copied into each: a module has thousands of functions, and few calls ask.
 * @param {Frame} frame
 * @param {string} name
 */
export function isDeclared(frame, name) {
  for (let current = /** @type {Frame | null} */ (frame); current; current = current.outer) if (current.declared.has(name)) return true;
  return false;
}

/**
 * The initialiser of a variable declared in the body of the frame's function or of the nearest
 * function around it that declares one of that name.
 * @param {Frame} frame
 * @param {string} name
 */
export function initOf(frame, name) {
  for (let current = /** @type {Frame | null} */ (frame); current; current = current.outer) if (current.inits.has(name)) return current.inits.get(name);
  return undefined;
}

/**
 * Calls `onCall` for every call and `new` in `program`, with the frame of the function it is made from.
 * @param {any} program
 * @param {any} visitorKeys
 * @param {(call: any, frame: Frame) => void} onCall
 */
export function walkCalls(program, visitorKeys, onCall) {
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
      if (Array.isArray(child)) for (const item of child) visit(item, frameOfChild(item, node, inner));
      else visit(child, frameOfChild(child, node, inner));
    }
  };
  visit(program, topLevelFrame());
}

/**
 * The frame a child is visited in: what its parent tells about the function
 * it may be (a method of a class or object, a named initialiser) or about
 * `this` inside it (a class body, an object literal).
 * @param {any} child
 * @param {any} parent
 * @param {Frame} frame
 * @returns {Frame}
 */
function frameOfChild(child, parent, frame) {
  if (!child || typeof child.type !== 'string') return frame;
  if (child.type === 'ClassBody') return { ...frame, classNode: parent };
  // A method's name and owner: `AdminAssets.constructor`, `{ init() {} }`.
  if ((parent.type === 'MethodDefinition' || parent.type === 'Property' || parent.type === 'PropertyDefinition') && child === parent.value && isFunctionNode(unwrap(child))) {
    const owner = parent.type === 'Property' ? { classNode: null, objectNode: frame.objectNode } : { classNode: frame.classNode, objectNode: null };
    return { ...frame, ...owner, method: true, naming: true, name: keyName(parent.key) };
  }
  if (child.type === 'ObjectExpression') return { ...frame, objectNode: child };
  if (parent.type === 'VariableDeclarator' && child === parent.init && parent.id.type === 'Identifier' && isFunctionNode(unwrap(child))) {
    return { ...frame, naming: true, name: parent.id.name };
  }
  return frame;
}

/**
 * @param {any} fn
 * @param {Frame} outer
 * @param {any} visitorKeys
 * @returns {Frame}
 */
function enterFunction(fn, outer, visitorKeys) {
  const declared = declaredNames(fn, visitorKeys, { nested: false });
  /** @type {Map<string, any>} */
  const inits = new Map();
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
    outer,
  };
}
