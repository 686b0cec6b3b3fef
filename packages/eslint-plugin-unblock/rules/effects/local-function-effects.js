/**
 * What a function declared in this file reads and writes outside itself.
 * The reference index (references.js) answers it per variable, so that
 * calling or passing a local function brings its effects to the call site.
 */
import { isFunctionNode, walk, unwrap, propertyName } from '../language/syntax/ast.js';
import { MUTATING_METHODS } from './effects.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 * @typedef {import('../language/syntax/ast.js').VisitorKeys} VisitorKeys
 * @typedef {import('../language/syntax/ast.js').FunctionNode} FunctionNode
 */

/** @typedef {import('./references.js').Summary} Summary */

/**
 * Local functions followed one inside another. Each level costs a few dozen stack frames (this
 * walk and the AST walker's), so a generated chain of thousands of functions each calling the next
 * overflowed the stack and stopped the whole lint; real code nests far less than this.
 */
export const MAX_LOCAL_CALL_DEPTH = 100;

/**
 * The function a variable is bound to, when it is declared once in this
 * file as a function (`function f() {}`, `const f = () => {}`, a `let` never reassigned).
 * @param {unknown} symbol  a symbol of the reference index: a Variable, or a `global:` name or `this` key (no function)
 * @returns {FunctionNode | null}
 */
export function localFunctionOf(symbol) {
  const variable = /** @type {import('eslint').Scope.Variable} */ (symbol);
  if (!variable || typeof variable !== 'object' || !Array.isArray(variable.defs) || variable.defs.length !== 1) return null;
  const [def] = variable.defs;
  // ESLint's scope manager holds the parser's nodes, typed as estree's: the tree's node (ast.js).
  if (def.type === 'FunctionName') return /** @type {FunctionNode} */ (/** @type {unknown} */ (def.node));
  // A `let` bound to a function and never assigned again (`let walk = async () => …`) is as fixed as a `const`.
  const fixed = /** @type {{ kind?: string } | null | undefined} */ (def.parent)?.kind === 'const' || variable.references.every((/** @type {any} */ reference) => !reference.isWrite() || reference.init);
  if (def.type === 'Variable' && def.node.id?.type === 'Identifier' && fixed) {
    const init = unwrap(def.node.init);
    if (isFunctionNode(init)) return init;
  }
  return null;
}

/**
 * The summaryOf() of one file's index, with its memo.
 * @param {Map<any, any>} referenceOf identifier node → Reference
 * @param {VisitorKeys} visitorKeys
 */
export function createSummaryOf(referenceOf, visitorKeys) {
  /** @type {Map<unknown, Summary | null>} */
  const summaries = new Map();
  let depth = 0;
  /** @type {Summary | undefined} */
  let everything;

  /**
   * What an unread function may touch: every variable and global this file refers to, read and
   * written. Past the depth bound a function's effects are unknown, and unknown must keep its
   * operations in order, never make them look pure.
   * @returns {Summary}
   */
  function unknownEffects() {
    if (!everything) {
      const keys = new Set();
      for (const [node, reference] of referenceOf) keys.add(reference?.resolved ?? `global:${node.name}`);
      everything = { reads: keys, writes: keys };
    }
    return everything;
  }

  /**
   * What a local function reads and writes outside itself, following the
   * local functions it references in turn. Cycles resolve to what was found
   * so far, which only ever misses effects of a cycle's back edge — so a
   * cycle is treated as unknown (null) to stay on the safe side.
   * @param {import('eslint').Scope.Variable} variable
   * @returns {Summary | null}
   */
  function summaryOf(variable) {
    if (summaries.has(variable)) {
      const known = summaries.get(variable);
      return known ?? { reads: new Set([variable]), writes: new Set([variable]) };
    }
    const fn = localFunctionOf(variable);
    if (!fn) return null;
    // Not remembered: asked again from a shallower start, the function is read.
    if (depth >= MAX_LOCAL_CALL_DEPTH) return unknownEffects();
    depth++;
    try {
      return readSummary(variable, fn);
    } finally {
      depth--;
    }
  }

  /**
   * @param {import('eslint').Scope.Variable} variable
   * @param {FunctionNode} fn its function node
   * @returns {Summary}
   */
  function readSummary(variable, fn) {
    summaries.set(variable, null);
    /** @type {Summary} */
    const summary = { reads: new Set(), writes: new Set() };
    walk(fn.body, visitorKeys, (node) => {
      if (node.type === 'ThisExpression') return true;
      const mutated = mutatedOutsideObject(node, fn.range, referenceOf);
      if (mutated) summary.writes.add(mutated);
      if (node.type !== 'Identifier') return true;
      const reference = referenceOf.get(node);
      if (!reference || reference.isValueReference === false) return true;
      const target = reference.resolved;
      if (declaredWithin(target, fn.range)) return true;
      const key = target ?? `global:${node.name}`;
      if (reference.isRead()) summary.reads.add(key);
      if (reference.isWrite()) summary.writes.add(key);
      const inner = target && target !== variable ? summaryOf(target) : null;
      if (inner) {
        for (const read of inner.reads) summary.reads.add(read);
        for (const write of inner.writes) summary.writes.add(write);
      }
      return true;
    });
    summaries.set(variable, summary);
    return summary;
  }

  return summaryOf;
}

/**
 * The object declared outside the function that this node mutates: a helper
 * that appends to a list (`seen.add(x)`) or sets a field (`cache.x = y`,
 * `stats.count++`) of such an object writes it.
 * @param {Node} node
 * @param {[number, number]} range the function's range
 * @param {Map<any, any>} referenceOf
 */
function mutatedOutsideObject(node, range, referenceOf) {
  if (node.type === 'CallExpression') {
    const callee = unwrap(node.callee);
    if (callee.type !== 'MemberExpression' || !MUTATING_METHODS.has(propertyName(callee) ?? '')) return null;
    return outsideRoot(callee.object, range, referenceOf);
  }
  if (node.type !== 'AssignmentExpression' && node.type !== 'UpdateExpression') return null;
  const target = node.type === 'AssignmentExpression' ? node.left : node.argument;
  return unwrap(target).type === 'MemberExpression' ? outsideRoot(target, range, referenceOf) : null;
}

/**
 * The variable at the root of `a.b.c`, when it is declared outside the function.
 * @param {Node} target
 * @param {[number, number]} range the function's range
 * @param {Map<any, any>} referenceOf
 */
function outsideRoot(target, range, referenceOf) {
  let root = unwrap(target);
  while (root?.type === 'MemberExpression') root = unwrap(root.object);
  const reference = root?.type === 'Identifier' ? referenceOf.get(root) : null;
  const resolved = reference?.resolved;
  return reference && !declaredWithin(resolved, range) ? (resolved ?? `global:${root.name}`) : null;
}

/**
 * Whether a variable's scope lies inside the range: it is the function's own.
 * @param {import('eslint').Scope.Variable} variable
 * @param {[number, number]} range
 */
function declaredWithin(variable, [start, end]) {
  const scopeRange = variable?.scope?.block?.range;
  return !!scopeRange && scopeRange[0] >= start && scopeRange[1] <= end;
}
