/**
 * What the variables seen in a loop iteration stand for: bindings of the
 * iteration itself (declared in the loop head or body), the element and
 * parts of it, locals that alias shared objects, and shared data handed in
 * from outside.
 */
import { walk, isFunctionNode, unwrap } from '../language/syntax/ast.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 */

/**
 * @param {Node} loop
 * @returns {(symbol: unknown) => boolean} whether a symbol is declared by the loop (a fresh binding per iteration)
 */
export function iterationSymbolTest(loop) {
  const [start, end] = loop.range;
  return (symbol) => {
    const variable = /** @type {any} */ (symbol);
    if (!variable || typeof variable !== 'object' || !Array.isArray(variable.defs) || variable.defs.length === 0) return false;
    return variable.defs.every((/** @type {any} */ def) => def.name.range[0] >= start && def.name.range[1] <= end);
  };
}

/**
 * @typedef {object} SymbolContext
 * @property {any} visitorKeys
 * @property {ReturnType<typeof import('../effects/references.js').getReferenceIndex>} index
 * @property {(node: any) => any[]} declaredVariables
 * @property {(symbol: unknown) => boolean} isIterationSymbol
 * @property {(node: any) => boolean} readsIteration
 */

/**
 * Locals of the body, sorted by what they were initialised from:
 *  - element: the loop's own bindings and locals taken from a member of the
 *    element (`const step = steps[i]`, `const { run } = plugin`);
 *  - alias: locals that name a shared object (`const state = this.state`),
 *    so a write through them is a write to shared state.
 * @param {import('./loop-shapes.js').LoopShape} shape
 * @param {SymbolContext} context
 */
export function classifyLocals(shape, context) {
  const element = new Set();
  const alias = new Set();
  if (shape.kind === 'for-of' || shape.kind === 'for-in') {
    for (const variable of context.declaredVariables(shape.loop.left)) element.add(variable);
  }
  /** @param {Node} init */
  const origin = (init) => {
    let node = unwrap(init);
    if (node?.type !== 'MemberExpression' && node?.type !== 'Identifier' && node?.type !== 'ThisExpression') return null;
    while (node?.type === 'MemberExpression') {
      if (node.computed && context.readsIteration(node.property)) return 'element';
      node = unwrap(node.object);
    }
    if (node?.type === 'ThisExpression') return 'alias';
    if (node?.type !== 'Identifier') return null;
    const symbol = context.index.symbolOf(node);
    if (element.has(symbol)) return 'element';
    if (alias.has(symbol)) return 'alias';
    return symbol && typeof symbol === 'object' && !context.isIterationSymbol(symbol) && isSharedData(symbol) ? 'alias' : null;
  };
  walk(shape.body, context.visitorKeys, (node) => {
    if (node !== shape.body && isFunctionNode(node)) return false;
    if (node.type === 'VariableDeclarator' && node.init) {
      const kind = origin(node.init);
      const target = kind === 'element' ? element : kind === 'alias' ? alias : null;
      if (target) for (const variable of context.declaredVariables(node)) target.add(variable);
    }
    return true;
  });
  return { element, alias };
}

/**
 * A variable holding data (not a function, class, import or required
 * module) that is not a literal constant.
 * @param {object} symbol  a symbol of the reference index that is an object: a scope Variable, or the key of a `this` (no defs), hence the Array.isArray check
 */
export function isSharedData(symbol) {
  const variable = /** @type {import('eslint').Scope.Variable} */ (symbol);
  if (!Array.isArray(variable.defs) || variable.defs.length === 0) return false;
  return variable.defs.every((/** @type {any} */ def) => {
    if (def.type === 'Parameter') return true;
    if (def.type !== 'Variable') return false;
    const init = unwrap(def.node.init);
    const literal = init?.type === 'Literal' || (init?.type === 'TemplateLiteral' && init.expressions.length === 0);
    if (def.parent?.kind === 'const' && def.node.id === def.name && literal) return false;
    if (init?.type === 'CallExpression' && init.callee.type === 'Identifier' && init.callee.name === 'require') return false;
    if (init?.type === 'ImportExpression' || (init?.type === 'AwaitExpression' && unwrap(init.argument)?.type === 'ImportExpression')) return false;
    return !isFunctionNode(init) && init?.type !== 'ClassExpression';
  });
}
