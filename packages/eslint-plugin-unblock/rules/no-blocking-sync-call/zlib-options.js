/**
 * The options object of a zlib call, as far as the code shows it: `{ level: 1 }`,
 * `{ level: zlib.constants.Z_BEST_SPEED }`, `{ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }`,
 * directly or through a `const`. zlib's constants are read by their names (`Z_BEST_SPEED`,
 * `BROTLI_PARAM_QUALITY`), whatever object they are read from: no other library names its
 * constants so. An object with a spread, a getter, or a value the code does not show is unreadable:
 * the caller then says no figure, since any unknown option may be the one that sets the speed.
 */
import { getStaticValue } from '@eslint-community/eslint-utils';
import zlib from 'node:zlib';
import { unwrap } from '../language/syntax/ast.js';

/** @typedef {{ [key: string]: OptionValue }} Options */
/** @typedef {number | string | boolean | null | undefined | Options} OptionValue */

/** Objects followed through nested `params` and `const` bindings. */
const MAX_DEPTH = 3;

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} expression the call's options argument
 * @returns {Options | null} null when any part of it is unknown
 */
export function readZlibOptions(sourceCode, expression) {
  const value = readValue(sourceCode, expression, 0);
  return value !== null && typeof value === 'object' ? value : null;
}

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} expression
 * @param {number} depth
 * @returns {OptionValue | null} null when unknown (an option's value is never null in zlib)
 */
function readValue(sourceCode, expression, depth) {
  const node = unwrap(expression);
  if (!node || depth > MAX_DEPTH) return null;
  if (node.type === 'ObjectExpression') return readObject(sourceCode, node, depth);
  const init = node.type === 'Identifier' ? constInit(sourceCode, node) : null;
  if (init) return readValue(sourceCode, init, depth + 1);
  const constant = zlibConstant(node);
  if (constant !== null) return constant;
  const value = getStaticValue(node, sourceCode.getScope(node));
  if (!value || value.value === null) return null;
  return typeof value.value === 'object' || typeof value.value === 'function' ? copyPlain(value.value) : /** @type {OptionValue} */ (value.value);
}

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} node an ObjectExpression
 * @param {number} depth
 * @returns {Options | null}
 */
function readObject(sourceCode, node, depth) {
  /** @type {Options} */
  const options = {};
  for (const property of node.properties) {
    if (property.type !== 'Property' || property.kind !== 'init') return null;
    const key = property.computed ? readValue(sourceCode, property.key, depth + 1) : property.key.type === 'Identifier' ? property.key.name : property.key.value;
    if (typeof key !== 'string' && typeof key !== 'number') return null;
    const value = readValue(sourceCode, property.value, depth + 1);
    if (value === null) return null;
    options[String(key)] = value;
  }
  return options;
}

/**
 * The value of `zlib.constants.NAME`, `zlib.NAME` or a bare `NAME` bound from them, by NAME.
 * @param {any} node
 * @returns {number | null}
 */
function zlibConstant(node) {
  const name = node.type === 'Identifier' ? node.name : node.type === 'MemberExpression' && !node.computed ? node.property.name : null;
  if (typeof name !== 'string' || !/^(Z|BROTLI|ZSTD)_[A-Z0-9_]+$/.test(name)) return null;
  const value = /** @type {Record<string, number>} */ (zlib.constants)[name];
  return typeof value === 'number' ? value : null;
}

/**
 * A `const` name's initializer, or null.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} identifier
 */
function constInit(sourceCode, identifier) {
  let variable = null;
  for (let scope = /** @type {any} */ (sourceCode.getScope(identifier)); scope && !variable; scope = scope.upper) variable = scope.set.get(identifier.name);
  const def = variable?.defs.length === 1 ? variable.defs[0] : null;
  return def?.type === 'Variable' && def.parent.kind === 'const' && def.node.id.type === 'Identifier' ? def.node.init : null;
}

/**
 * A static object of plain values (what getStaticValue made of a literal object), or null.
 * @param {unknown} value
 * @returns {Options | null}
 */
function copyPlain(value) {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.getPrototypeOf(value) !== Object.prototype) return null;
  /** @type {Options} */
  const options = {};
  for (const [key, entry] of Object.entries(value)) {
    if (entry === null) return null;
    const plain = typeof entry === 'object' ? copyPlain(entry) : typeof entry === 'function' ? null : /** @type {OptionValue} */ (entry);
    if (plain === null) return null;
    options[key] = plain;
  }
  return options;
}
