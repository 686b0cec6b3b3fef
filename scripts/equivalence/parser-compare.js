/**
 * What two ESLint parsers must agree on for a lint to be the same: every node with its properties
 * (values, ranges, locations; oxc's own `start`/`end` are left out, and key order does not count),
 * the tokens, the comments, the scopes (variables, definitions, references and what they resolve
 * to, through references, child scopes) and the parser services. Used by
 * scripts/equivalence/oxc-parser-equivalence.js and test/extension/oxc-parser.test.js.
 */

/** Properties only one side has by design: oxc-parser's offsets, and the parent links ESLint adds. */
const IGNORED = new Set(['parent', 'start', 'end']);

/**
 * @param {{ ast: any, scopeManager: any, services: any }} ours
 * @param {{ ast: any, scopeManager: any, services: any }} reference
 * @param {number} [limit] stop after this many differences
 * @returns {string[]} one line per difference: where, and the two values
 */
export function compareParses(ours, reference, limit = 20) {
  /** @type {string[]} */
  const differences = [];
  const { tokens: ourTokens, comments: ourComments, ...ourProgram } = ours.ast;
  const { tokens: refTokens, comments: refComments, ...refProgram } = reference.ast;
  const parts = [
    ['Program', ourProgram, refProgram],
    ['comments', ourComments, refComments],
    ['tokens', ourTokens, refTokens],
    ['scopes', describeScopes(ours.scopeManager), describeScopes(reference.scopeManager)],
    ['services', ours.services, reference.services],
  ];
  for (const [name, a, b] of parts) {
    compareValues(a, b, String(name), differences, limit);
    if (differences.length >= limit) break;
  }
  return differences;
}

/**
 * @param {any} a ours
 * @param {any} b the reference
 * @param {string} path
 * @param {string[]} out
 * @param {number} limit
 */
function compareValues(a, b, path, out, limit) {
  if (out.length >= limit || Object.is(a, b)) return;
  if (typeof a === 'bigint' || typeof b === 'bigint' || a instanceof RegExp || b instanceof RegExp) {
    if (String(a) !== String(b) || typeof a !== typeof b) out.push(`${path}: ${show(a)} vs ${show(b)}`);
    return;
  }
  if (a instanceof WeakMap && b instanceof WeakMap) return;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) {
    out.push(`${path}: ${show(a)} vs ${show(b)}`);
    return;
  }
  if (Array.isArray(a)) {
    if (a.length !== b.length) out.push(`${path}.length: ${a.length} vs ${b.length}`);
    for (let i = 0; i < Math.min(a.length, b.length); i++) compareValues(a[i], b[i], `${path}[${i}]`, out, limit);
    return;
  }
  const label = typeof b.type === 'string' ? `${path}<${b.type}>` : path;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    if (IGNORED.has(key)) continue;
    if (!(key in a)) out.push(`${label}.${key}: missing vs ${show(b[key])}`);
    else if (!(key in b)) out.push(`${label}.${key}: ${show(a[key])} vs missing`);
    else compareValues(a[key], b[key], `${label}.${key}`, out, limit);
    if (out.length >= limit) return;
  }
}

/** @param {unknown} value */
function show(value) {
  if (value === undefined) return 'undefined';
  if (typeof value === 'bigint') return `${value}n`;
  const text = JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? `${v}n` : v)) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/**
 * A scope manager as plain data: nodes by type and range, variables and scopes by index.
 * @param {any} scopeManager
 */
export function describeScopes(scopeManager) {
  /** @type {Map<any, number>} */
  const index = new Map(scopeManager.scopes.map((/** @type {any} */ scope, /** @type {number} */ i) => [scope, i]));
  const node = (/** @type {any} */ n) => (n ? `${n.type}@${n.range?.[0]}-${n.range?.[1]}` : null);
  const variable = (/** @type {any} */ v) => (v ? `${v.name}#${index.get(v.scope)}` : null);
  return scopeManager.scopes.map((/** @type {any} */ scope) => ({
    type: scope.type,
    block: node(scope.block),
    isStrict: scope.isStrict,
    upper: index.get(scope.upper) ?? null,
    variableScope: index.get(scope.variableScope),
    functionExpressionScope: scope.functionExpressionScope,
    variables: scope.variables.map((/** @type {any} */ v) => ({
      name: v.name,
      defs: v.defs.map((/** @type {any} */ d) => [d.type, node(d.node), node(d.name), node(d.parent)]),
      identifiers: v.identifiers.map(node),
      references: v.references.length,
      isTypeVariable: v.isTypeVariable,
      isValueVariable: v.isValueVariable,
    })),
    references: scope.references.map((/** @type {any} */ r) => [node(r.identifier), variable(r.resolved), r.flag, node(r.writeExpr), r.init, r.isTypeReference, r.isValueReference]),
    through: scope.through.map((/** @type {any} */ r) => node(r.identifier)),
    childScopes: scope.childScopes.map((/** @type {any} */ child) => index.get(child)),
    set: [...scope.set.keys()],
  }));
}
