/**
 * Order-preserving result collection inside a loop iteration:
 *   results.push(value)      byId[key] = value      cache.set(key, value)
 * where the collection is declared before the loop, is touched nowhere
 * else in the loop, and (for keyed forms) the key depends on the iteration.
 */
import { walk, isFunctionNode, unwrap, propertyName } from '../language/syntax/ast.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 * @typedef {import('../language/syntax/ast.js').CallNode} CallNode
 */

/**
 * @typedef {object} Collector
 * @property {'push' | 'index' | 'map-set'} kind
 * @property {any} node      the CallExpression or AssignmentExpression
 * @property {any} target    the collection's Identifier
 * @property {any} variable  the collection's scope-manager Variable
 * @property {any | null} key
 * @property {any | null} value  the collected value (null for a push of several values, or of a spread list)
 */

/**
 * @param {import('./loop-shapes.js').LoopShape} shape
 * @param {{ visitorKeys: any, symbolOf: (identifier: any) => unknown, isIterationSymbol: (symbol: unknown) => boolean, readsIteration: (node: any) => boolean }} context
 * @returns {Collector[] | null} the collectors, or null when a collection is also used otherwise
 */
export function findCollectors(shape, context) {
  /** @type {Collector[]} */
  const sites = [];
  /**
   * @param {Node} node
   * @param {Collector['kind']} kind
   */
  const sharedVariableOf = (node, kind) => {
    const target = unwrap(node);
    if (target?.type !== 'Identifier') return null;
    const symbol = context.symbolOf(target);
    if (!symbol || typeof symbol !== 'object' || context.isIterationSymbol(symbol)) return null;
    // `settings.set(key, value)` may be an async store, not a Map: only a collection the code made is one.
    if (!isMadeCollection(symbol, kind)) return null;
    return { target, variable: symbol };
  };

  walk(shape.body, context.visitorKeys, (node) => {
    if (node !== shape.body && isFunctionNode(node)) return false;
    if (node.type === 'CallExpression' && !node.optional && !isAwaitedCall(node)) {
      const callee = unwrap(node.callee);
      if (callee.type !== 'MemberExpression' || callee.optional) return true;
      const method = propertyName(callee);
      const args = node.arguments;
      // `out.push(...page.items)` appends each of them in order, as several arguments would: a push of several values.
      const spread = args.some((/** @type {any} */ arg) => arg.type === 'SpreadElement');
      if (method === 'push' && args.length > 0) {
        const shared = sharedVariableOf(callee.object, 'push');
        if (shared) sites.push({ kind: 'push', node, ...shared, key: null, value: args.length === 1 && !spread ? args[0] : null });
      } else if (spread) {
        return true;
      } else if (method === 'set' && args.length === 2 && context.readsIteration(args[0])) {
        const shared = sharedVariableOf(callee.object, 'map-set');
        if (shared) sites.push({ kind: 'map-set', node, ...shared, key: args[0], value: args[1] });
      }
    } else if (node.type === 'AssignmentExpression' && node.operator === '=') {
      const left = unwrap(node.left);
      if (left.type !== 'MemberExpression' || !left.computed || left.optional) return true;
      const shared = sharedVariableOf(left.object, 'index');
      if (shared && context.readsIteration(left.property)) {
        sites.push({ kind: 'index', node, ...shared, key: left.property, value: node.right });
      }
    }
    return true;
  });

  // Every mention of a collection inside the loop must be one of its collecting sites.
  /** @type {Map<any, Collector[]>} */
  const byVariable = new Map();
  for (const site of sites) byVariable.set(site.variable, [...(byVariable.get(site.variable) ?? []), site]);
  const [start, end] = shape.loop.range;
  for (const [variable, own] of byVariable) {
    const receivers = new Set(own.map((site) => site.target));
    const mentions = variable.references.filter((/** @type {any} */ reference) => {
      const [from, to] = reference.identifier.range;
      return from >= start && to <= end;
    });
    if (mentions.some((/** @type {any} */ reference) => !receivers.has(reference.identifier))) return null;
    if (new Set(own.map((site) => site.kind)).size !== 1) return null;
  }
  return sites;
}

/**
 * A collection the code made itself and never rebinds: an array literal (for
 * `push`), `new Map()` (for `set`), an object or array literal or
 * `Object.create(null)` (for `obj[key] = value`). Anything else — a
 * parameter, an import, a store object — may do more than collect when called.
 * @param {object} symbol  a symbol of the reference index that is an object: a scope Variable, or the key of a `this` (no defs), hence the Array.isArray check
 * @param {Collector['kind']} kind
 */
function isMadeCollection(symbol, kind) {
  const variable = /** @type {import('eslint').Scope.Variable} */ (symbol);
  if (!Array.isArray(variable.defs) || variable.defs.length !== 1 || variable.defs[0].type !== 'Variable') return false;
  if (variable.references.some((/** @type {any} */ reference) => reference.isWrite() && !reference.init)) return false;
  const init = unwrap(variable.defs[0].node.init);
  if (kind === 'push') return init?.type === 'ArrayExpression';
  if (kind === 'map-set') return init?.type === 'NewExpression' && unwrap(init.callee)?.type === 'Identifier' && unwrap(init.callee).name === 'Map';
  if (init?.type === 'ObjectExpression' || init?.type === 'ArrayExpression') return true;
  const callee = init?.type === 'CallExpression' ? unwrap(init.callee) : null;
  return callee?.type === 'MemberExpression' && unwrap(callee.object)?.type === 'Identifier' && unwrap(callee.object).name === 'Object' && propertyName(callee) === 'create';
}

/**
 * `await store.set(k, v)`: a call whose promise is awaited is an operation, not collection.
 * @param {CallNode} call
 */
function isAwaitedCall(call) {
  let node = /** @type {Node} */ (call);
  while (node.parent && (node.parent.type === 'ChainExpression' || node.parent.type.startsWith('TS'))) node = node.parent;
  return node.parent?.type === 'AwaitExpression';
}
