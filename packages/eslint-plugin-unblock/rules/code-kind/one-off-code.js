/**
 * Code that runs once, by hand or at deploy or boot, where nobody will
 * parallelise awaits: migrations and seeders (recognised by the shapes
 * knex, Sequelize/Umzug, TypeORM, MikroORM and Ghost give them, or a dated
 * step a project's own upgrade runner loads: an exported object with a
 * `name`, a `timestamp` and a function), command-line programs (a `#!` line,
 * a commander/yargs/… program, or a script that reads its positional
 * arguments from `process.argv` and exits when done), and start-up code
 * (module top level, functions only its start-up calls, and, across files,
 * functions reached only from start-up), with the callbacks such code
 * awaits (`await Team.findAllInBatches(opts, async (teams) => …)` runs its
 * callback before the script goes on). The waterfall rules skip it unless
 * `includeOneOffCode` is set.
 */
import path from 'node:path';
import { unwrap, isFunctionNode, enclosingFunction, walk } from '../language/syntax/ast.js';
import { createModuleView, requireSource } from '../project/modules/module-view.js';
import { createStartupClassifier } from './startup-code.js';
import { runsOnlyAtStartup, lintedTreeOf } from '../project/callers/reachability.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 * @typedef {import('../language/syntax/ast.js').FunctionNode} FunctionNode
 */
/**
 * @template {string} T
 * @typedef {import('../language/syntax/ast.js').NodeOf<T>} NodeOf
 */

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
  if (whole?.type === 'ObjectExpression' && (hasMethods(whole, ['up']) || isDatedStep(whole))) return 'migration';
  // Ghost: module.exports = createTransactionalMigration(async function up(knex) {…}, async function down(knex) {…})
  if (whole?.type === 'CallExpression' && whole.arguments.some((/** @type {any} */ arg) => isFunctionNode(unwrap(arg)) && /^(up|down)$/.test(unwrap(arg).id?.name ?? ''))) return 'migration';
  for (const binding of view.bindings.values()) {
    if (binding.kind === 'class' && isMigrationClass(binding.node)) return 'migration';
  }
  return requiresCliPackage(sourceCode) || isArgvScript(sourceCode) ? 'cli' : null;
}

/**
 * A step of a project's own upgrade runner: `{ name: '…', timestamp: Date.UTC(2020, 9, 13), method() {…} }`.
 * The date says when it was written; a runner applies each step once, in that order.
 * @param {any} object
 */
function isDatedStep(object) {
  /** @param {string} key */
  const valueOf = (key) => unwrap(object.properties.find((/** @type {any} */ p) => p.type === 'Property' && !p.computed && (p.key?.name ?? p.key?.value) === key)?.value);
  const name = valueOf('name');
  const timestamp = valueOf('timestamp');
  const isName = (name?.type === 'Literal' && typeof name.value === 'string') || name?.type === 'TemplateLiteral';
  const isDate =
    (timestamp?.type === 'Literal' && typeof timestamp.value === 'number') ||
    (timestamp?.type === 'CallExpression' && timestamp.callee.type === 'MemberExpression' && timestamp.callee.object.name === 'Date') ||
    (timestamp?.type === 'NewExpression' && timestamp.callee.name === 'Date');
  const hasFunction = object.properties.some((/** @type {any} */ p) => p.type === 'Property' && isFunctionNode(unwrap(p.value)));
  return isName && isDate && hasFunction;
}

/**
 * A script run by hand with arguments and no CLI package: its top level
 * reads a positional argument (`process.argv[2]`, `process.argv.slice(2)`)
 * and it exits on success (`process.exit(0)`) in its own course, not in a
 * callback it hands out. A server may read flags from `process.argv` too,
 * but ends itself only from a signal or close handler.
 * @param {import('eslint').SourceCode} sourceCode
 */
function isArgvScript(sourceCode) {
  if (!sourceCode.text.includes('process.argv') || !/process\.exit\(\s*0?\s*\)/.test(sourceCode.text)) return false;
  let positional = false;
  let exitsOnSuccess = false;
  walk(sourceCode.ast, sourceCode.visitorKeys, (node) => {
    if (node.type === 'MemberExpression' && isProcessMember(node.object, 'argv') && readsPositional(node)) positional ||= enclosingFunction(node)?.type === 'Program';
    if (node.type === 'CallExpression' && isProcessMember(unwrap(node.callee), 'exit')) {
      const code = unwrap(node.arguments[0]);
      exitsOnSuccess ||= (code === undefined || (code.type === 'Literal' && code.value === 0)) && !inHandedOutCallback(node);
    }
    return !(positional && exitsOnSuccess);
  });
  return positional && exitsOnSuccess;
}

/**
 * Whether `node` runs in a callback handed to a call that keeps it for later
 * (`process.on('SIGTERM', () => …)`, `server.close(() => …)`), at any depth.
 * @param {Node} node
 */
function inHandedOutCallback(node) {
  for (let fn = enclosingFunction(node); fn && fn.type !== 'Program'; fn = enclosingFunction(fn)) {
    if (fn.parent?.type === 'CallExpression' && fn.parent.arguments.includes(fn) && !awaitedCallbackOf(fn)) return true;
  }
  return false;
}

/**
 * `process.<name>`.
 * @param {Node} node
 * @param {string} name
 */
function isProcessMember(node, name) {
  const member = unwrap(node);
  return member?.type === 'MemberExpression' && !member.computed && member.property.name === name && unwrap(member.object).type === 'Identifier' && unwrap(member.object).name === 'process';
}

/**
 * `process.argv[2]` (or a later index), or `process.argv.slice(2)`: an argument the user typed.
 * @param {any} argvAccess the `process.argv[…]` or `process.argv.slice` member
 */
function readsPositional(argvAccess) {
  if (argvAccess.computed) return argvAccess.property.type === 'Literal' && typeof argvAccess.property.value === 'number' && argvAccess.property.value >= 2;
  if (argvAccess.property.name !== 'slice' || argvAccess.parent?.type !== 'CallExpression') return false;
  const start = unwrap(argvAccess.parent.arguments[0]);
  return start?.type === 'Literal' && typeof start.value === 'number' && start.value >= 2;
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
 * @param {Node} node
 */
export function isInOneOffCode(context, node) {
  if (oneOffFileKind(context.sourceCode) !== null) return true;
  if (createStartupClassifier(context.sourceCode)(node)) return true;
  const runner = enclosingFunction(node);
  if (!runner || runner.type === 'Program') return false;
  const awaitedBy = awaitedCallbackOf(runner);
  if (awaitedBy && isInOneOffCode(context, awaitedBy)) return true;
  if (!path.isAbsolute(context.filename)) return false;
  return runsOnlyAtStartup(context.filename, runner, lintedTreeOf(context.sourceCode));
}

/**
 * The await a callback runs under: `fn` is handed to a call whose promise
 * is awaited right there (`await each(list, fn)`, `await Promise.all(list.map(fn))`),
 * so it runs while the code around the await waits, as part of it. Null
 * for a callback kept for later (`app.get('/x', fn)`, a listener).
 * @param {any} fn
 */
export function awaitedCallbackOf(fn) {
  let node = fn;
  while (node.parent?.type === 'CallExpression' && node.parent.arguments.includes(node)) node = node.parent;
  return node !== fn && node.parent?.type === 'AwaitExpression' ? node.parent : null;
}
