/**
 * Code that runs once, by hand or at deploy or boot, where nobody will
 * parallelise awaits: migrations and seeders (recognised by the shapes
 * knex, Sequelize/Umzug, TypeORM, MikroORM and Ghost give them), command-line
 * programs (a `#!` line, or a commander/yargs/… program), and start-up code
 * (module top level, functions only its start-up calls, and, across files,
 * functions reached only from start-up). The waterfall rules skip it unless
 * `includeOneOffCode` is set.
 */
import path from 'node:path';
import { unwrap, isFunctionNode, enclosingFunction } from '../syntax/ast.js';
import { createModuleView, requireSource } from '../../project/modules/module-view.js';
import { createStartupClassifier } from './startup-code.js';
import { reachabilityOf } from '../../project/callers/reachability.js';

/** Packages that build command-line programs. */
const CLI_PACKAGES = new Set(['commander', 'yargs', 'yargs/yargs', 'cac', 'meow', 'sade', '@oclif/core', 'oclif', 'clipanion', 'vorpal', 'caporal', 'minimist', 'arg']);
/** Names of migration functions a module exports. */
const MIGRATION_EXPORTS = [['up', 'down'], ['up'], ['seed']];

/** @type {WeakMap<object, 'migration' | 'cli' | null>} */
const fileKinds = new WeakMap();

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @returns {'migration' | 'cli' | null}
 */
export function oneOffFileKind(sourceCode) {
  if (!fileKinds.has(sourceCode)) fileKinds.set(sourceCode, computeKind(sourceCode));
  return fileKinds.get(sourceCode) ?? null;
}

/** @param {import('eslint').SourceCode} sourceCode */
function computeKind(sourceCode) {
  if (sourceCode.text.startsWith('#!')) return 'cli';
  const view = createModuleView('', sourceCode.ast);
  for (const binding of view.bindings.values()) {
    if ((binding.kind === 'import' || binding.kind === 'namespace') && CLI_PACKAGES.has(binding.source ?? '')) return 'cli';
  }
  if (MIGRATION_EXPORTS.some((names) => names.every((name) => view.exports.has(name)))) return 'migration';
  const whole = unwrap(view.exports.get('default')?.node);
  if (whole?.type === 'ObjectExpression' && hasMethods(whole, ['up'])) return 'migration';
  // Ghost: module.exports = createTransactionalMigration(async function up(knex) {…}, async function down(knex) {…})
  if (whole?.type === 'CallExpression' && whole.arguments.some((/** @type {any} */ arg) => isFunctionNode(unwrap(arg)) && /^(up|down)$/.test(unwrap(arg).id?.name ?? ''))) return 'migration';
  for (const binding of view.bindings.values()) {
    if (binding.kind === 'class' && isMigrationClass(binding.node)) return 'migration';
  }
  return requiresCliPackage(sourceCode) ? 'cli' : null;
}

/**
 * @param {any} object
 * @param {string[]} names
 */
function hasMethods(object, names) {
  return names.every((name) => object.properties.some((/** @type {any} */ p) => p.type === 'Property' && (p.key?.name === name || p.key?.value === name) && isFunctionNode(unwrap(p.value))));
}

/**
 * TypeORM (`implements MigrationInterface`) and MikroORM (`extends Migration`) migrations.
 * @param {any} classNode
 */
function isMigrationClass(classNode) {
  const implemented = (classNode.implements ?? []).some((/** @type {any} */ i) => /Migration/.test(i.expression?.name ?? ''));
  const extended = unwrap(classNode.superClass)?.type === 'Identifier' && /Migration$/.test(unwrap(classNode.superClass).name);
  return implemented || extended;
}

/**
 * `require('commander')` anywhere in the file (CLIs often require lazily).
 * @param {import('eslint').SourceCode} sourceCode
 */
function requiresCliPackage(sourceCode) {
  if (!/require\(\s*['"](commander|yargs|cac|meow|sade)/.test(sourceCode.text)) return false;
  let found = false;
  /** @param {any} node */
  const visit = (node) => {
    if (found || !node || typeof node.type !== 'string') return;
    if (node.type === 'CallExpression' && CLI_PACKAGES.has(requireSource(node) ?? '')) found = true;
    for (const key of sourceCode.visitorKeys[node.type] ?? []) {
      const child = node[key];
      if (Array.isArray(child)) child.forEach(visit);
      else visit(child);
    }
  };
  visit(sourceCode.ast);
  return found;
}

/**
 * Whether a reported node sits in one-off code: a migration, seeder or CLI
 * file, or start-up code (here or, through callers, across files).
 * @param {import('eslint').Rule.RuleContext} context
 * @param {any} node
 */
export function isInOneOffCode(context, node) {
  if (oneOffFileKind(context.sourceCode) !== null) return true;
  if (createStartupClassifier(context.sourceCode)(node)) return true;
  const runner = enclosingFunction(node);
  if (!runner || runner.type === 'Program' || !path.isAbsolute(context.filename)) return false;
  return reachabilityOf(context.filename, runner).kind === 'startup';
}
