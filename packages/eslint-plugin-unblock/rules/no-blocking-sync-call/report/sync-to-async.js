/**
 * Rewrites a blocking call into its awaited asynchronous form:
 *   fs.readFileSync(p, 'utf8')   → await fs.promises.readFile(p, 'utf8')
 *   pbkdf2Sync(pw, salt, …)      → await promisify(pbkdf2)(pw, salt, …)
 *   execFileSync('git', args)    → (await promisify(execFile)('git', args, { encoding: 'buffer' })).stdout
 * Only inside the body of an async function: anywhere else `await` is not
 * available and no rewrite keeps the code's meaning.
 */
import { findVariable } from '@eslint-community/eslint-utils';
import { addImports, isNameFree, reachExport, skipTypeWrappers, visibleBinding } from '../../rewrite/module-imports.js';
import { specifiersOf, stripNodePrefix } from '../node-module-tracker.js';

/**
 * @typedef {import('../../language/syntax/ast.js').Node} Node
 * @typedef {import('../../language/syntax/ast.js').CallNode} CallNode
 */
/**
 * @template {string} T
 * @typedef {import('../../language/syntax/ast.js').NodeOf<T>} NodeOf
 */

/** @typedef {import('../blocking-apis.js').BlockingApi} BlockingApi */
/** @typedef {import('eslint').SourceCode} SourceCode */

/**
 * @typedef {object} AsyncRewrite
 * @property {string} preview the new expression with its arguments elided
 * @property {(fixer: import('eslint').Rule.RuleFixer) => import('eslint').Rule.Fix[]} fix
 */

/** Parents under which `await x` needs no parentheses, keyed by the child's role. */
export const safeParents = /** @type {Record<string, (parent: any, node: any) => boolean>} */ ({
  ExpressionStatement: () => true,
  VariableDeclarator: (p, n) => p.init === n,
  AssignmentExpression: (p, n) => p.right === n,
  ReturnStatement: () => true,
  ArrowFunctionExpression: (p, n) => p.body === n,
  CallExpression: (p, n) => p.callee !== n,
  NewExpression: (p, n) => p.callee !== n,
  ArrayExpression: () => true,
  Property: (p, n) => p.value === n,
  SpreadElement: () => true,
  TemplateLiteral: () => true,
  ConditionalExpression: () => true,
  LogicalExpression: () => true,
  BinaryExpression: (p, n) => p.operator !== '**' || p.right === n,
  AwaitExpression: () => true,
  TSAsExpression: () => true,
  TSSatisfiesExpression: () => true,
});

/**
 * The async function whose body contains `node`, or null when the nearest
 * function is not async or `node` sits in its parameters (where `await` is
 * a syntax error), or a class static block / field initialiser is nearer.
 * @param {any} node
 */
export function enclosingAsyncBody(node) {
  let child = node;
  for (let current = node.parent; current; child = current, current = current.parent) {
    if (current.type === 'FunctionDeclaration' || current.type === 'FunctionExpression' || current.type === 'ArrowFunctionExpression') {
      return current.async && current.body === child ? current : null;
    }
    if (current.type === 'StaticBlock' || current.type === 'PropertyDefinition' || current.type === 'AccessorProperty') return null;
  }
  return null;
}

/**
 * Makes sure the child gets its output as a Buffer like the sync call did
 * (exec/execFile default to utf8 strings, execSync/execFileSync to Buffers).
 * @param {SourceCode} sourceCode
 * @param {any} call
 * @returns {string | null} the new argument list text, or null when unsure
 */
function argumentsKeepingEncoding(sourceCode, call) {
  const args = call.arguments;
  if (args.some((/** @type {any} */ a) => a.type === 'SpreadElement')) return null;
  const texts = args.map((/** @type {any} */ a) => sourceCode.getText(a));
  const isExecFile = args.length >= 2 && args[1].type === 'ArrayExpression';
  const optionsIndex = args.length === 1 ? -1 : args.length >= 3 || !isExecFile ? args.length - 1 : -1;
  const options = optionsIndex >= 0 ? args[optionsIndex] : null;
  if (options && options.type !== 'ObjectExpression') return null;
  const properties = options ? options.properties : [];
  // `input` feeds stdin, which only the sync forms support; spreads hide what is set.
  if (properties.some((/** @type {any} */ p) => p.type !== 'Property' || p.computed || ['input'].includes(p.key.name ?? p.key.value))) return null;
  const hasEncoding = properties.some((/** @type {any} */ p) => (p.key.name ?? p.key.value) === 'encoding');
  if (options && !hasEncoding) {
    const inner = properties.map((/** @type {any} */ p) => sourceCode.getText(p));
    texts[optionsIndex] = `{ ${["encoding: 'buffer'", ...inner].join(', ')} }`;
  } else if (!options) {
    texts.push("{ encoding: 'buffer' }");
  }
  return texts.join(', ');
}

/**
 * The import specifier (`{ gzipSync }`, `{ gzipSync as gz }`) or destructured
 * require property (`{ pbkdf2Sync: kdf }`) that binds `identifier`, when this
 * call is the binding's only use.
 * @param {SourceCode} sourceCode
 * @param {any} identifier
 * @param {any} call
 */
function soleUseImport(sourceCode, identifier, call) {
  const variable = findVariable(sourceCode.getScope(call), identifier);
  if (!variable || variable.defs.length !== 1) return null;
  const uses = variable.references.filter((/** @type {any} */ r) => !r.init);
  if (uses.length !== 1 || uses[0].identifier !== identifier) return null;
  const def = /** @type {any} */ (variable.defs[0]);
  if (def.type === 'ImportBinding' && def.node.type === 'ImportSpecifier') return def.node;
  const property = def.name.parent;
  if (def.type === 'Variable' && def.node.id.type === 'ObjectPattern' && property?.type === 'Property' && property.value === def.name && def.node.parent.parent?.type === 'Program') {
    return property;
  }
  return null;
}

/**
 * @param {SourceCode} sourceCode
 * @param {any} call the blocking CallExpression
 * @param {BlockingApi} api
 * @param {string} moduleId specifier the file used for the module (`node:fs`)
 * @returns {AsyncRewrite | null}
 */
export function buildSyncToAsyncFix(sourceCode, call, api, moduleId) {
  if (api.fix === 'none' || !enclosingAsyncBody(call)) return null;
  if (call.optional || call.parent?.type === 'ChainExpression') return null;
  const callee = skipTypeWrappers(call.callee);
  const prefix = moduleId.startsWith('node:') ? 'node:' : '';
  const module = stripNodePrefix(moduleId);
  /** @type {Array<{ name: string, specifier: string }>} */
  const imports = [];

  // How the file can name another export of the same module at this call.
  /** @type {string | null} */
  let moduleObjectText = null;
  if (callee.type === 'MemberExpression' && !callee.optional) {
    const key = callee.computed ? callee.property.value : callee.property.name;
    if (key !== api.name) return null;
    const separator = /** @type {import('../../language/syntax/ast.js').Token} */ (sourceCode.getTokenBefore(callee.property)); // the `.` or `[`
    moduleObjectText = sourceCode.text.slice(callee.range[0], separator.range[0]).trim();
  } else if (callee.type !== 'Identifier') {
    return null;
  }

  /**
   * @param {string[]} specifiers
   * @param {string} exportName
   * @param {string} addFrom
   */
  const reach = (specifiers, exportName, addFrom) => reachExport(sourceCode, call, imports, specifiers, exportName, addFrom);
  /** @type {{ node: any, text: string } | null} */
  let rename = null;
  const reachOwnExport = (/** @type {string} */ exportName) => {
    if (moduleObjectText !== null) return `${moduleObjectText}.${exportName}`;
    const existing = visibleBinding(sourceCode, call, specifiersOf(module), exportName) ?? visibleBinding(sourceCode, call, specifiersOf(module), null);
    const soleImport = existing ? null : soleUseImport(sourceCode, callee, call);
    if (soleImport && isNameFree(sourceCode, call, exportName)) {
      // The sync import would be left unused: import the async function in its place.
      rename = { node: soleImport, text: exportName };
      return exportName;
    }
    return reach(specifiersOf(module), exportName, moduleId);
  };

  /** @type {string | null} */
  let newCallee;
  if (api.fix === 'promises') {
    if (moduleObjectText !== null) newCallee = `${moduleObjectText}.promises.${api.async}`;
    else {
      const viaPromises = visibleBinding(sourceCode, call, specifiersOf('fs'), 'promises');
      newCallee = viaPromises ? `${viaPromises}.${api.async}` : reach(specifiersOf('fs/promises'), api.async, `${prefix}fs/promises`);
    }
  } else {
    const asyncFunction = reachOwnExport(api.async);
    const promisify = asyncFunction && reach(specifiersOf('util'), 'promisify', `${prefix}util`);
    newCallee = promisify && `${promisify}(${asyncFunction})`;
  }
  if (!newCallee) return null;

  const openParen = sourceCode.getTokenAfter(call.typeArguments ?? call.typeParameters ?? call.callee, (t) => t.value === '(');
  if (!openParen) return null;
  /** @type {string | null} */
  let argumentText = sourceCode.text.slice(openParen.range[1], call.range[1] - 1);
  if (api.fix === 'stdout') {
    argumentText = argumentsKeepingEncoding(sourceCode, call);
    if (argumentText === null) return null;
  }

  const awaited = `await ${newCallee}(${argumentText})`;
  const parent = call.parent;
  const bare = api.fix === 'stdout' ? `(${awaited}).stdout` : awaited;
  const needsParens = api.fix !== 'stdout' && !(safeParents[parent.type]?.(parent, call) ?? false);
  const replacement = needsParens ? `(${bare})` : bare;
  const preview = api.fix === 'stdout' ? `(await ${newCallee}(…)).stdout` : `await ${newCallee}(…)`;

  return {
    preview,
    fix(fixer) {
      const renameFix = rename ? [fixer.replaceText(rename.node, rename.text)] : [];
      return [...renameFix, ...addImports(sourceCode, fixer, imports), fixer.replaceText(call, replacement)];
    },
  };
}
