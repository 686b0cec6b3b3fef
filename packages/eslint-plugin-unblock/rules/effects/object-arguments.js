/**
 * The objects a call hands over by reference, as comparable keys: two calls
 * that are handed the same object may both act on it.
 */
import { unwrap } from '../language/syntax/ast.js';
import { isDataSymbol } from './references.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 * @typedef {import('../language/syntax/ast.js').CallNode} CallNode
 */

/** Names that hold values rather than shared objects. */
const SCALAR_NAME = /(^|[a-z_])(id|ids|key|keys|name|slug|email|url|uri|href|path|token|code|count|limit|offset|page|size|type|kind|status|index|version|timestamp|time|date)$|(Id|Ids|Key|Name|Url|Path|Token|Count|Size|Type|Index)$/;

/**
 * @param {(node: any) => unknown} resolveRoot the symbol (or `this` key) of an Identifier or ThisExpression
 * @returns {(call: any) => Set<string>}
 */
export function createObjectArguments(resolveRoot) {
  /** @type {WeakMap<object, number>} */
  const symbolIds = new WeakMap();
  let nextSymbolId = 0;
  /** @param {unknown} symbol */
  function symbolId(symbol) {
    if (typeof symbol !== 'object' || symbol === null) return String(symbol);
    let id = symbolIds.get(symbol);
    if (id === undefined) {
      id = nextSymbolId++;
      symbolIds.set(symbol, id);
    }
    return `#${id}`;
  }

  /**
   * The objects a call hands over by reference: arguments that are a data
   * variable or a plain member path (`storage`, `this.cache`), of the call
   * and of the calls its callee is made of (`invoke(fn, ctx)(store)`).
   * Names that read as scalars (`userId`, `name`, `url`) are left out: those
   * are values, and sharing a value is no shared state.
   * @param {CallNode} call
   */
  function objectArgumentsOf(call) {
    /** @type {Set<string>} */
    const keys = new Set();
    /** @param {Node} node */
    const add = (node) => {
      const key = objectKey(unwrap(node.type === 'SpreadElement' ? node.argument : node));
      if (key !== null) keys.add(key);
    };
    for (let current = call; current?.type === 'CallExpression'; current = unwrap(current.callee)) {
      for (const argument of current.arguments) {
        add(argument);
        // An options bag hands over the objects inside it too (`{ adapter: this }`).
        if (argument.type === 'ObjectExpression') {
          for (const property of argument.properties) add(property.type === 'Property' ? property.value : property);
        }
      }
    }
    return keys;
  }

  /** @param {Node} node */
  function objectKey(node) {
    /** @type {string[]} */
    const path = [];
    let current = node;
    while (current.type === 'MemberExpression' && !current.computed && current.property.type === 'Identifier') {
      path.unshift(current.property.name);
      current = unwrap(current.object);
    }
    if (current.type !== 'Identifier' && current.type !== 'ThisExpression') return null;
    const last = path.length > 0 ? path[path.length - 1] : current.type === 'Identifier' ? current.name : 'this';
    if (SCALAR_NAME.test(last)) return null;
    const root = resolveRoot(current);
    if (current.type === 'Identifier' && !isDataSymbol(root)) return null;
    return [symbolId(root), ...path].join('.');
  }

  return objectArgumentsOf;
}
