/**
 * A per-file index over ESLint's scope manager: which reference an
 * identifier is, what symbol a name resolves to, and what a local function
 * reads and writes outside itself. Built lazily, once per file, and only for
 * files that have something to analyse.
 */
import { isFunctionNode, walk, unwrap, propertyName } from './ast.js';
import { SCOPE_OPENING_VERBS } from './verbs.js';
import { MUTATING_METHODS } from './effects.js';

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
  /** @type {Map<unknown, Summary | null>} */
  const summaries = new Map();

  /**
   * The symbol an identifier stands for: its scope-manager Variable, or
   * `global:<name>` when it resolves to nothing declared in the file.
   * Type-only references (TypeScript) return null: they are not data flow.
   * @param {any} identifier
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
   * @param {any} node Identifier or ThisExpression
   */
  function resolveRoot(node) {
    if (node.type === 'Identifier') return symbolOf(node) ?? `global:${node.name}`;
    let owner = node.parent;
    while (owner && !(isFunctionNode(owner) && owner.type !== 'ArrowFunctionExpression') && owner.type !== 'Program' && owner.type !== 'PropertyDefinition' && owner.type !== 'StaticBlock') {
      owner = owner.parent;
    }
    let key = thisKeys.get(owner);
    if (!key) {
      key = { thisOf: owner };
      thisKeys.set(owner, key);
    }
    return key;
  }

  /**
   * The function a variable is bound to, when it is declared once in this
   * file as a function (`function f() {}`, `const f = () => {}`).
   * @param {any} variable
   */
  function localFunctionOf(variable) {
    if (!variable || typeof variable !== 'object' || !Array.isArray(variable.defs) || variable.defs.length !== 1) return null;
    const [def] = variable.defs;
    if (def.type === 'FunctionName') return def.node;
    if (def.type === 'Variable' && def.node.id?.type === 'Identifier' && def.parent?.kind === 'const') {
      const init = unwrap(def.node.init);
      if (isFunctionNode(init)) return init;
    }
    return null;
  }

  /**
   * What a local function reads and writes outside itself, following the
   * local functions it references in turn. Cycles resolve to what was found
   * so far, which only ever misses effects of a cycle's back edge — so a
   * cycle is treated as unknown (null) to stay on the safe side.
   * @param {any} variable
   * @returns {Summary | null}
   */
  function summaryOf(variable) {
    if (summaries.has(variable)) {
      const known = summaries.get(variable);
      return known ?? { reads: new Set([variable]), writes: new Set([variable]) };
    }
    const fn = localFunctionOf(variable);
    if (!fn) return null;
    summaries.set(variable, null);
    /** @type {Summary} */
    const summary = { reads: new Set(), writes: new Set() };
    const [start, end] = fn.range;
    /** The variable at the root of `a.b.c`, when it is declared outside the function. @param {any} target */
    const outsideRoot = (target) => {
      let root = unwrap(target);
      while (root?.type === 'MemberExpression') root = unwrap(root.object);
      const reference = root?.type === 'Identifier' ? referenceOf.get(root) : null;
      const resolved = reference?.resolved;
      const inside = resolved?.scope?.block?.range && resolved.scope.block.range[0] >= start && resolved.scope.block.range[1] <= end;
      return reference && !inside ? (resolved ?? `global:${root.name}`) : null;
    };
    walk(fn.body, sourceCode.visitorKeys, (node) => {
      if (node.type === 'ThisExpression') return true;
      // A helper that appends to a list or sets a field of an object declared outside writes that object.
      const mutated =
        node.type === 'CallExpression' && unwrap(node.callee).type === 'MemberExpression' && MUTATING_METHODS.has(propertyName(unwrap(node.callee)) ?? '')
          ? outsideRoot(unwrap(node.callee).object)
          : (node.type === 'AssignmentExpression' || node.type === 'UpdateExpression') && unwrap(node.type === 'AssignmentExpression' ? node.left : node.argument).type === 'MemberExpression'
            ? outsideRoot(node.type === 'AssignmentExpression' ? node.left : node.argument)
            : null;
      if (mutated) summary.writes.add(mutated);
      if (node.type !== 'Identifier') return true;
      const reference = referenceOf.get(node);
      if (!reference || reference.isValueReference === false) return true;
      const target = reference.resolved;
      const declaredInside = target?.scope?.block?.range && target.scope.block.range[0] >= start && target.scope.block.range[1] <= end;
      if (declaredInside) return true;
      const key = target ?? `global:${node.name}`;
      if (reference.isRead()) summary.reads.add(key);
      if (reference.isWrite()) summary.writes.add(key);
      if (target && target !== variable) {
        const inner = summaryOf(target);
        if (inner) {
          for (const read of inner.reads) summary.reads.add(read);
          for (const write of inner.writes) summary.writes.add(write);
        }
      }
      return true;
    });
    summaries.set(variable, summary);
    return summary;
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

  return { referenceOf, symbolOf, resolveRoot, summaryOf, localFunctionOf, isConnectionVariable };
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
