/**
 * Is an iterated expression certainly a dense array? Only then may a rewrite
 * call `.map` on it or slice it; anything else (a Set, a Map, a generator, a
 * NodeList, a value of unknown type) goes through `Array.from`, which
 * iterates exactly like `for…of` does.
 */
import { unwrap, propertyName } from '../language/syntax/ast.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 */

/** Methods of arrays (and of strings, for `split`) that always return a new dense array. */
const ARRAY_RETURNING_METHODS = new Set(['map', 'filter', 'slice', 'concat', 'flat', 'flatMap', 'split', 'toSorted', 'toReversed', 'toSpliced']);
const ARRAY_RETURNING_STATICS = new Set(['Object.keys', 'Object.values', 'Object.entries', 'Array.from', 'Array.of']);

/**
 * @param {Node} node
 * @param {(identifier: any) => any} resolve the scope-manager Variable of an identifier, or null
 * @param {number} [depth]
 * @returns {boolean}
 */
export function isKnownArray(node, resolve, depth = 0) {
  const expression = unwrap(node);
  if (!expression || depth > 4) return false;
  switch (expression.type) {
    case 'ArrayExpression':
      // `[a, , b].map` skips the hole where `for…of` visits it.
      return expression.elements.every((/** @type {any} */ element) => element !== null);
    case 'CallExpression': {
      const callee = unwrap(expression.callee);
      if (callee.type !== 'MemberExpression' || callee.optional || expression.optional) return false;
      const name = propertyName(callee);
      if (name === null) return false;
      const object = unwrap(callee.object);
      if (object.type === 'Identifier' && ARRAY_RETURNING_STATICS.has(`${object.name}.${name}`)) {
        // A shadowed `Object` or `Array` is someone else's.
        return resolve(object) === null;
      }
      if (name === 'split') return true;
      return ARRAY_RETURNING_METHODS.has(name) && isKnownArray(callee.object, resolve, depth + 1);
    }
    case 'Identifier': {
      const variable = resolve(expression);
      if (!variable || variable.defs.length !== 1) return false;
      const [def] = variable.defs;
      const annotation = def.name?.typeAnnotation?.typeAnnotation;
      if (annotation && isArrayType(annotation)) return true;
      if (def.type !== 'Variable' || def.parent?.kind !== 'const' || def.node.id !== def.name) return false;
      return isKnownArray(def.node.init, resolve, depth + 1);
    }
    default:
      return false;
  }
}

/**
 * `T[]`, `readonly T[]`, `Array<T>`, `ReadonlyArray<T>` and tuples.
 * @param {any} type
 */
function isArrayType(type) {
  if (type.type === 'TSArrayType' || type.type === 'TSTupleType') return true;
  if (type.type === 'TSTypeOperator' && type.operator === 'readonly') return isArrayType(type.typeAnnotation);
  if (type.type === 'TSTypeReference' && type.typeName?.type === 'Identifier') {
    return type.typeName.name === 'Array' || type.typeName.name === 'ReadonlyArray';
  }
  return false;
}

/**
 * A Map or a Set the code created itself: its `forEach` passes (value, key),
 * so `.map` does not exist and `Array.from` would pass entries instead.
 * @param {Node} node
 * @param {(identifier: any) => any} resolve
 */
export function isKnownNonArray(node, resolve) {
  const expression = unwrap(node);
  if (expression?.type === 'NewExpression') return true;
  if (expression?.type !== 'Identifier') return false;
  const variable = resolve(expression);
  if (!variable || variable.defs.length !== 1) return false;
  const [def] = variable.defs;
  const annotation = def.name?.typeAnnotation?.typeAnnotation;
  if (annotation?.type === 'TSTypeReference' && /^(Readonly)?(Map|Set|WeakMap|WeakSet)$/.test(annotation.typeName?.name ?? '')) return true;
  return def.type === 'Variable' && unwrap(def.node.init)?.type === 'NewExpression';
}
