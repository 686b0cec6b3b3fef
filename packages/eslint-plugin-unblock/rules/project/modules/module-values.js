/**
 * What a module's top-level names and exports stand for: a function, a
 * class, an instance of one (a singleton), an object literal, a module, or a
 * constant string or number, following imports, `require`, re-exports and
 * aliases (to a bound on the hops). Anything else is null: unknown.
 */
import { unwrap, isFunctionNode } from '../../language/syntax/ast.js';
import { resolveImport } from './resolve-import.js';
import { loadModule } from './module-cache.js';
import { keyName, isModuleExports, requireSource } from './module-view.js';

/**
 * @typedef {import('../../language/syntax/ast.js').Node} Node
 */

/** Re-export and alias chains longer than this are not followed. */
export const MAX_HOPS = 8;

/**
 * @typedef {import('./module-view.js').ModuleView} ModuleView
 *
 * @typedef {{ type: 'function', fn: any, view: ModuleView, classNode: any | null, objectNode: any | null }
 *   | { type: 'class', node: any, view: ModuleView }
 *   | { type: 'instance', node: any, view: ModuleView }
 *   | { type: 'object', node: any, view: ModuleView }
 *   | { type: 'module', view: ModuleView }
 *   | { type: 'string', text: string }
 *   | { type: 'number', value: number }} Value
 */

/**
 * @param {ModuleView} view
 * @param {string} specifier
 * @returns {ModuleView | null}
 */
export function importedModule(view, specifier) {
  const file = resolveImport(view.file, specifier);
  if (!file) return null;
  return loadModule(file);
}

/**
 * What a top-level name of a module stands for.
 * @param {ModuleView} view
 * @param {string} name
 * @param {number} [hops]
 * @returns {Value | null}
 */
export function valueOfName(view, name, hops = 0) {
  const binding = view.bindings.get(name);
  return binding && hops <= MAX_HOPS ? valueOfBinding(view, binding, hops) : null;
}

/**
 * @param {ModuleView} view
 * @param {import('./module-view.js').Binding} binding
 * @param {number} hops
 * @returns {Value | null}
 */
export function valueOfBinding(view, binding, hops) {
  switch (binding.kind) {
    case 'function':
      return { type: 'function', fn: binding.node, view, classNode: null, objectNode: null };
    case 'class':
      return { type: 'class', node: binding.node, view };
    case 'namespace': {
      const module = importedModule(view, binding.source ?? '');
      if (!module) return null;
      // `const Assets = require('./assets')` with `module.exports = class Assets {}` is the class itself.
      if (binding.required && module.commonJs && module.exports.has('default')) {
        const whole = valueOfExport(module, 'default', hops + 1);
        if (whole && whole.type !== 'object') return whole;
      }
      return { type: 'module', view: module };
    }
    case 'import': {
      const module = importedModule(view, binding.source ?? '');
      return module ? valueOfExport(module, binding.imported ?? 'default', hops + 1) : null;
    }
    default:
      if (!binding.constant) return null;
      return binding.member === undefined ? valueOfNode(view, binding.node, hops + 1) : memberValue(view, binding.node, binding.member, hops + 1);
  }
}

/**
 * `const { NONCE_BYTES } = consts;` with `const consts = require('./consts')`:
 * the export of that name, or the property of an object literal.
 * @param {ModuleView} view
 * @param {Node} node what the name is destructured from
 * @param {string} member
 * @param {number} hops
 * @returns {Value | null}
 */
function memberValue(view, node, member, hops) {
  const whole = valueOfNode(view, node, hops);
  if (whole?.type === 'module') return valueOfExport(whole.view, member, hops + 1);
  if (whole?.type !== 'object') return null;
  for (const property of whole.node.properties) {
    if (property.type !== 'Property' || property.computed || keyName(property.key) !== member) continue;
    return property.kind === 'init' ? valueOfNode(whole.view, property.value, hops + 1) : null;
  }
  return null;
}

/**
 * What a module exports under a name.
 * @param {ModuleView} view
 * @param {string} name
 * @param {number} [hops]
 * @returns {Value | null}
 */
export function valueOfExport(view, name, hops = 0) {
  if (hops > MAX_HOPS) return null;
  const entry = view.exports.get(name);
  if (entry?.source) {
    const module = importedModule(view, entry.source);
    return module ? valueOfExport(module, entry.imported ?? name, hops + 1) : null;
  }
  if (entry?.local) return valueOfName(view, entry.local, hops + 1);
  if (entry?.node) return valueOfNode(view, entry.node, hops + 1);
  for (const source of view.exportAllFrom) {
    const module = importedModule(view, source);
    const value = module && valueOfExport(module, name, hops + 1);
    if (value) return value;
  }
  return null;
}

/**
 * @param {ModuleView} view
 * @param {Node} node
 * @param {number} hops
 * @returns {Value | null}
 */
export function valueOfNode(view, node, hops) {
  const value = unwrap(node);
  if (!value) return null;
  if (isFunctionNode(value)) return { type: 'function', fn: value, view, classNode: null, objectNode: null };
  if (value.type === 'ClassExpression' || value.type === 'ClassDeclaration') return { type: 'class', node: value, view };
  if (value.type === 'ObjectExpression') return { type: 'object', node: value, view };
  if (value.type === 'Identifier') return valueOfName(view, value.name, hops + 1);
  // `const widgets = module.exports`: the module's own exports, members included.
  if (isModuleExports(value)) return { type: 'module', view };
  // `ActivityPub.helpers = require('./helpers')`: a module attached to an exported object is that module.
  const required = requireSource(value);
  if (required) return valueOfBinding(view, { kind: 'namespace', source: required, required: true }, hops + 1);
  if (value.type === 'Literal' && typeof value.value === 'string') return { type: 'string', text: value.value };
  if (value.type === 'Literal' && typeof value.value === 'number') return { type: 'number', value: value.value };
  if (value.type === 'TemplateLiteral' && value.expressions.length === 0) return { type: 'string', text: value.quasis[0].value.cooked ?? '' };
  // A singleton: `module.exports = new UserService()`, `export const users = new UserService()`.
  if (value.type === 'NewExpression' && value.callee.type === 'Identifier') {
    const created = valueOfName(view, value.callee.name, hops + 1);
    return created?.type === 'class' ? { type: 'instance', node: created.node, view: created.view } : null;
  }
  return null;
}
