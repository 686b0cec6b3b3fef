/**
 * Names a function declares anywhere inside it (parameters, variables,
 * functions, classes, catch clauses), read without a scope manager so that
 * it works on any ESTree. A call through one of these names is not a call to
 * the module-level binding of the same name.
 */
import { unwrap, walk, isFunctionNode, propertyName } from '../../language/syntax/ast.js';

/**
 * @typedef {import('../../language/syntax/ast.js').Node} Node
 * @typedef {import('../../language/syntax/ast.js').VisitorKeys} VisitorKeys
 * @typedef {import('../../language/syntax/ast.js').FunctionNode} FunctionNode
 */

/**
 * The identifiers a binding pattern introduces (`{ a, b: [c, ...d] = [] }` → a, c, d).
 * @param {Node | null | undefined} pattern
 * @param {string[]} [into]
 * @returns {string[]}
 */
export function patternNames(pattern, into = []) {
  if (!pattern) return into;
  switch (pattern.type) {
    case 'Identifier':
      into.push(pattern.name);
      break;
    case 'ObjectPattern':
      for (const property of pattern.properties) patternNames(property.type === 'RestElement' ? property.argument : property.value, into);
      break;
    case 'ArrayPattern':
      for (const element of pattern.elements) patternNames(element, into);
      break;
    case 'RestElement':
      patternNames(pattern.argument, into);
      break;
    case 'AssignmentPattern':
      patternNames(pattern.left, into);
      break;
    case 'TSParameterProperty':
      patternNames(pattern.parameter, into);
      break;
    default:
  }
  return into;
}

/**
 * @param {FunctionNode} fn a function node
 * @param {VisitorKeys} visitorKeys
 * @param {{ nested?: boolean }} [options] nested: also the names nested functions declare (default true);
 *   false when each nested function is looked at on its own (the caller index keeps one frame per function)
 * @returns {Set<string>}
 */
export function declaredNames(fn, visitorKeys, { nested = true } = {}) {
  const names = new Set(fn.params.flatMap((/** @type {any} */ param) => patternNames(param)));
  walk(fn.body, visitorKeys, (node) => {
    if (!nested && node !== fn.body && isFunctionNode(node)) {
      if (node.type === 'FunctionDeclaration' && node.id) names.add(node.id.name);
      return false;
    }
    if (node.type === 'VariableDeclarator') for (const name of patternNames(node.id)) names.add(name);
    else if ((node.type === 'FunctionDeclaration' || node.type === 'ClassDeclaration') && node.id) names.add(node.id.name);
    else if (node.type === 'CatchClause') for (const name of patternNames(node.param)) names.add(name);
    else if (node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression') {
      for (const param of node.params) for (const name of patternNames(param)) names.add(name);
    }
  });
  return names;
}

/**
 * Names bound inside the function to a value made right there: `'value'`
 * for `[]`, `{}`, `new Map()` or a string (calling `push` or `get` on one
 * touches nothing outside), `'response'` for what `fetch()` returned (its
 * `json()` and `text()` read the body already requested), `'result'` for what an awaited call answered
 * (`const rows = await db.find()`: the rows are this function's to change).
 * @param {FunctionNode} fn
 * @param {VisitorKeys} visitorKeys
 * @returns {Map<string, 'value' | 'response' | 'result'>}
 */
export function localValueNames(fn, visitorKeys) {
  /** @type {Map<string, 'value' | 'response' | 'result'>} */
  const names = new Map();
  for (const param of fn.params) {
    const name = primitiveParameterName(param);
    if (name) names.set(name, 'value');
  }
  walk(fn.body, visitorKeys, (node) => {
    const accumulator = reduceAccumulator(node);
    if (accumulator) names.set(accumulator, 'value');
    if (node.type !== 'VariableDeclarator') return;
    let init = unwrap(node.init);
    // `const [rows, total] = await Promise.all([…])`: what the awaited calls answered, handed to this function alone.
    if (node.id.type !== 'Identifier') {
      if (init?.type === 'AwaitExpression') for (const name of patternNames(node.id)) names.set(name, 'result');
      return;
    }
    if (['ArrayExpression', 'ObjectExpression', 'Literal', 'TemplateLiteral'].includes(init?.type) || isPrimitiveType(node.id.typeAnnotation)) names.set(node.id.name, 'value');
    if (init?.type === 'NewExpression' && init.callee.type === 'Identifier' && /^(Map|Set|Array|Object|URLSearchParams|Date)$/.test(init.callee.name)) {
      names.set(node.id.name, 'value');
    }
    if (init?.type === 'AwaitExpression') {
      init = unwrap(init.argument);
      if (!names.has(node.id.name)) names.set(node.id.name, 'result');
    }
    if (init?.type === 'CallExpression' && unwrap(init.callee).type === 'Identifier' && unwrap(init.callee).name === 'fetch') names.set(node.id.name, 'response');
  });
  return names;
}

/**
 * `list.reduce((map, item) => { map.set(…); return map; }, new Map())`: the callback's accumulator starts as
 * the value made right there, and each turn hands back what the callback returned.
 * @param {Node} node
 */
function reduceAccumulator(node) {
  if (node.type !== 'CallExpression' || node.arguments.length !== 2) return null;
  const callee = unwrap(node.callee);
  if (callee?.type !== 'MemberExpression' || !['reduce', 'reduceRight'].includes(propertyName(callee) ?? '')) return null;
  const [callback, initial] = node.arguments.map(unwrap);
  const fresh = ['ArrayExpression', 'ObjectExpression'].includes(initial?.type) ||
    (initial?.type === 'NewExpression' && initial.callee.type === 'Identifier' && /^(Map|Set|Array|Object)$/.test(initial.callee.name));
  const first = isFunctionNode(callback) ? callback.params[0] : null;
  return fresh && first?.type === 'Identifier' ? first.name : null;
}

/**
 * A parameter that holds a primitive, by its TypeScript type or its default (`symbol: string`, `name = ''`):
 * a string or number has no state to change, so its methods only compute.
 * @param {any} param
 */
function primitiveParameterName(param) {
  const node = param.type === 'TSParameterProperty' ? param.parameter : param;
  if (node.type === 'Identifier') return isPrimitiveType(node.typeAnnotation) ? node.name : null;
  if (node.type !== 'AssignmentPattern' || node.left.type !== 'Identifier') return null;
  const fallback = unwrap(node.right);
  const primitiveDefault = (fallback.type === 'Literal' && ['string', 'number', 'boolean'].includes(typeof fallback.value)) || fallback.type === 'TemplateLiteral';
  return primitiveDefault || isPrimitiveType(node.left.typeAnnotation) ? node.left.name : null;
}

/** @param {any} annotation a TSTypeAnnotation */
function isPrimitiveType(annotation) {
  return ['TSStringKeyword', 'TSNumberKeyword', 'TSBooleanKeyword', 'TSBigIntKeyword'].includes(annotation?.typeAnnotation?.type);
}

/**
 * The calls that names declared once, with `const`, are bound to
 * (`const parts = s.split(':')`): what such a name holds is what that call
 * returned, for good. A name declared more than once anywhere in the
 * function (a parameter, a nested function's own) is left out.
 * @param {FunctionNode} fn
 * @param {VisitorKeys} visitorKeys
 * @returns {Map<string, any>}
 */
export function constCallInits(fn, visitorKeys) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  const count = (/** @type {string} */ name) => counts.set(name, (counts.get(name) ?? 0) + 1);
  /** @type {Map<string, any>} */
  const inits = new Map();
  for (const param of fn.params) for (const name of patternNames(param)) count(name);
  walk(fn.body, visitorKeys, (node) => {
    if (node.type === 'VariableDeclaration' && node.kind === 'const') {
      for (const declarator of node.declarations) {
        const init = unwrap(declarator.init);
        if (declarator.id.type === 'Identifier' && (init?.type === 'CallExpression' || init?.type === 'NewExpression')) inits.set(declarator.id.name, init);
      }
    } else if (node.type === 'VariableDeclarator') for (const name of patternNames(node.id)) count(name);
    else if ((node.type === 'FunctionDeclaration' || node.type === 'ClassDeclaration') && node.id) count(node.id.name);
    else if (node.type === 'CatchClause') for (const name of patternNames(node.param)) count(name);
    else if (node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression') {
      for (const param of node.params) for (const name of patternNames(param)) count(name);
    }
  });
  for (const name of [...inits.keys()]) if (counts.get(name) !== 1) inits.delete(name);
  return inits;
}
