/**
 * Code whose bindings a direct `eval(…)` or a `with` block can reach: the
 * string `eval('a.x')` reads `a` where scope analysis sees no reference, and
 * inside `with (obj)` a name may be a property of `obj`. Nothing can show
 * which bindings such code reads or writes, so the waterfall rules neither
 * report it nor rewrite it.
 */
/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 */

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} node
 */
export function inDynamicScope(sourceCode, node) {
  const scope = sourceCode.getScope(node);
  for (let current = /** @type {import('eslint').Scope.Scope | null} */ (scope); current; current = current.upper) {
    if (current.type === 'with') return true;
  }
  // A direct eval anywhere in the function (nested functions included) sees the function's bindings.
  return callsEvalWithin(scope.variableScope);
}

/**
 * `eval(…)` naming the global eval (ESLint builds its scopes with
 * `ignoreEval`, so the scopes themselves do not say).
 * @param {any} reference
 */
function isDirectEval(reference) {
  const identifier = reference.identifier;
  // Unresolved, or resolved to the configured global (no declaration of its own).
  const global = reference.resolved === null || (reference.resolved.scope.type === 'global' && reference.resolved.defs.length === 0);
  return identifier.name === 'eval' && global && identifier.parent?.type === 'CallExpression' && identifier.parent.callee === identifier;
}

/**
 * @param {import('eslint').Scope.Scope} scope
 * @returns {boolean}
 */
function callsEvalWithin(scope) {
  /** @type {import('eslint').Scope.Scope[]} */
  const pending = [scope];
  while (pending.length > 0) {
    const current = /** @type {any} */ (pending.pop());
    if (current.type === 'with' || current.references.some(isDirectEval)) return true;
    pending.push(...current.childScopes);
  }
  return false;
}
