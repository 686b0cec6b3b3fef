/**
 * Which library a module's export is made from, for a receiver imported from the project
 * (`import prisma from '../lib/prisma'` with `export default new PrismaClient()`,
 * `const { User } = require('../models')` with `User = mongoose.model(…)`, a `PrismaService` that
 * extends `PrismaClient`): the same steps effects/libraries/library-values.js follows in the
 * linted file, read here from the module's top-level names, through imports and re-exports.
 */
import { unwrap } from '../../language/syntax/ast.js';
import { tableOfSpecifier, madeBy } from '../../effects/libraries/index.js';
import { MAX_HOPS, importedModule } from './module-values.js';
import { requireSource } from './module-view.js';

/**
 * @typedef {import('./module-view.js').ModuleView} ModuleView
 * @typedef {import('../../effects/libraries/library-api.js').LibraryValue} LibraryValue
 */

/**
 * @param {string | undefined} specifier
 * @returns {LibraryValue | null}
 */
function packageValue(specifier) {
  const table = specifier ? tableOfSpecifier(specifier) : null;
  return table ? { table, handle: table.api.handle } : null;
}

/**
 * What a module exports under a name, as a library value.
 * @param {ModuleView} view
 * @param {string} name  `default` for the module's default export or its `module.exports`
 * @param {number} [hops]
 * @returns {LibraryValue | null}
 */
export function libraryOfExport(view, name, hops = 0) {
  if (hops > MAX_HOPS) return null;
  const entry = view.exports.get(name);
  if (entry?.source) {
    const module = packageValue(entry.source) ? null : importedModule(view, entry.source);
    return packageValue(entry.source) ?? (module ? libraryOfExport(module, entry.imported ?? name, hops + 1) : null);
  }
  if (entry?.local) return libraryOfName(view, entry.local, hops + 1);
  if (entry?.node) return libraryOfNode(view, entry.node, hops + 1);
  for (const source of view.exportAllFrom) {
    const module = importedModule(view, source);
    const value = module && libraryOfExport(module, name, hops + 1);
    if (value) return value;
  }
  return null;
}

/**
 * @param {ModuleView} view
 * @param {string} name
 * @param {number} hops
 * @returns {LibraryValue | null}
 */
function libraryOfName(view, name, hops) {
  const binding = view.bindings.get(name);
  if (!binding || hops > MAX_HOPS) return null;
  if (binding.kind === 'import' || binding.kind === 'namespace') {
    const known = packageValue(binding.source);
    if (known) return known;
    const module = importedModule(view, binding.source ?? '');
    return module ? libraryOfExport(module, binding.kind === 'import' ? binding.imported ?? 'default' : 'default', hops + 1) : null;
  }
  if (binding.kind === 'class') return classBase(view, binding.node, hops);
  if (binding.kind !== 'value' || !binding.constant) return null;
  // `const { User } = require('../models')`: that export of the project module.
  const required = binding.member !== undefined ? requireSource(unwrap(binding.node)) : null;
  const module = required && !packageValue(required) ? importedModule(view, required) : null;
  if (module) return libraryOfExport(module, binding.member ?? 'default', hops + 1);
  // `const { PrismaClient } = require('@prisma/client')`: a member of a library's module is that library's.
  return libraryOfNode(view, binding.node, hops + 1);
}

/**
 * @param {ModuleView} view
 * @param {any} node
 * @param {number} hops
 * @returns {LibraryValue | null}
 */
function libraryOfNode(view, node, hops) {
  let value = unwrap(node);
  if (value?.type === 'AwaitExpression') value = unwrap(value.argument);
  if (!value || hops > MAX_HOPS) return null;
  const required = requireSource(value);
  if (required) return packageValue(required) ?? libraryOfRequired(view, required, hops);
  switch (value.type) {
    case 'Identifier':
      return libraryOfName(view, value.name, hops + 1);
    case 'MemberExpression':
      return libraryOfNode(view, value.object, hops + 1);
    case 'ClassDeclaration':
    case 'ClassExpression':
      return classBase(view, value, hops);
    case 'LogicalExpression':
      return libraryOfNode(view, value.right, hops + 1) ?? libraryOfNode(view, value.left, hops + 1);
    case 'CallExpression':
    case 'NewExpression': {
      const callee = unwrap(value.callee);
      const name = callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' && !callee.computed ? callee.property.name : null;
      const base = libraryOfNode(view, callee.type === 'MemberExpression' ? callee.object : callee, hops + 1);
      return base ? madeBy(base, name) : null;
    }
    default:
      return null;
  }
}

/**
 * `require('./db')` of a project module: what it exports as a whole.
 * @param {ModuleView} view @param {string} specifier @param {number} hops
 */
function libraryOfRequired(view, specifier, hops) {
  const module = importedModule(view, specifier);
  return module ? libraryOfExport(module, 'default', hops + 1) : null;
}

/**
 * A class that extends a library's class (`class PrismaService extends PrismaClient`): its
 * instances and its static methods (Sequelize models) share that library's pool.
 * @param {ModuleView} view @param {any} classNode @param {number} hops
 */
function classBase(view, classNode, hops) {
  const base = classNode?.superClass ? libraryOfNode(view, classNode.superClass, hops + 1) : null;
  return base ? { table: base.table, handle: base.table.api.handle } : null;
}
