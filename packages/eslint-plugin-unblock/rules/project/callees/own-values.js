/**
 * Which arguments a function hands a callee are its own values: made in
 * its body (a literal, `new X()`, a call's result, what an awaited call
 * resolved to, an element of one of these), not its caller's objects (a
 * parameter), `this` state or module state. A callee that changes its
 * parameter (`bufferize(value)` writing `value[key]`) changes nothing
 * outside a caller that only ever hands it its own values: there the
 * mutation is local, and the caller stays a read.
 *
 * A call's result counts as new unless the call is made on a parameter or
 * `this` (`param.items.find(…)` may return the caller's own object). Any
 * doubt (a name declared twice, a closure's variable) answers "not own".
 */
import { unwrap, walk } from '../../language/syntax/ast.js';
import { patternNames } from './declared-names.js';
import { rootOf } from './call-evidence.js';

/**
 * @typedef {import('../../language/syntax/ast.js').Node} Node
 * @typedef {import('../../language/syntax/ast.js').VisitorKeys} VisitorKeys
 * @typedef {import('../../language/syntax/ast.js').FunctionNode} FunctionNode
 */

const FRESH_SYNTAX = new Set(['Literal', 'ObjectExpression', 'ArrayExpression', 'TemplateLiteral', 'NewExpression', 'ArrowFunctionExpression', 'FunctionExpression', 'BinaryExpression']);
/** Hops through locals bound to locals; past it, a value is not known to be own. */
const MAX_HOPS = 4;

/**
 * @param {FunctionNode} fn the function whose body makes the calls
 * @param {VisitorKeys} visitorKeys
 * @returns {(expression: any) => boolean} whether an argument is a value of the function's own
 */
export function ownValueTest(fn, visitorKeys) {
  const params = new Set(fn.params.flatMap((/** @type {any} */ param) => patternNames(param)));
  const sources = localSources(fn, visitorKeys, params);
  /**
   * @param {Node} expression
   * @param {number} hops
   * @returns {boolean}
   */
  const isOwn = (expression, hops) => {
    let node = unwrap(expression);
    while (node?.type === 'SpreadElement') node = unwrap(node.argument);
    if (!node || hops > MAX_HOPS) return false;
    if (FRESH_SYNTAX.has(node.type)) return true;
    // What an awaited call resolves to came back from I/O (a row, a response): the caller's own copy.
    if (node.type === 'AwaitExpression') return unwrap(node.argument)?.type === 'CallExpression' || isOwn(node.argument, hops);
    if (node.type === 'CallExpression') {
      const root = rootOf(node.callee);
      return root?.type !== 'ThisExpression' && !(root?.type === 'Identifier' && params.has(root.name));
    }
    if (node.type === 'MemberExpression') return isOwn(node.object, hops);
    if (node.type !== 'Identifier' || params.has(node.name)) return false;
    const source = sources.get(node.name);
    return source !== undefined && source !== null && isOwn(source, hops + 1);
  };
  return (expression) => isOwn(expression, 0);
}

/**
 * Per name declared once in the body: the expression its value comes from
 * (a declarator's init, a `for…of` loop's list); null for a name declared
 * more than once or without a value (`let x;` assigned later).
 * @param {FunctionNode} fn
 * @param {VisitorKeys} visitorKeys
 * @param {Set<string>} params
 * @returns {Map<string, any>}
 */
function localSources(fn, visitorKeys, params) {
  /** @type {Map<string, any>} */
  const sources = new Map();
  /** @param {string} name @param {Node} source */
  const bind = (name, source) => sources.set(name, params.has(name) || sources.has(name) ? null : source ?? null);
  /** @type {Set<any>} declarators of `for (const x of list)`: their value is an element of the list */
  const loopHeads = new Set();
  walk(fn.body, visitorKeys, (node) => {
    if (node.type === 'ForOfStatement' && node.left.type === 'VariableDeclaration') {
      for (const declarator of node.left.declarations) {
        loopHeads.add(declarator);
        for (const name of patternNames(declarator.id)) bind(name, node.right);
      }
    } else if (node.type === 'VariableDeclarator' && !loopHeads.has(node)) {
      for (const name of patternNames(node.id)) bind(name, node.init);
    } else if (node.type === 'AssignmentExpression' && unwrap(node.left).type === 'Identifier') {
      // Assigned again: the value may come from anywhere.
      sources.set(unwrap(node.left).name, null);
    }
  });
  return sources;
}
