/**
 * Follows a call to the function it runs: a function of the same module, a
 * method of the enclosing class (`this.m()`, `this.#m()`) or of a class a
 * TypeScript annotation names (`private readonly repo: UserRepository`), a
 * method of an object literal or of a singleton (`module.exports = new S()`),
 * and definitions behind imports, `require`, re-exports and tsconfig paths
 * (what a module's names and exports hold is module-values.js). Anything
 * else resolves to null: the call stays unknown.
 */
import { unwrap, isFunctionNode, propertyName } from '../../language/syntax/ast.js';
import { keyName, requireSource } from './module-view.js';
import { membersNamed } from './class-reads.js';
import { MAX_HOPS, valueOfBinding, valueOfExport, valueOfName, valueOfNode } from './module-values.js';

/**
 * @typedef {import('../../language/syntax/ast.js').Node} Node
 * @typedef {import('../../language/syntax/ast.js').CallNode} CallNode
 */
/**
 * @template {string} T
 * @typedef {import('../../language/syntax/ast.js').NodeOf<T>} NodeOf
 */

/**
 * @typedef {import('./module-view.js').ModuleView} ModuleView
 * @typedef {import('./module-values.js').Value} Value
 *
 * @typedef {object} CallContext where a call is written
 * @property {ModuleView} view
 * @property {any | null} classNode    the class whose method contains the call (for `this`)
 * @property {any | null} objectNode   the object literal whose method contains the call (for `this`)
 * @property {(name: string) => boolean} isShadowed  a name declared between the call and the module scope
 * @property {(name: string) => any} [localInit]  the initialiser of such a name, where known
 * @property {(name: string) => any} [localConstant]  the initialiser of such a name declared `const`, where known
 */

/**
 * A member of a value: a module's export, an object's method, an instance's
 * method (its class and superclasses), a class's static method.
 * @param {Value} value
 * @param {string} name
 * @returns {Value | null}
 */
export function memberOf(value, name) {
  switch (value.type) {
    case 'module': {
      // `const users = require('./users'); users.find()` with `module.exports = new UserService()`.
      const named = valueOfExport(value.view, name);
      if (named) return named;
      const whole = value.view.exports.has(name) ? null : valueOfExport(value.view, 'default');
      return whole && whole.type !== 'module' ? memberOf(whole, name) : null;
    }
    case 'object':
      return objectMember(value.node, value.view, name);
    case 'instance':
      return classMember(value.node, value.view, name, false, 0);
    case 'class':
      return classMember(value.node, value.view, name, true, 0);
    default:
      return null;
  }
}

/**
 * @param {any} objectNode
 * @param {ModuleView} view
 * @param {string} name
 * @returns {Value | null}
 */
function objectMember(objectNode, view, name) {
  for (const property of objectNode.properties) {
    if (property.type !== 'Property' || property.computed || keyName(property.key) !== name) continue;
    const member = unwrap(property.value);
    if (isFunctionNode(member)) return { type: 'function', fn: member, view, classNode: null, objectNode };
    return valueOfNode(view, member, 0);
  }
  return null;
}

/**
 * @param {any} classNode
 * @param {ModuleView} view
 * @param {string} name  `#name` for a private member
 * @param {boolean} isStatic
 * @param {number} depth superclass hops so far
 * @returns {Value | null}
 */
function classMember(classNode, view, name, isStatic, depth) {
  // Only the members of that name are read: another class's scan then holds through edits to its other methods.
  for (const member of membersNamed(classNode, name.startsWith('#') ? name.slice(1) : name)) {
    if (Boolean(member.static) !== isStatic) continue;
    const key = member.key?.type === 'PrivateIdentifier' ? `#${member.key.name}` : member.key && keyName(member.key);
    if (key !== name) continue;
    // A TypeScript overload signature has no body: the implementation is a later member of the same name.
    if (member.type === 'MethodDefinition' && !member.value?.body) continue;
    if (member.type === 'MethodDefinition' && member.kind === 'method') return { type: 'function', fn: member.value, view, classNode, objectNode: null };
    if (member.type === 'PropertyDefinition' && isFunctionNode(unwrap(member.value))) {
      return { type: 'function', fn: unwrap(member.value), view, classNode, objectNode: null };
    }
    return null;
  }
  const superClass = unwrap(classNode.superClass);
  if (superClass?.type === 'Identifier' && depth < MAX_HOPS) {
    const parent = valueOfName(view, superClass.name);
    if (parent?.type === 'class') return classMember(parent.node, parent.view, name, isStatic, depth + 1);
  }
  return null;
}

/**
 * The class a field of `classNode` holds, from what TypeScript and the
 * constructor say: `private readonly repo: UserRepository` (a parameter
 * property), `repo: UserRepository;`, or `this.repo = new UserRepository()`.
 * @param {any} classNode
 * @param {ModuleView} view
 * @param {string} field
 * @returns {Value | null}
 */
export function fieldValue(classNode, view, field) {
  for (const member of classNode.body.body) {
    if (member.type === 'PropertyDefinition' && !member.static && member.key && keyName(member.key) === field) {
      const typed = classOfAnnotation(member.typeAnnotation, view);
      if (typed) return typed;
      const init = unwrap(member.value);
      if (init?.type === 'NewExpression') return instanceOf(init, view);
    }
    if (member.type === 'MethodDefinition' && member.kind === 'constructor') {
      const fromConstructor = constructorField(member.value, view, field);
      if (fromConstructor) return fromConstructor;
    }
  }
  return null;
}

/**
 * @param {any} constructor the constructor's FunctionExpression
 * @param {ModuleView} view
 * @param {string} field
 */
function constructorField(constructor, view, field) {
  for (const param of constructor.params) {
    if (param.type === 'TSParameterProperty' && param.parameter.type === 'Identifier' && param.parameter.name === field) {
      return classOfAnnotation(param.parameter.typeAnnotation, view);
    }
  }
  for (const statement of constructor.body?.body ?? []) {
    const expression = statement.type === 'ExpressionStatement' ? statement.expression : null;
    if (expression?.type !== 'AssignmentExpression' || expression.left.type !== 'MemberExpression') continue;
    if (unwrap(expression.left.object).type !== 'ThisExpression' || propertyName(expression.left) !== field) continue;
    const right = unwrap(expression.right);
    if (right.type === 'NewExpression') return instanceOf(right, view);
    // this.repo = repo, where the parameter is annotated.
    if (right.type === 'Identifier') {
      const param = constructor.params.find((/** @type {any} */ p) => p.type === 'Identifier' && p.name === right.name);
      if (param) return classOfAnnotation(param.typeAnnotation, view);
    }
  }
  return null;
}

/**
 * @param {NodeOf<'NewExpression'>} newExpression
 * @param {ModuleView} view
 * @returns {Value | null}
 */
function instanceOf(newExpression, view) {
  const callee = unwrap(newExpression.callee);
  if (callee.type !== 'Identifier') return null;
  const created = valueOfName(view, callee.name);
  return created?.type === 'class' ? { type: 'instance', node: created.node, view: created.view } : null;
}

/**
 * `: UserRepository` → an instance of that class, when the name is a class.
 * @param {any} annotation
 * @param {ModuleView} view
 * @returns {Value | null}
 */
function classOfAnnotation(annotation, view) {
  const type = annotation?.typeAnnotation;
  if (type?.type !== 'TSTypeReference' || type.typeName.type !== 'Identifier') return null;
  const named = valueOfName(view, type.typeName.name);
  return named?.type === 'class' ? { type: 'instance', node: named.node, view: named.view } : null;
}

/**
 * What a callee expression refers to where the call is written.
 * @param {Node} node the callee (or part of it)
 * @param {CallContext} context
 * @returns {Value | null}
 */
export function valueOfExpression(node, context) {
  const expression = unwrap(node);
  if (expression.type === 'Identifier') {
    if (!context.isShadowed(expression.name)) return valueOfName(context.view, expression.name);
    // A require made inside the function (`const Emails = require('./emails')`), as Ghost loads lazily.
    const init = context.localInit?.(expression.name);
    if (!init) return null;
    // `const worker = new Worker()`: a constant made by `new` is an instance of that class for good.
    const constant = unwrap(context.localConstant?.(expression.name));
    return constant?.type === 'NewExpression' ? instanceOf(constant, context.view) : valueOfRequire(context.view, init);
  }
  if (expression.type !== 'MemberExpression') return null;
  const name = expression.property.type === 'PrivateIdentifier' ? `#${expression.property.name}` : propertyName(expression);
  if (name === null) return null;
  const object = unwrap(expression.object);
  if (object.type === 'ThisExpression') {
    if (context.classNode) {
      return classMember(context.classNode, context.view, name, false, 0) ?? fieldValue(context.classNode, context.view, name);
    }
    return context.objectNode ? objectMember(context.objectNode, context.view, name) : null;
  }
  const owner = valueOfExpression(object, context);
  return owner ? memberOf(owner, name) : null;
}

/**
 * What `require('./x')` or `require('./x').name` gives, or null for anything else.
 * @param {ModuleView} view
 * @param {Node} node
 * @returns {Value | null}
 */
export function valueOfRequire(view, node) {
  const init = unwrap(node);
  const source = requireSource(init);
  if (source) return valueOfBinding(view, { kind: 'namespace', source, required: true }, 0);
  if (init?.type === 'MemberExpression' && !init.computed && requireSource(unwrap(init.object))) {
    return valueOfBinding(view, { kind: 'import', source: requireSource(unwrap(init.object)) ?? '', imported: init.property.name }, 0);
  }
  return null;
}

/**
 * The function a call runs, or null.
 * @param {CallNode} call CallExpression
 * @param {CallContext} context
 * @returns {Extract<Value, { type: 'function' }> | null}
 */
export function resolveCall(call, context) {
  const value = valueOfExpression(call.callee, context);
  return value?.type === 'function' ? value : null;
}
