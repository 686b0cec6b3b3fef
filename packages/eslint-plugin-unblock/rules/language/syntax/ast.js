/**
 * Small AST helpers shared by the analysis: unwrapping TypeScript-only
 * wrappers, recognising functions, walking a subtree.
 */

/** @typedef {import('estree').Node & { parent?: any, range?: [number, number] }} Node */
/**
 * A node's or comment's `[start, end]` offsets. ESLint's parsers (espree, typescript-eslint's)
 * always set `range` and `loc`, but `estree` declares them optional: `/** @type {Range} *\/ (x.range)`.
 * @typedef {[number, number]} Range
 */
/** @typedef {import('estree').SourceLocation} Location  `loc`, as ESLint's parsers always set it */
/** @typedef {import('eslint').AST.Token} Token  a token ESLint always has (a statement's first and last) */

const TS_WRAPPERS = new Set([
  'TSAsExpression',
  'TSNonNullExpression',
  'TSSatisfiesExpression',
  'TSTypeAssertion',
  'TSInstantiationExpression',
]);

/**
 * Strips wrappers that have no runtime effect: TypeScript's `as`, `!`,
 * `satisfies`, `<T>x`, and the ChainExpression around optional calls.
 * @param {any} node
 * @returns {any}
 */
export function unwrap(node) {
  let current = node;
  while (current && (TS_WRAPPERS.has(current.type) || current.type === 'ChainExpression')) {
    current = current.expression;
  }
  return current;
}

/** @param {any} node */
export function isWrapped(node) {
  return unwrap(node) !== node;
}

/** @param {any} node */
export function isFunctionNode(node) {
  return (
    node?.type === 'FunctionDeclaration' ||
    node?.type === 'FunctionExpression' ||
    node?.type === 'ArrowFunctionExpression'
  );
}

/**
 * Node types that only carry TypeScript types: nothing inside them runs, so
 * walking them would only find type references (never data flow).
 */
export function isTypeOnlyNode(/** @type {any} */ node) {
  const type = node.type;
  return (
    type === 'TSTypeAnnotation' ||
    type === 'TSTypeParameterInstantiation' ||
    type === 'TSTypeParameterDeclaration' ||
    type === 'TSInterfaceDeclaration' ||
    type === 'TSTypeAliasDeclaration' ||
    type === 'TSDeclareFunction' ||
    (type.startsWith('TS') && type.endsWith('Keyword'))
  );
}

/**
 * Calls `visit` for every node below `root` (root included), skipping
 * type-only subtrees. `visit` returns false to skip a node's children.
 * @param {any} root
 * @param {Record<string, readonly string[]>} visitorKeys
 * @param {(node: any) => boolean | void} visit
 */
export function walk(root, visitorKeys, visit) {
  /** @type {any[]} */
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node || typeof node.type !== 'string' || isTypeOnlyNode(node)) continue;
    if (visit(node) === false) continue;
    const keys = visitorKeys[node.type] ?? [];
    for (let k = keys.length - 1; k >= 0; k--) {
      const child = node[keys[k]];
      if (Array.isArray(child)) {
        for (let c = child.length - 1; c >= 0; c--) if (child[c]) stack.push(child[c]);
      } else if (child && typeof child.type === 'string') {
        stack.push(child);
      }
    }
  }
}

/**
 * The static name of a member's property (`a.b`, `a['b']`, `a?.b`), or null.
 * @param {any} member
 */
export function propertyName(member) {
  if (!member.computed && member.property.type === 'Identifier') return member.property.name;
  if (member.property.type === 'PrivateIdentifier') return member.property.name;
  if (member.computed && member.property.type === 'Literal' && typeof member.property.value === 'string') {
    return member.property.value;
  }
  return null;
}

/**
 * The innermost function (or the Program) that contains `node`.
 * @param {any} node
 */
export function enclosingFunction(node) {
  let current = node.parent;
  while (current && !isFunctionNode(current) && current.type !== 'Program') current = current.parent;
  return current;
}

/**
 * Whether `node` lies within `container`'s source range (or is it).
 * @param {any} node
 * @param {any} container
 */
export function isInside(node, container) {
  return node.range[0] >= container.range[0] && node.range[1] <= container.range[1];
}
