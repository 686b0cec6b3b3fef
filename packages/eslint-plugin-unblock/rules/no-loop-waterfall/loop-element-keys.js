/**
 * Which values of a loop iteration come from its element, and so can key a
 * write to the element's own record. A binding declared inside the loop is
 * not enough: `const keys = []; cids.forEach((cid) => keys.push(`cid:${cid}`))`
 * builds the same list in every iteration, and a write handed it writes the
 * same records every time. The contract (DESIGN.md): a write the analysis
 * cannot key to the element is shared.
 */
import { walk, unwrap, propertyName } from '../language/syntax/ast.js';
import { effectsOf, MUTATING_METHODS } from '../effects/effects.js';
import { localFunctionOf } from '../effects/local-function-effects.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 */

/** A fixpoint over a body settles in a few rounds; a bound keeps a pathological body cheap. */
const MAX_ROUNDS = 8;

/**
 * @typedef {object} ElementKeyContext
 * @property {any} visitorKeys
 * @property {ReturnType<typeof import('../effects/references.js').getReferenceIndex>} index
 * @property {(node: any) => any[]} declaredVariables
 * @property {(symbol: unknown) => boolean} isIterationSymbol
 *
 * @typedef {object} ElementKeys
 * @property {(node: any) => boolean} dependsOnElement the expression reads the element (or a value made from it)
 * @property {(symbol: unknown) => boolean} isInvariantLocal a binding of the iteration that holds the same data in every iteration
 */

/**
 * @param {import('./loop-shapes.js').LoopShape} shape
 * @param {ElementKeyContext} context
 * @returns {ElementKeys}
 */
export function elementKeys(shape, context) {
  const { visitorKeys, index } = context;
  /** @type {Set<unknown>} */
  const dependent = new Set(seedSymbols(shape, context));
  /** @param {Node} node */
  const readsDependent = (node) => [...effectsOf(node, { visitorKeys, index }).reads].some((symbol) => dependent.has(symbol));
  /** @param {Iterable<unknown>} symbols */
  const addAll = (symbols) => {
    let grew = false;
    for (const symbol of symbols) {
      if (!dependent.has(symbol)) {
        dependent.add(symbol);
        grew = true;
      }
    }
    return grew;
  };
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    let grew = false;
    walk(shape.body, visitorKeys, (node) => {
      for (const { symbols, from } of flowsInto(node, context)) {
        if (from.some(readsDependent)) grew = addAll(symbols) || grew;
      }
      return true;
    });
    if (!grew) break;
  }
  return {
    dependsOnElement: readsDependent,
    isInvariantLocal: (symbol) =>
      context.isIterationSymbol(symbol) && !dependent.has(symbol) && localFunctionOf(symbol) === null && !isFunctionBinding(symbol),
  };
}

/**
 * The bindings a loop gives each iteration: the element (for-of/for-in), the
 * counter, forEach's parameters.
 * @param {import('./loop-shapes.js').LoopShape} shape
 * @param {ElementKeyContext} context
 * @returns {unknown[]}
 */
function seedSymbols(shape, context) {
  if (shape.kind === 'for-of' || shape.kind === 'for-in') return context.declaredVariables(shape.loop.left);
  if (shape.kind === 'indexed') return [context.index.symbolOf(shape.index)];
  if (shape.callback) return context.declaredVariables(shape.callback);
  return [];
}

/**
 * Where one node makes data flow into bindings, and from what:
 * `const x = e`, `x = e`, `x.y = e`, `x.push(e)`, `for (const y of e)`, and
 * the parameters of a callback handed to a method of `e` (`e.map((y) => …)`).
 * @param {Node} node
 * @param {ElementKeyContext} context
 * @returns {{ symbols: unknown[], from: any[] }[]}
 */
function flowsInto(node, context) {
  const { index, declaredVariables } = context;
  switch (node.type) {
    case 'VariableDeclarator':
      return node.init ? [{ symbols: declaredVariables(node), from: [node.init] }] : [];
    case 'AssignmentExpression': {
      const root = rootSymbol(node.left, index);
      return root ? [{ symbols: [root], from: [node.right] }] : [];
    }
    case 'ForOfStatement':
    case 'ForInStatement':
      return node.left.type === 'VariableDeclaration' ? [{ symbols: declaredVariables(node.left), from: [node.right] }] : [];
    case 'CallExpression': {
      const callee = unwrap(node.callee);
      if (callee?.type !== 'MemberExpression') return [];
      /** @type {{ symbols: unknown[], from: any[] }[]} */
      const flows = [];
      const root = MUTATING_METHODS.has(propertyName(callee) ?? '') ? rootSymbol(callee.object, index) : null;
      if (root) flows.push({ symbols: [root], from: node.arguments });
      for (const argument of node.arguments) {
        const callback = unwrap(argument);
        if (callback?.type === 'ArrowFunctionExpression' || callback?.type === 'FunctionExpression') {
          const params = declaredVariables(callback).filter((/** @type {any} */ variable) => variable.defs.some((/** @type {any} */ def) => def.type === 'Parameter'));
          flows.push({ symbols: params, from: [callee.object] });
        }
      }
      return flows;
    }
    default:
      return [];
  }
}

/**
 * The variable at the root of `x`, `x.y`, `x[k].z`, or null.
 * @param {Node} node
 * @param {ElementKeyContext['index']} index
 */
function rootSymbol(node, index) {
  let current = unwrap(node);
  while (current?.type === 'MemberExpression') current = unwrap(current.object);
  if (current?.type !== 'Identifier') return null;
  const symbol = index.symbolOf(current);
  return symbol && typeof symbol === 'object' ? symbol : null;
}

/**
 * A function or class declared in the iteration: code, not data.
 * @param {unknown} symbol
 */
function isFunctionBinding(symbol) {
  const variable = /** @type {any} */ (symbol);
  return Array.isArray(variable?.defs) && variable.defs.some((/** @type {any} */ def) => def.type === 'FunctionName' || def.type === 'ClassName');
}
