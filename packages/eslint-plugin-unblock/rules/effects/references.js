/**
 * A per-file index over ESLint's scope manager: which reference an
 * identifier is, what symbol a name resolves to, and what a local function
 * reads and writes outside itself. Built lazily, once per file, and only for
 * files that have something to analyse.
 */
import { isFunctionNode, unwrap, propertyName } from '../language/syntax/ast.js';
import { SCOPE_OPENING_VERBS } from './verbs.js';
import { localFunctionOf, createSummaryOf } from './local-function-effects.js';
import { createLibraryValues } from './libraries/library-values.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 */
/**
 * @template {string} T
 * @typedef {import('../language/syntax/ast.js').NodeOf<T>} NodeOf
 */

/** @typedef {{ reads: Set<unknown>, writes: Set<unknown> }} Summary */

/** @type {WeakMap<object, ReturnType<typeof buildIndex>>} */
const indexes = new WeakMap();

/**
 * @param {import('eslint').SourceCode} sourceCode
 */
export function getReferenceIndex(sourceCode) {
  let index = indexes.get(sourceCode);
  if (!index) {
    index = buildIndex(sourceCode);
    indexes.set(sourceCode, index);
  }
  return index;
}

const scopeOpeners = new Set(SCOPE_OPENING_VERBS);

/** @param {import('eslint').SourceCode} sourceCode */
function buildIndex(sourceCode) {
  /** @type {Map<any, any>} identifier node → Reference */
  const referenceOf = new Map();
  for (const scope of sourceCode.scopeManager?.scopes ?? []) {
    for (const reference of scope.references) referenceOf.set(reference.identifier, reference);
  }
  /** @type {Map<any, { thisOf: any }>} */
  const thisKeys = new Map();

  /**
   * The symbol an identifier stands for: its scope-manager Variable, or
   * `global:<name>` when it resolves to nothing declared in the file.
   * Type-only references (TypeScript) return null: they are not data flow.
   * @param {NodeOf<'Identifier'>} identifier
   */
  function symbolOf(identifier) {
    const reference = referenceOf.get(identifier);
    if (!reference) return null;
    if (reference.isValueReference === false) return null;
    return reference.resolved ?? `global:${identifier.name}`;
  }

  /**
   * The key of a receiver root: a Variable, `global:<name>`, or for `this`
   * an object standing for the `this` of the nearest non-arrow function.
   * @param {Node} node Identifier or ThisExpression
   */
  function resolveRoot(node) {
    if (node.type === 'Identifier') return symbolOf(node) ?? `global:${node.name}`;
    const owner = thisOwner(node);
    let key = thisKeys.get(owner);
    if (!key) {
      key = { thisOf: owner };
      thisKeys.set(owner, key);
    }
    return key;
  }

  /**
   * The strings a variable declared in the file can hold, when every value it is given is a string
   * written in the code (`let method = 'getHourly'; if (daily) method = 'getDaily';`); null otherwise.
   * @param {NodeOf<'Identifier'>} identifier
   * @returns {string[] | null}
   */
  function stringValuesOf(identifier) {
    const variable = /** @type {any} */ (symbolOf(identifier));
    if (!variable || typeof variable !== 'object' || !variable.defs?.length || !variable.defs.every((/** @type {any} */ def) => def.type === 'Variable')) return null;
    /** @type {Set<string>} */
    const values = new Set();
    for (const reference of variable.references) {
      if (!reference.isWrite()) continue;
      const parent = reference.identifier.parent;
      // `x += 'a'`, `x++`, `[x] = list`, `for (x of list)`: not one written string.
      const plain = (parent.type === 'VariableDeclarator' && parent.id === reference.identifier) || (parent.type === 'AssignmentExpression' && parent.operator === '=' && parent.left === reference.identifier);
      const strings = plain ? literalStrings(reference.writeExpr) : null;
      if (!strings) return null;
      for (const value of strings) values.add(value);
    }
    return values.size > 0 ? [...values] : null;
  }

  const summaryOf = createSummaryOf(referenceOf, sourceCode.visitorKeys);
  /** @type {ReturnType<typeof createLibraryValues> | null} */
  let sameFile = null;
  /** @type {ReturnType<typeof createLibraryValues> | null} */
  let acrossFiles = null;
  /**
   * The library a call's receiver comes from (libraries/library-values.js), followed only when a call
   * asks; through the project's modules too when `importedLibrary` is given.
   * @param {any} root @param {string[]} path
   * @param {import('./libraries/library-values.js').ImportedLibrary | null} [importedLibrary]
   */
  const libraryOfRoot = (root, path, importedLibrary = null) =>
    importedLibrary
      ? (acrossFiles ??= createLibraryValues(sourceCode, symbolOf, importedLibrary)).libraryOfRoot(root, path)
      : (sameFile ??= createLibraryValues(sourceCode, symbolOf, null)).libraryOfRoot(root, path);
  return { referenceOf, symbolOf, resolveRoot, summaryOf, localFunctionOf, isConnectionVariable, stringValuesOf, libraryOfRoot };
}

/**
 * `'a'`, or `cond ? 'a' : 'b'` (nested): the strings an expression can be, or null.
 * @param {Node} expression
 * @returns {string[] | null}
 */
function literalStrings(expression) {
  const node = unwrap(expression);
  if (node?.type === 'Literal' && typeof node.value === 'string') return [node.value];
  if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return [node.quasis[0].value.cooked ?? ''];
  if (node?.type !== 'ConditionalExpression') return null;
  const consequent = literalStrings(node.consequent);
  const alternate = literalStrings(node.alternate);
  return consequent && alternate ? [...consequent, ...alternate] : null;
}

/**
 * The node whose `this` a `this` expression means: the nearest enclosing
 * non-arrow function, class field or static block, or the program.
 * @param {Node} node ThisExpression
 */
function thisOwner(node) {
  let owner = node.parent;
  while (owner && !(isFunctionNode(owner) && owner.type !== 'ArrowFunctionExpression') && owner.type !== 'Program' && owner.type !== 'PropertyDefinition' && owner.type !== 'StaticBlock') {
    owner = owner.parent;
  }
  return owner;
}

/**
 * Whether a variable holds a connection, session or transaction: it was
 * initialised from `pool.connect()`, `getConnection()`, `startSession()`…
 * @param {unknown} key
 */
function isConnectionVariable(key) {
  const variable = /** @type {any} */ (key);
  if (!variable || typeof variable !== 'object' || !Array.isArray(variable.defs)) return false;
  return variable.defs.some((/** @type {any} */ def) => {
    let init = unwrap(def.node?.init);
    if (init?.type === 'AwaitExpression') init = unwrap(init.argument);
    if (init?.type !== 'CallExpression') return false;
    const callee = unwrap(init.callee);
    const name = callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' ? propertyName(callee) : null;
    return name !== null && scopeOpeners.has(name);
  });
}

/**
 * A symbol that names data (a variable or parameter), not code: imports,
 * functions and classes are neither entity ids nor shared state.
 * @param {unknown} symbol
 */
export function isDataSymbol(symbol) {
  const variable = /** @type {any} */ (symbol);
  if (!variable || typeof variable !== 'object' || !Array.isArray(variable.defs) || variable.defs.length === 0) return false;
  return variable.defs.every((/** @type {any} */ def) => def.type === 'Variable' || def.type === 'Parameter');
}
