/**
 * The property names a unit reads and defines (unit-names.js). A read is any `a.b`, `a['b']` or
 * `{ b } = a`. A definition counts only where the project index may resolve a read to it
 * (project/modules/callee-lookup.js, project/modules/module-values.js), since a read resolves
 * through a name only a unit that shares it can hold:
 * - a method, a class field, a constructor's parameter property;
 * - an assignment `a.b = …` straight onto `this`, `module.exports` or a module-level or global
 *   name (how `this.repo`, `exports.find` and `Topics.get` get their values); not onto a local
 *   (a response being built) nor deeper (`this.data.id = …`): the index reads neither;
 * - a key of an object assigned or exported as a whole (`module.exports = {…}`, `export default
 *   {…}`, `Hooks.on = {…}`), at any depth, where the assignment is one the index reads (the rule
 *   above): the index reads those keys without a name. Any other object literal is
 *   reached through the name that holds it (a module-level binding: its unit is linked by that
 *   name), from its own methods' `this` (the same unit), or not at all (a response being built,
 *   an argument, what a factory returns).
 * `this` counts only where the index knows it, in a class or an object literal, and `this.b = name`
 * only when the name is a parameter with a type annotation (`this.config = config` gives the index
 * nothing). Onto anything else a name always counts: the index looks names up at module level, and
 * what is declared there may change with another unit's edit. A unit's names so depend on its own
 * text alone, and are kept while it stays the same (unit-reuse.js).
 */
import { walk, propertyName, isFunctionNode } from '../language/syntax/ast.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 */
/**
 * @template {string} T
 * @typedef {import('../language/syntax/ast.js').NodeOf<T>} NodeOf
 */

/**
 * @param {any} unit
 * @param {import('eslint').SourceCode} sourceCode
 * @param {import('./unit-names.js').UnitNames} names filled
 */
export function addPropertyNames(unit, sourceCode, names) {
  walk(unit, sourceCode.visitorKeys, (node) => {
    switch (node.type) {
      case 'MemberExpression': {
        const name = propertyName(node);
        if (name !== null) names.reads.add(name);
        break;
      }
      case 'Property': {
        const name = keyName(node);
        if (name === null) break;
        if (node.parent?.type === 'ObjectPattern') names.reads.add(name);
        else if (isWholeValue(node.parent, sourceCode)) names.defines.add(name);
        break;
      }
      case 'TSParameterProperty': {
        // `constructor(private repo: Repo)` defines `this.repo`.
        const parameter = node.parameter.type === 'AssignmentPattern' ? node.parameter.left : node.parameter;
        if (parameter.type === 'Identifier') names.defines.add(parameter.name);
        break;
      }
      case 'MethodDefinition':
      case 'PropertyDefinition':
      case 'AccessorProperty': {
        const name = keyName(node);
        if (name !== null) names.defines.add(name);
        break;
      }
      case 'AssignmentExpression':
        addAssigned(node.left, node.right, sourceCode, names);
        break;
      case 'UpdateExpression':
        addAssigned(node.argument, null, sourceCode, names);
        break;
      case 'JSXIdentifier':
        // The scope manager does not resolve JSX names: a component another unit declares.
        names.uses.add(node.name);
        break;
    }
  });
}

/**
 * `a.b = value` defines `b`, whatever the value (exports are read from such assignments, numbers
 * and strings included), straight onto `this` (where the index knows it; a name only when it is a
 * parameter with a type annotation: a constructor's field), `module.exports` or a module-level or
 * global name.
 * @param {any} target
 * @param {any} value null for `a.b++`
 * @param {import('eslint').SourceCode} sourceCode
 * @param {import('./unit-names.js').UnitNames} names
 */
function addAssigned(target, value, sourceCode, names) {
  if (readsAssigned(target, value, sourceCode)) names.defines.add(/** @type {string} */ (propertyName(target)));
}

/**
 * Whether the index may read what `a.b = value` assigns, by the rules above.
 * @param {any} target
 * @param {any} value
 * @param {import('eslint').SourceCode} sourceCode
 */
function readsAssigned(target, value, sourceCode) {
  if (target?.type !== 'MemberExpression' || propertyName(target) === null) return false;
  const object = target.object;
  if (object.type === 'ThisExpression') return thisIsKnown(object) && !(value?.type === 'Identifier' && !isAnnotatedParameter(value, sourceCode));
  return object.type === 'Identifier' ? !isLocal(object, sourceCode) : isModuleExports(object);
}

/** `module.exports` itself. @param {Node} node */
function isModuleExports(node) {
  return node.type === 'MemberExpression' && node.object.type === 'Identifier' && node.object.name === 'module' && propertyName(node) === 'exports';
}

/**
 * Whether a name is bound inside a function or block, not at module level (nor undeclared).
 * @param {NodeOf<'Identifier'>} identifier
 * @param {import('eslint').SourceCode} sourceCode
 */
function isLocal(identifier, sourceCode) {
  const variable = variableOf(identifier, sourceCode);
  return variable !== null && variable.scope.block.type !== 'Program';
}

/**
 * @param {NodeOf<'Identifier'>} identifier
 * @param {import('eslint').SourceCode} sourceCode
 * @returns {import('eslint').Scope.Variable | null}
 */
function variableOf(identifier, sourceCode) {
  for (let scope = /** @type {import('eslint').Scope.Scope | null} */ (sourceCode.getScope?.(identifier) ?? null); scope; scope = scope.upper) {
    const variable = scope.set.get(identifier.name);
    if (variable) return variable;
  }
  return null;
}

/**
 * A parameter with a type annotation: a constructor's `this.repo = repo` gives the field that class.
 * @param {any} identifier
 * @param {import('eslint').SourceCode} sourceCode
 */
function isAnnotatedParameter(identifier, sourceCode) {
  const variable = variableOf(identifier, sourceCode);
  return variable !== null && variable.defs.some((def) => def.type === 'Parameter' && Boolean(/** @type {any} */ (def.name).typeAnnotation));
}

/**
 * An object assigned or exported as a whole, or nested in one: its keys are what `module.exports.b`
 * or `x.y.b` read. Assigned onto what the index reads (readsAssigned): an object put onto a local
 * (`rows[id] = { total }`, a response being built) is reached through that local, in its own unit.
 * @param {any} object
 * @param {import('eslint').SourceCode} sourceCode
 */
function isWholeValue(object, sourceCode) {
  let outer = object;
  while (outer.parent?.type === 'Property' && outer.parent.value === outer && outer.parent.parent?.type === 'ObjectExpression') outer = outer.parent.parent;
  const parent = outer.parent;
  return (parent?.type === 'AssignmentExpression' && parent.right === outer && readsAssigned(parent.left, outer, sourceCode)) || parent?.type === 'ExportDefaultDeclaration';
}

/**
 * Whether the index knows what `this` is here: in a class's method or field, or in an object
 * literal's method (project/index.js contextAt). A function assigned to a prototype is not one.
 * @param {any} thisNode
 */
function thisIsKnown(thisNode) {
  for (let child = thisNode, current = thisNode.parent; current; child = current, current = current.parent) {
    if (current.type === 'PropertyDefinition' && current.value === child) return true;
    if (!isFunctionNode(current) || current.type === 'ArrowFunctionExpression') continue;
    const holder = current.parent;
    return holder?.type === 'MethodDefinition' || (holder?.type === 'Property' && holder.parent?.type === 'ObjectExpression');
  }
  return false;
}

/** @param {any} node a property, method or class field */
function keyName(node) {
  if (node.computed) return node.key.type === 'Literal' && typeof node.key.value === 'string' ? node.key.value : null;
  if (node.key.type === 'Identifier' || node.key.type === 'PrivateIdentifier') return node.key.name;
  if (node.key.type === 'Literal') return String(node.key.value);
  return null;
}
