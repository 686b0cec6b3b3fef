/**
 * Small AST helpers shared by the analysis: unwrapping TypeScript-only
 * wrappers, recognising functions, walking a subtree.
 */

/**
 * A node of the tree the rules walk, as typescript-eslint declares it (`TSESTree.Node`): what ESLint
 * hands the rules from espree or typescript-eslint's parser, and what oxc-parser gives (the same
 * ESTree-with-TypeScript shape), with `parent`, `range` and `loc` always set. ESLint's own types
 * (`estree`) leave `range` optional, lack `parent` and the TypeScript nodes: a value from them
 * (`sourceCode.ast`, a scope's `block`) is cast to this where it enters. `NodeOf<'CallExpression'>`
 * is one type of it (string `type` checks narrow it as they narrow estree's).
 * @typedef {import('@typescript-eslint/types').TSESTree.Node} Node
 * @typedef {Node} ChildNode
 * @typedef {import('@typescript-eslint/types').TSESTree.MemberExpression} MemberExpression
 * @typedef {Record<string, readonly string[]>} VisitorKeys  ESLint's `sourceCode.visitorKeys`, or oxc's
 */
/**
 * The node of one type, from either declaration: `NodeOf<'CallExpression'>`.
 * @template {string} T
 * @typedef {Extract<Node, { type: T | `${T}` }>} NodeOf
 */
/** @typedef {NodeOf<'FunctionDeclaration' | 'FunctionExpression' | 'ArrowFunctionExpression'>} FunctionNode */
/** @typedef {NodeOf<'CallExpression' | 'NewExpression'>} CallNode  a call, with or without `new` */
/** @typedef {CallNode | NodeOf<'TaggedTemplateExpression'>} CallLikeNode  a call, or a tagged template (sql`…`) */
/**
 * @typedef {import('@typescript-eslint/types').TSESTree.FunctionLike} FunctionLikeNode
 * @typedef {import('@typescript-eslint/types').TSESTree.TSAsExpression | import('@typescript-eslint/types').TSESTree.TSNonNullExpression | import('@typescript-eslint/types').TSESTree.TSSatisfiesExpression | import('@typescript-eslint/types').TSESTree.TSTypeAssertion | import('@typescript-eslint/types').TSESTree.TSInstantiationExpression | import('@typescript-eslint/types').TSESTree.ChainExpression} Wrapper
 */
/**
 * A node's or comment's `[start, end]` offsets. ESLint's parsers (espree, typescript-eslint's)
 * always set `range` and `loc`, but `estree` declares them optional: `/** @type {Range} *\/ (x.range)`.
 * @typedef {[number, number]} Range
 */
/** @typedef {import('estree').SourceLocation} Location  `loc`, as ESLint's parsers always set it */
/** @typedef {import('eslint').AST.Token} Token  a token ESLint always has (a statement's first and last) */

/** @type {Set<string>} */
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
 * @param {Node | import('estree').Node | null | undefined} node  a node of ESLint's types, too
 * @returns {any} the node inside: any, as its callers read it as the node type they expect there
 */
export function unwrap(node) {
  let current = node;
  while (current && (TS_WRAPPERS.has(current.type) || current.type === 'ChainExpression')) {
    current = /** @type {Wrapper} */ (current).expression;
  }
  return current;
}

/** @param {Node | null | undefined} node */
export function isWrapped(node) {
  return unwrap(node) !== node;
}

/**
 * @param {Node | import('estree').Node | null | undefined} node  a node of ESLint's types, too
 * @returns {node is FunctionNode}
 */
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
export function isTypeOnlyNode(/** @type {Node} */ node) {
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
 * @param {Node | import('estree').Node | null | undefined} root  ESLint's `sourceCode.ast` as its types give it, too
 * @param {Record<string, readonly string[]>} visitorKeys
 * @param {(node: any) => boolean | void} visit  `node: any`: each visitor reads the node types it looks for
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
 * @param {MemberExpression} member
 * @returns {string | null}
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
 * @param {ChildNode} node
 * @returns {any} the function or Program: any, as callers read the function's own fields
 */
export function enclosingFunction(node) {
  let current = node.parent;
  while (current && !isFunctionNode(current) && current.type !== 'Program') current = current.parent;
  return current;
}

/**
 * Whether `node` lies within `container`'s source range (or is it).
 * @param {{ range: Range }} node
 * @param {{ range: Range }} container
 */
export function isInside(node, container) {
  return node.range[0] >= container.range[0] && node.range[1] <= container.range[1];
}
