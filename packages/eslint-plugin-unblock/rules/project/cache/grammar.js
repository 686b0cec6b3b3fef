/**
 * What tells the parsers apart in a cache key: the node types their trees may hold (espree's,
 * typescript-eslint's). Facts read from a tree, and verdicts made from it, are kept per grammar.
 */
import { contentHash } from './content-hash.js';

/** @type {WeakMap<object, string>} */
const grammars = new WeakMap();

/**
 * @param {Record<string, readonly string[]>} visitorKeys the parser's
 */
export function grammarOf(visitorKeys) {
  let grammar = grammars.get(visitorKeys);
  if (grammar === undefined) {
    grammar = contentHash(Object.keys(visitorKeys).sort().join(','));
    grammars.set(visitorKeys, grammar);
  }
  return grammar;
}
