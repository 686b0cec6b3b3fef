import traverseModule from '@babel/traverse';

/** @type {typeof import('@babel/traverse').default} */
// @ts-ignore -- CommonJS default export seen from ESM
const traverse = traverseModule.default ?? traverseModule;

/** Wrappers that only tell TypeScript something; the expression inside is what runs. */
const TYPE_WRAPPERS = new Set([
  'TSAsExpression',
  'TSSatisfiesExpression',
  'TSNonNullExpression',
  'TSTypeAssertion',
  'TSInstantiationExpression',
]);

/** Declarations with no run-time meaning. */
const TYPE_ONLY_DECLARATIONS = new Set([
  'TSInterfaceDeclaration',
  'TSTypeAliasDeclaration',
  'TSDeclareFunction',
  'TSDeclareMethod',
]);

/** Fields that carry only type information on otherwise runnable nodes. */
const TYPE_FIELDS = ['typeAnnotation', 'returnType', 'typeParameters', 'superTypeParameters', 'implements', 'typeArguments'];

/**
 * Removes TypeScript syntax in place so that the extracted code runs under plain Node. Enums and
 * namespaces have run-time meaning and are kept: the harness refuses functions that use them.
 * @param {import('@babel/types').File} ast
 */
export function stripTypes(ast) {
  traverse(ast, {
    enter(path) {
      const node = path.node;
      if (TYPE_WRAPPERS.has(node.type)) {
        // @ts-ignore -- every wrapper has an `expression`
        path.replaceWith(node.expression);
        return;
      }
      if (TYPE_ONLY_DECLARATIONS.has(node.type) || (node.type === 'TSModuleDeclaration' && node.declare)) {
        if (path.parentPath?.isExportNamedDeclaration() || path.parentPath?.isExportDefaultDeclaration()) path.parentPath.remove();
        else path.remove();
        return;
      }
      if ((node.type === 'ImportDeclaration' || node.type === 'ExportNamedDeclaration') && node.exportKind === 'type') {
        path.remove();
        return;
      }
      if (node.type === 'ImportDeclaration' && node.importKind === 'type') {
        path.remove();
        return;
      }
      if (node.type === 'ImportSpecifier' && node.importKind === 'type') {
        path.remove();
        return;
      }
      if ((node.type === 'ClassProperty' || node.type === 'ClassMethod') && (/** @type {any} */ (node).declare || /** @type {any} */ (node).abstract)) {
        path.remove();
        return;
      }
      for (const field of TYPE_FIELDS) {
        if (field in node && node[field]) node[field] = null;
      }
      const anyNode = /** @type {any} */ (node);
      if (anyNode.optional && (node.type === 'Identifier' || node.type === 'ObjectPattern' || node.type === 'ArrayPattern')) anyNode.optional = false;
      for (const flag of ['definite', 'accessibility', 'readonly', 'override', 'declare']) {
        if (flag in anyNode) delete anyNode[flag];
      }
    },
  });
}
