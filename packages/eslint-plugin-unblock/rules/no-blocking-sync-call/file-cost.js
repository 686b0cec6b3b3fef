/**
 * What a synchronous file-system call costs, by what it touches:
 *  - one inode (`statSync`, `lstatSync`, `mkdirSync`, `unlinkSync`, `renameSync`…): a
 *    metadata operation on a local disk, microseconds once the directory is cached;
 *  - a file whose path the request does not choose (built only from constants, module
 *    state, imports and the program's own location: a template, a manifest, a settings
 *    file, `.git/HEAD`): the application's own small file, in the page cache after its
 *    first read, so tens of microseconds (measured on the template fixture: the
 *    asynchronous read costs more than the blocking one);
 *  - anything else (a path from the function's parameters or `this`: an upload, a file
 *    a user names, an export): its size is unknown, and reading or copying it can
 *    stall the loop for as long as the disk takes.
 * The first two are cheap: true, but nobody acts on them, so they are reported only
 * with `includeCheap`.
 */
import path from 'node:path';
import { unwrap } from '../language/syntax/ast.js';
import { lintedTreeOf } from '../project/callers/reachability.js';
import { fixedValuesPassedFor } from '../project/callers/argument-values.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 * @typedef {import('../language/syntax/ast.js').CallNode} CallNode
 */
/**
 * @template {string} T
 * @typedef {import('../language/syntax/ast.js').NodeOf<T>} NodeOf
 */

/** One inode: no file contents move. */
const METADATA_CALLS = new Set(['access', 'chmod', 'chown', 'lchmod', 'lchown', 'link', 'lstat', 'lutimes', 'mkdir', 'readlink', 'realpath', 'rename', 'rmdir', 'stat', 'statfs', 'symlink', 'unlink', 'utimes']);
/** Path-taking calls whose cost follows the file they read or write. */
const CONTENT_CALLS = new Set(['readFile', 'writeFile', 'appendFile', 'copyFile', 'readdir', 'opendir', 'truncate', 'open']);
/**
 * Milliseconds of main thread per MB that `copyFileSync` copies, for the message when the file is not
 * the program's own: the kernel copies in the calling thread (libuv's copy_file_range), measured by
 * scripts/bench-sync-cost.js on this project's 2-core machine (ext4, a file in the page cache; the
 * main thread's CPU time, median of seven samples). A file the disk must read first takes longer.
 */
export const COPY_MS_PER_MB = 1;
/** Names a path may read that still say nothing about the request. */
const PROGRAM_LOCATION = new Set(['__dirname', '__filename', 'process']);
/** Locals followed to what they were bound to. */
const MAX_HOPS = 4;

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} call a call of an `fs` API
 * @param {{ module: string, async: string }} api
 * @param {string} filename the linted file (its callers tell what a parameter holds)
 */
export function isCheapFileCall(sourceCode, call, api, filename) {
  if (api.module !== 'fs') return false;
  if (METADATA_CALLS.has(api.async)) return true;
  if (!CONTENT_CALLS.has(api.async) || call.arguments.length === 0) return false;
  // copyFile(src, dest): both ends must be the program's own files.
  const paths = api.async === 'copyFile' ? call.arguments.slice(0, 2) : call.arguments.slice(0, 1);
  const file = { sourceCode, filename, linted: lintedTreeOf(sourceCode) };
  return paths.every((/** @type {any} */ path) => isFixedPath(file, path, 0));
}

/**
 * @typedef {{ sourceCode: import('eslint').SourceCode, filename: string, linted: import('../project/callers/reachability.js').LintedTree }} LintedFile
 */

/**
 * The expression's value cannot depend on a request: it reads only literals,
 * module-level bindings, imports and the program's location.
 * @param {LintedFile} file
 * @param {Node} expression
 * @param {number} hops
 * @returns {boolean}
 */
function isFixedPath(file, expression, hops) {
  const node = unwrap(expression);
  if (!node || hops > MAX_HOPS) return false;
  switch (node.type) {
    case 'Literal':
      return true;
    case 'TemplateLiteral':
      return node.expressions.every((/** @type {any} */ part) => isFixedPath(file, part, hops));
    case 'BinaryExpression':
    case 'LogicalExpression':
      return isFixedPath(file, node.left, hops) && isFixedPath(file, node.right, hops);
    case 'ConditionalExpression':
      return [node.test, node.consequent, node.alternate].every((part) => isFixedPath(file, part, hops));
    case 'ChainExpression':
      return isFixedPath(file, node.expression, hops);
    case 'MetaProperty':
      return true;
    case 'MemberExpression':
      return (!node.computed || isFixedPath(file, node.property, hops)) && isFixedPath(file, node.object, hops);
    case 'CallExpression':
    case 'NewExpression':
      // path.join(root, 'a'), new URL('./page.html', import.meta.url): fixed when what they are given is.
      return isFixedCallee(file, node.callee, hops) && node.arguments.every((/** @type {any} */ arg) => isFixedPath(file, arg, hops));
    case 'Identifier':
      return isFixedName(file, node, hops);
    default:
      return false;
  }
}

/**
 * A function the program names itself: a global (`URL`, `String`), or one bound at module level or
 * imported (`path.join`), never one a caller hands in.
 * @param {LintedFile} file
 * @param {Node} callee
 * @param {number} hops
 */
function isFixedCallee(file, callee, hops) {
  const node = unwrap(callee);
  if (node?.type === 'Identifier') {
    let variable = null;
    for (let scope = /** @type {import('eslint').Scope.Scope | null} */ (file.sourceCode.getScope(node)); scope && !variable; scope = scope.upper) variable = scope.set.get(node.name);
    return !variable || variable.defs.length === 0 || isFixedName(file, node, hops);
  }
  return isFixedPath(file, node, hops);
}

/**
 * A name bound at module level (or an import, or a global such as `__dirname`), a local
 * given only fixed values, or a parameter every caller in the project passes a fixed value.
 * @param {LintedFile} file
 * @param {NodeOf<'Identifier'>} identifier
 * @param {number} hops
 */
function isFixedName(file, identifier, hops) {
  const { sourceCode } = file;
  let variable = null;
  for (let scope = /** @type {import('eslint').Scope.Scope | null} */ (sourceCode.getScope(identifier)); scope && !variable; scope = scope.upper) variable = scope.set.get(identifier.name);
  if (!variable) return PROGRAM_LOCATION.has(identifier.name);
  const def = variable.defs.length === 1 ? variable.defs[0] : null;
  if (!def) return variable.defs.length === 0 && PROGRAM_LOCATION.has(identifier.name);
  if (def.type === 'ImportBinding') return true;
  if (def.type === 'Parameter') return isFixedParameter(file, def);
  if (def.type === 'CatchClause') return false;
  const scopeType = variable.scope.type;
  const moduleLevel = scopeType === 'module' || scopeType === 'global' || (scopeType === 'function' && variable.scope.block.type === 'Program');
  // A module-level constant, function or class is the program's own; a module-level `let` is only while
  // nothing assigns it a value a request chose (`current = req.query.file` in a handler).
  if (moduleLevel && (def.type !== 'Variable' || def.parent.kind === 'const')) return true;
  // A variable: fixed when every value it is given is fixed (its own earlier value included).
  if (def.type !== 'Variable' || def.node.id.type !== 'Identifier' || (!def.node.init && !moduleLevel)) return false;
  // A value made from the local's own earlier value (`root = root.trim()`) is as fixed as the others.
  if (visiting.has(variable)) return true;
  visiting.add(variable);
  try {
    const given = variable.references.filter((/** @type {any} */ reference) => reference.isWrite()).map((/** @type {any} */ reference) => reference.writeExpr);
    return given.length > 0 && given.every((/** @type {any} */ value) => value && isFixedPath(file, value, hops + 1));
  } finally {
    visiting.delete(variable);
  }
}

/**
 * A plain parameter (`function parse(file)`) never assigned in the body, for which every call in the
 * project passes a fixed value.
 * @param {LintedFile} file
 * @param {any} def the parameter's definition
 */
function isFixedParameter(file, def) {
  if (def.name.parent !== def.node) return false;
  const position = def.node.params.indexOf(def.name);
  if (position < 0) return false;
  const variable = file.sourceCode.getDeclaredVariables(def.node).find((/** @type {any} */ v) => v.defs.includes(def));
  if (!variable || variable.references.some((/** @type {any} */ reference) => reference.isWrite())) return false;
  return path.isAbsolute(file.filename) && fixedValuesPassedFor(file.filename, def.node, position, file.linted);
}

/** Locals being asked about: one met again while its values are checked is taken as fixed, the others decide. */
const visiting = new Set();
