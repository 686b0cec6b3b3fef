/**
 * What the callers of a function pass for one of its parameters, when every
 * call in the project passes a number it spells out (`token(16)`) or names
 * (`token(TOKEN_BYTES)`): a parameter's value known from evidence. One caller
 * that passes anything else, or that hands the function over instead of
 * calling it, leaves the value unknown.
 */
import { unwrap } from '../../language/syntax/ast.js';
import { valueOfExpression } from '../modules/callee-lookup.js';
import { isDeclared, initOf } from './function-frames.js';
import { functionKey } from './callers.js';
import { indexFor } from './reachability.js';

/**
 * @typedef {import('../../language/syntax/ast.js').Node} Node
 * @typedef {import('../../language/syntax/ast.js').FunctionNode} FunctionNode
 */

/**
 * @param {string} file path of the file that holds `fn`
 * @param {FunctionNode} fn the function node
 * @param {number} position the parameter's position
 * @param {import('./reachability.js').LintedTree} [linted] the linted file's tree (see reachabilityOf)
 * @returns {number[] | null} one number per call, or null when any is not a known number
 */
export function numbersPassedFor(file, fn, position, linted) {
  const index = indexFor(file, linted);
  // The index of one file alone does not see the callers in other files.
  if (!index?.complete) return null;
  index.scanFilesImporting(file);
  const sites = index.sitesOf(file, functionKey(file, fn));
  if (!sites || sites.length === 0) return null;
  /** @type {number[]} */
  const numbers = [];
  for (const site of sites) {
    const argument = site.call && !site.deferred ? unwrap(site.call.arguments[position]) : null;
    const number = argument ? numberAt(site, argument) : null;
    if (number === null) return null;
    numbers.push(number);
  }
  return numbers;
}

/**
 * Whether every call in the project passes, for one parameter, a value no request chooses: a literal,
 * or a name (or a member of one) the caller's module declares at its top level or imports
 * (`parseSettings(settings.settingsFilename)`). A local of the caller, a value it was handed, or a
 * function handed over instead of called leaves the answer no.
 * @param {string} file path of the file that holds `fn`
 * @param {FunctionNode} fn the function node
 * @param {number} position the parameter's position
 * @param {import('./reachability.js').LintedTree} [linted]
 */
export function fixedValuesPassedFor(file, fn, position, linted) {
  const index = indexFor(file, linted);
  if (!index?.complete) return false;
  index.scanFilesImporting(file);
  const sites = index.sitesOf(file, functionKey(file, fn));
  if (!sites || sites.length === 0) return false;
  return sites.every((site) => {
    const argument = site.call && !site.deferred ? unwrap(site.call.arguments[position]) : null;
    return argument ? isModuleLevelValue(site, argument) : false;
  });
}

/**
 * @param {import('./callers.js').CallSite} site
 * @param {any} argument
 */
function isModuleLevelValue(site, argument) {
  if (argument.type === 'Literal') return true;
  if (argument.type === 'TemplateLiteral') return argument.expressions.every((/** @type {any} */ part) => isModuleLevelValue(site, unwrap(part)));
  let root = argument;
  while (root?.type === 'MemberExpression' && !root.computed) root = unwrap(root.object);
  return root?.type === 'Identifier' && !isDeclared(site.frame, root.name);
}

/**
 * @param {import('./callers.js').CallSite} site
 * @param {Node} argument
 * @returns {number | null}
 */
function numberAt(site, argument) {
  if (argument.type === 'Literal') return typeof argument.value === 'number' ? argument.value : null;
  if (argument.type !== 'Identifier' && argument.type !== 'MemberExpression') return null;
  const { frame, view } = site;
  const value = valueOfExpression(argument, {
    view,
    classNode: frame.classNode,
    objectNode: frame.objectNode,
    isShadowed: (name) => isDeclared(frame, name),
    localInit: (name) => initOf(frame, name),
  });
  return value?.type === 'number' ? value.value : null;
}
