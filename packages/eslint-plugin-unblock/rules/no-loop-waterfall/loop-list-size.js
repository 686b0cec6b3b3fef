/**
 * Is an iterated list's length decided at run time by outside input — a
 * function's argument, an awaited query or request result, or a list made
 * from one? Those are the loops where `Promise.all` may start thousands of
 * operations at once, so a bounded rewrite is worth offering unasked.
 * A literal list, a list the code builds itself, an import or anything
 * unsure is not: the answer is `true` only on evidence.
 */
import { unwrap, propertyName } from '../language/syntax/ast.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 */

/** Methods that make a list as long as (or derived from) their receiver. */
const DERIVING_METHODS = new Set(['map', 'filter', 'flat', 'flatMap', 'concat', 'sort', 'toSorted', 'reverse', 'toReversed', 'values', 'keys', 'entries']);
/** Statics that make a list from their first argument. */
const DERIVING_STATICS = new Set(['Object.keys', 'Object.values', 'Object.entries', 'Array.from']);
/** Collections made from their first argument. */
const DERIVING_CONSTRUCTORS = new Set(['Set', 'Map']);

/**
 * @param {Node} node the iterated expression (or a for-in loop's object)
 * @param {(identifier: any) => any} resolve the scope-manager Variable of an identifier, or null
 * @param {number} [depth]
 * @returns {boolean}
 */
export function isRuntimeSizedList(node, resolve, depth = 0) {
  const expression = unwrap(node);
  if (!expression || depth > 6) return false;
  const next = (/** @type {any} */ child) => isRuntimeSizedList(child, resolve, depth + 1);
  switch (expression.type) {
    case 'AwaitExpression':
      // What a query, a request or a file read returned.
      return true;
    case 'ArrayExpression':
      return expression.elements.some((/** @type {any} */ element) => element?.type === 'SpreadElement' && next(element.argument));
    case 'MemberExpression':
      // `req.body.ids`, `result.rows`: a part of an outside value.
      return expression.object.type !== 'ThisExpression' && next(expression.object);
    case 'CallExpression': {
      const callee = unwrap(expression.callee);
      if (callee.type !== 'MemberExpression') return false;
      const name = propertyName(callee);
      const object = unwrap(callee.object);
      if (object.type === 'Identifier' && DERIVING_STATICS.has(`${object.name}.${name}`)) {
        return resolve(object) === null && next(expression.arguments[0]);
      }
      return name !== null && DERIVING_METHODS.has(name) && next(callee.object);
    }
    case 'NewExpression': {
      const callee = unwrap(expression.callee);
      return callee.type === 'Identifier' && DERIVING_CONSTRUCTORS.has(callee.name) && resolve(callee) === null && next(expression.arguments[0]);
    }
    case 'Identifier':
      return isRuntimeSizedVariable(resolve(expression), next);
    default:
      return false;
  }
}

/**
 * A parameter, or a variable written once from a runtime-sized value.
 * @param {import('eslint').Scope.Variable} variable
 * @param {(node: any) => boolean} next
 */
function isRuntimeSizedVariable(variable, next) {
  if (!variable || variable.defs.length !== 1) return false;
  const [def] = variable.defs;
  if (def.type === 'Parameter') return true;
  if (def.type !== 'Variable' || !def.node.init) return false;
  // Written again later: which value the loop sees is unsure.
  if (variable.references.some((/** @type {any} */ reference) => reference.isWrite() && !reference.init)) return false;
  // `const { rows } = await pool.query(…)` is part of its initialiser, as `const rows = …` is all of it.
  return next(def.node.init);
}
