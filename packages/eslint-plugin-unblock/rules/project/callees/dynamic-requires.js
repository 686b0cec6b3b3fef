/**
 * Providers chosen at run time: `const provider = require('./' + config.imageUploadType)` loads one
 * of the modules in that folder, whichever the value names. A call on it (`provider.uploadImage(…)`)
 * is a call into each module there that has that method: the one configured is among them.
 */
import path from 'node:path';
import { unwrap, propertyName, walk, isFunctionNode } from '../../language/syntax/ast.js';
import { valueOfBinding } from '../modules/module-values.js';
import { modulesInFolder } from '../modules/folder-modules.js';
import { memberOf } from '../modules/callee-lookup.js';

/**
 * @typedef {import('../../language/syntax/ast.js').Node} Node
 * @typedef {import('../../language/syntax/ast.js').VisitorKeys} VisitorKeys
 * @typedef {import('../../language/syntax/ast.js').FunctionNode} FunctionNode
 */

/**
 * @typedef {import('../modules/module-values.js').Value} Value
 * @typedef {import('../modules/module-view.js').ModuleView} ModuleView
 */

/**
 * The folder (as a relative specifier ending in `/`) a require completed at run time loads from:
 * `require('./' + name)`, `require(\`./providers/${name}\`)`; null for any other expression.
 * @param {Node} node
 * @returns {string | null}
 */
export function dynamicRequireFolder(node) {
  const call = unwrap(node);
  if (call?.type !== 'CallExpression' || unwrap(call.callee)?.type !== 'Identifier' || unwrap(call.callee).name !== 'require') return null;
  const argument = unwrap(call.arguments[0]);
  let prefix = null;
  if (argument?.type === 'BinaryExpression' && argument.operator === '+') {
    const left = unwrap(argument.left);
    prefix = left?.type === 'Literal' && typeof left.value === 'string' ? left.value : null;
  } else if (argument?.type === 'TemplateLiteral' && argument.expressions.length === 1 && (argument.quasis[1].value.cooked ?? '') === '') {
    prefix = argument.quasis[0].value.cooked ?? null;
  }
  // A folder of the project, named from the requiring file: the value picks the file in it.
  return prefix !== null && /^\.\.?\//.test(prefix) && prefix.endsWith('/') ? prefix : null;
}

/**
 * The functions `<binding>.<method>` can be when the binding holds a require completed at run time.
 * @param {ModuleView} view the module the require is written in
 * @param {any} requireNode the `require(…)` expression
 * @param {Node} callee the called member expression
 * @returns {Array<Extract<Value, { type: 'function' }>>}
 */
export function dynamicRequireMethods(view, requireNode, callee) {
  const folder = dynamicRequireFolder(requireNode);
  const method = callee?.type === 'MemberExpression' ? propertyName(callee) : null;
  if (folder === null || method === null) return [];
  const names = modulesInFolder(path.resolve(path.dirname(view.file), folder)) ?? [];
  /** @type {Array<Extract<Value, { type: 'function' }>>} */
  const found = [];
  for (const name of names) {
    const module = valueOfBinding(view, { kind: 'namespace', source: `${folder}${name}`, required: true }, 0);
    if (!module || (module.type === 'module' && module.view.file === view.file)) continue;
    const member = memberOf(module, method);
    if (member?.type === 'function') found.push(member);
  }
  return found;
}

/**
 * The one `const name = require(…)` of a function's own body, in any block of it (`else { const provider = require('./' + type) }`).
 * @param {FunctionNode} fn
 * @param {string} name
 * @param {VisitorKeys} visitorKeys
 * @returns {any} the require expression, or null when the name is declared otherwise or more than once
 */
export function blockRequireOf(fn, name, visitorKeys) {
  const declared = ownDeclarators(fn, visitorKeys).get(name);
  return declared?.count === 1 && dynamicRequireFolder(declared.first) !== null ? declared.first : null;
}

/** @type {WeakMap<object, Map<string, { count: number, first: any }>>} per function */
const declaratorsOfFunction = new WeakMap();

/**
 * The variables a function's own body declares by a plain name (not in nested functions): how many
 * times each, and the first one's initialiser. Read once per function: a scan asks it at every call
 * on a local of that function, and a long handler makes hundreds.
 * @param {FunctionNode} fn
 * @param {VisitorKeys} visitorKeys
 */
function ownDeclarators(fn, visitorKeys) {
  let declared = declaratorsOfFunction.get(fn);
  if (declared) return declared;
  const found = /** @type {Map<string, { count: number, first: any }>} */ (new Map());
  walk(fn.body, visitorKeys, (node) => {
    if (node !== fn.body && isFunctionNode(node)) return false;
    if (node.type !== 'VariableDeclarator' || node.id.type !== 'Identifier') return true;
    const seen = found.get(node.id.name);
    if (seen) seen.count++;
    else found.set(node.id.name, { count: 1, first: node.init });
    return true;
  });
  declaratorsOfFunction.set(fn, found);
  return found;
}
