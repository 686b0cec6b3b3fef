/**
 * How many bytes a blocking call is handed, when the code shows it: a string the file writes out
 * (a literal, a template without holes, a `const` bound to one), `Buffer.from` of such a string, or
 * a buffer made at a known length (`Buffer.alloc(n)`, `new Uint8Array(n)`). Anything else (a request
 * body, a file's contents, a parameter) has no known size: the caller then says a cost per MB.
 */
import { getStaticValue } from '@eslint-community/eslint-utils';
import { unwrap } from '../language/syntax/ast.js';

/**
 * Bytes in the value of `expression`, or null when the code does not show them.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} expression
 * @returns {number | null}
 */
export function inputBytes(sourceCode, expression) {
  const node = unwrap(expression);
  if (!node || node.type === 'SpreadElement') return null;
  const scope = sourceCode.getScope(node);
  const value = getStaticValue(node, scope);
  if (typeof value?.value === 'string') return Buffer.byteLength(value.value);
  /** @param {any} argument */
  const numberOf = (argument) => {
    const number = argument && argument.type !== 'SpreadElement' ? getStaticValue(argument, scope)?.value : undefined;
    return typeof number === 'number' && Number.isInteger(number) && number >= 0 ? number : null;
  };
  const made = constInit(node, scope) ?? node;
  const fromString = bufferFromString(made, scope);
  return fromString ?? bufferLength(node, numberOf, scope);
}

/**
 * `Buffer.from('…')` or `Buffer.from('…', 'utf8')`: the string's bytes in that encoding.
 * @param {any} node
 * @param {any} scope
 * @returns {number | null}
 */
function bufferFromString(node, scope) {
  if (!isBufferMethod(node, 'from') || node.arguments.length === 0 || node.arguments.length > 2) return null;
  const text = getStaticValue(node.arguments[0], scope)?.value;
  if (typeof text !== 'string') return null;
  const encoding = node.arguments.length === 2 ? getStaticValue(node.arguments[1], scope)?.value : 'utf8';
  return typeof encoding === 'string' && Buffer.isEncoding(encoding) ? Buffer.byteLength(text, /** @type {BufferEncoding} */ (encoding)) : null;
}

/**
 * Length of `Buffer.alloc(n)`, `Buffer.allocUnsafe(n)` or `new Uint8Array(n)`,
 * directly or through a `const` binding.
 * @param {any} expression
 * @param {(node: any) => number | null} numberOf
 * @param {any} scope
 * @returns {number | null}
 */
export function bufferLength(expression, numberOf, scope) {
  const node = expression?.type === 'Identifier' ? constInit(expression, scope) : expression;
  if (!node) return null;
  if (isBufferMethod(node, 'alloc') || isBufferMethod(node, 'allocUnsafe') || isBufferMethod(node, 'allocUnsafeSlow')) return numberOf(node.arguments[0]);
  if (node.type === 'NewExpression' && node.callee.type === 'Identifier' && /^(Uint8|Int8|Uint8Clamped)Array$/.test(node.callee.name)) {
    return numberOf(node.arguments[0]);
  }
  return null;
}

/**
 * What a `const` name was bound to, or null for anything else (a parameter, a `let`, a pattern).
 * @param {any} node
 * @param {any} scope
 */
function constInit(node, scope) {
  if (node?.type !== 'Identifier') return null;
  let variable = null;
  for (let s = scope; s && !variable; s = s.upper) variable = s.set.get(node.name);
  const def = variable?.defs.length === 1 ? variable.defs[0] : null;
  if (def?.type !== 'Variable' || def.parent.kind !== 'const' || def.node.id.type !== 'Identifier') return null;
  return def.node.init;
}

/**
 * `Buffer.<method>(…)` on the global Buffer.
 * @param {any} node
 * @param {string} method
 */
function isBufferMethod(node, method) {
  return node?.type === 'CallExpression' && node.callee.type === 'MemberExpression' && !node.callee.computed && node.callee.object.type === 'Identifier' && node.callee.object.name === 'Buffer' && node.callee.property.name === method;
}
