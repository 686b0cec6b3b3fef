/**
 * A walk over one module that knows, at every call, which function it is
 * made from: a frame per function holds its name, the class or object its
 * `this` is, and the names declared in it and around it. The caller index
 * (call-sites.js) records what it is told; this file only keeps the frames.
 */
import { unwrap, isFunctionNode, propertyName } from '../../language/syntax/ast.js';
import { patternNames } from '../callees/declared-names.js';
import { keyName, requireSource } from '../modules/module-view.js';

/**
 * @typedef {import('../../language/syntax/ast.js').Node} Node
 * @typedef {import('../../language/syntax/ast.js').CallNode} CallNode
 * @typedef {import('../../language/syntax/ast.js').VisitorKeys} VisitorKeys
 * @typedef {import('../../language/syntax/ast.js').FunctionNode} FunctionNode
 */
/**
 * @template {string} T
 * @typedef {import('../../language/syntax/ast.js').NodeOf<T>} NodeOf
 */

/**
 * @typedef {object} Frame
 * @property {any | null} fn
 * @property {string | null} name
 * @property {any | null} classNode
 * @property {any | null} objectNode
 * @property {Set<string>} declared names declared in this function itself (see isDeclared)
 * @property {Map<string, any>} inits initialisers of the variables declared in its own body (see initOf)
 * @property {Set<string>} [constants] those of them declared `const`: their initialiser is their value for good
 * @property {Frame | null} outer the frame of the function around it
 * @property {boolean} method the function about to be entered is a method (its `this` is the class or object)
 * @property {boolean} [naming] `name` is the name of the function about to be entered
 * @property {boolean} [isStatic] the function (or the method about to be entered) is a static method: its `this` is the class
 * @property {any} [moduleParam] the function about to be entered is handed a module: `import('./x').then(({ start }) => …)`
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
 * The initialiser of a `const` the frame sees by that name (declared in its function or the nearest one
 * around it that declares the name), or undefined: what a name that is never assigned again holds.
 * @param {Frame} frame
 * @param {string} name
 */
export function constantInitOf(frame, name) {
  for (let current = /** @type {Frame | null} */ (frame); current; current = current.outer) {
    if (current.declared.has(name)) return current.constants?.has(name) ? current.inits.get(name) : undefined;
  }
  return undefined;
}

/**
 * The function that declares a name seen from the frame's function (itself or one around it), or null
 * for a module-level or undeclared name.
 * @param {Frame} frame
 * @param {string} name
 */
export function ownerOf(frame, name) {
  for (let current = /** @type {Frame | null} */ (frame); current; current = current.outer) if (current.declared.has(name)) return current.fn;
  return null;
}

/**
 * TypeScript nodes that hold types alone: no call or function runs inside them (a call in a type
 * position is a type query's name, an `import('x')` type is not an ImportExpression). Skipped:
 * on typed code they are a third of the nodes.
 */
const TYPE_ONLY = new Set([
  'TSTypeAnnotation', 'TSTypeParameterDeclaration', 'TSTypeParameterInstantiation',
  'TSInterfaceDeclaration', 'TSTypeAliasDeclaration', 'TSDeclareFunction',
]);

/**
 * Calls `onCall` for every call and `new` in `program`, with the frame of the function it is made from.
 * A frame's declared names are filled in as the walk meets them (one pass, not one more walk per
 * function): complete once the walk returns, which is when call-sites.js reads them.
 * @param {NodeOf<'Program'>} program
 * @param {VisitorKeys} visitorKeys
 * @param {(call: any, frame: Frame) => void} onCall
 */
export function walkCalls(program, visitorKeys, onCall) {
  /**
   * @param {any} node
   * @param {Frame} frame
   */
  const visit = (node, frame) => {
    if (!node || typeof node.type !== 'string' || TYPE_ONLY.has(node.type)) return;
    if (frame.fn !== null) noteDeclaration(node, frame.declared);
    const inner = isFunctionNode(node) ? enterFunction(node, frame) : frame;
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
 * The names a node declares in the function around it, as declaredNames(fn, { nested: false }) reads
 * them: variables, a nested function's or class's name, a catch clause's parameter.
 * @param {Node} node
 * @param {Set<string>} declared
 */
function noteDeclaration(node, declared) {
  if (node.type === 'VariableDeclarator') for (const name of patternNames(node.id)) declared.add(name);
  else if ((node.type === 'FunctionDeclaration' || node.type === 'ClassDeclaration') && node.id) declared.add(node.id.name);
  else if (node.type === 'CatchClause') for (const name of patternNames(node.param)) declared.add(name);
}

/**
 * The frame a child is visited in: what its parent tells about the function
 * it may be (a method of a class or object, a named initialiser) or about
 * `this` inside it (a class body, an object literal).
 * @param {Node} child
 * @param {Node} parent
 * @param {Frame} frame
 * @returns {Frame}
 */
function frameOfChild(child, parent, frame) {
  if (!child || typeof child.type !== 'string') return frame;
  if (child.type === 'ClassBody') return { ...frame, classNode: parent };
  if (child.type === 'ObjectExpression') return { ...frame, objectNode: child };
  // Only a function (or a wrapped one) is told more by its parent; most children are neither.
  if (!isFunctionNode(unwrap(child))) return frame;
  // A method's name and owner: `AdminAssets.constructor`, `{ init() {} }`.
  if ((parent.type === 'MethodDefinition' || parent.type === 'Property' || parent.type === 'PropertyDefinition') && child === parent.value) {
    const owner = parent.type === 'Property' ? { classNode: null, objectNode: frame.objectNode } : { classNode: frame.classNode, objectNode: null };
    return { ...frame, ...owner, method: true, naming: true, name: keyName(parent.key), isStatic: parent.type !== 'Property' && Boolean(parent.static) };
  }
  if (parent.type === 'VariableDeclarator' && child === parent.init && parent.id.type === 'Identifier') {
    return { ...frame, naming: true, name: parent.id.name };
  }
  const imported = parent.type === 'CallExpression' && child === parent.arguments[0] ? importThen(parent) : null;
  if (imported) return { ...frame, moduleParam: imported };
  return frame;
}

/**
 * The module a `.then` callback is handed: `import('./main').then(({ start }) => start())`.
 * @param {CallNode} call
 * @returns {any} the `import()` expression, or null
 */
function importThen(call) {
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression' || propertyName(callee) !== 'then') return null;
  const object = unwrap(callee.object);
  return object.type === 'ImportExpression' ? object : null;
}

/**
 * What a name bound by destructuring a module holds, as an expression the
 * callee lookup follows: `const { start } = require('./main')`, `= await
 * import('./main')`, or a `.then` callback's `({ start })` become
 * `require('./main').start`.
 * @param {Node} pattern the ObjectPattern
 * @param {Node} source the `require()` or `import()` expression
 * @param {Map<string, any>} inits where to put them
 */
function moduleMembers(pattern, source, inits) {
  const specifier = moduleSpecifier(source);
  if (specifier === null || pattern?.type !== 'ObjectPattern') return;
  for (const property of pattern.properties) {
    if (property.type !== 'Property' || property.computed || unwrap(property.value)?.type !== 'Identifier') continue;
    const imported = keyName(property.key);
    if (imported === null) continue;
    const required = { type: 'CallExpression', callee: { type: 'Identifier', name: 'require' }, arguments: [{ type: 'Literal', value: specifier }], range: source.range };
    inits.set(unwrap(property.value).name, { type: 'MemberExpression', object: required, property: { type: 'Identifier', name: imported }, computed: false, range: source.range });
  }
}

/**
 * The specifier of `require('x')`, `import('x')` or `await import('x')`, or null.
 * @param {Node} node
 * @returns {string | null}
 */
function moduleSpecifier(node) {
  let expression = unwrap(node);
  if (expression?.type === 'AwaitExpression') expression = unwrap(expression.argument);
  const required = requireSource(expression);
  if (required !== null) return required;
  const source = expression?.type === 'ImportExpression' ? unwrap(expression.source) : null;
  return source?.type === 'Literal' && typeof source.value === 'string' ? source.value : null;
}

/**
 * @param {any} fn
 * @param {Frame} outer
 * @returns {Frame} its declared names start with its parameters; walkCalls adds the rest
 */
function enterFunction(fn, outer) {
  const declared = new Set(fn.params.flatMap((/** @type {any} */ param) => patternNames(param)));
  /** @type {Map<string, any>} */
  const inits = new Map();
  /** @type {Set<string>} */
  const constants = new Set();
  for (const statement of fn.body?.type === 'BlockStatement' ? fn.body.body : []) {
    // A function declared inside this one: calls to it by name run it.
    if (statement.type === 'FunctionDeclaration' && statement.id) inits.set(statement.id.name, statement);
    if (statement.type !== 'VariableDeclaration') continue;
    for (const declarator of statement.declarations) {
      if (declarator.id.type === 'Identifier') {
        inits.set(declarator.id.name, declarator.init);
        if (statement.kind === 'const') constants.add(declarator.id.name);
      } else moduleMembers(declarator.id, declarator.init, inits);
    }
  }
  if (outer.moduleParam) moduleMembers(fn.params[0], outer.moduleParam, inits);
  // An arrow shares `this` with the code around it; a method's `this` is its object; any other function has its own.
  const keepsThis = fn.type === 'ArrowFunctionExpression' || outer.method;
  const isStatic = outer.method ? Boolean(outer.isStatic) : fn.type === 'ArrowFunctionExpression' && Boolean(outer.isStatic);
  return {
    fn,
    // Only the function itself carries a name: an arrow inside `init()` may be an event handler that runs later.
    name: fn.id?.name ?? (outer.naming ? outer.name : null),
    naming: false,
    classNode: keepsThis ? outer.classNode : null,
    objectNode: keepsThis ? outer.objectNode : null,
    method: false,
    isStatic,
    moduleParam: null,
    declared,
    inits,
    constants,
    outer,
  };
}
