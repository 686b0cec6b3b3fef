/**
 * Finds how a file already reaches a module export at a given place, and
 * writes the import a fix needs when it does not — in the file's own module
 * style (ESM `import` or CommonJS `require`), quotes and semicolons.
 */
import { findVariable } from '@eslint-community/eslint-utils';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 */

/** @typedef {import('eslint').SourceCode} SourceCode */

/** Unwraps TypeScript-only wrappers around an expression. */
export function skipTypeWrappers(/** @type {any} */ node) {
  let current = node;
  while (current && (current.type === 'TSAsExpression' || current.type === 'TSNonNullExpression' || current.type === 'TSSatisfiesExpression' || current.type === 'TSTypeAssertion')) {
    current = current.expression;
  }
  return current;
}

/** @param {any} node @returns {string | null} */
function requiredSpecifier(node) {
  const call = skipTypeWrappers(node);
  if (call?.type !== 'CallExpression' || call.callee.type !== 'Identifier' || call.callee.name !== 'require') return null;
  const [argument] = call.arguments;
  return argument?.type === 'Literal' && typeof argument.value === 'string' ? argument.value : null;
}

/** @param {any} node */
function propertyName(node) {
  if (!node.computed && node.key?.type === 'Identifier') return node.key.name;
  return node.key?.type === 'Literal' ? String(node.key.value) : null;
}

/**
 * Top-level identifiers bound to `exportName` of one of `specifiers`, or to
 * the module object itself when `exportName` is null.
 * @param {SourceCode} sourceCode
 * @param {ReadonlyArray<string>} specifiers
 * @param {string | null} exportName
 * @returns {any[]} Identifier nodes of the local bindings
 */
function topLevelBindings(sourceCode, specifiers, exportName) {
  const found = [];
  for (const statement of /** @type {any[]} */ (sourceCode.ast.body)) {
    if (statement.type === 'ImportDeclaration' && statement.importKind !== 'type' && specifiers.includes(statement.source.value)) {
      for (const specifier of statement.specifiers) {
        if (specifier.importKind === 'type') continue;
        const imported = specifier.imported && (specifier.imported.name ?? specifier.imported.value);
        const matches = exportName === null ? specifier.type !== 'ImportSpecifier' : specifier.type === 'ImportSpecifier' && imported === exportName;
        if (matches) found.push(specifier.local);
      }
    } else if (statement.type === 'VariableDeclaration') {
      for (const declarator of statement.declarations) {
        const direct = requiredSpecifier(declarator.init);
        const init = skipTypeWrappers(declarator.init);
        if (direct !== null && specifiers.includes(direct)) {
          if (exportName === null && declarator.id.type === 'Identifier') found.push(declarator.id);
          if (exportName !== null && declarator.id.type === 'ObjectPattern') {
            for (const property of declarator.id.properties) {
              if (property.type === 'Property' && propertyName(property) === exportName && property.value.type === 'Identifier') found.push(property.value);
            }
          }
        } else if (exportName !== null && init?.type === 'MemberExpression' && declarator.id.type === 'Identifier') {
          // const readFile = require('fs').readFile
          const specifier = requiredSpecifier(init.object);
          if (specifier !== null && specifiers.includes(specifier) && !init.computed && init.property.name === exportName) found.push(declarator.id);
        }
      }
    } else if (statement.type === 'TSImportEqualsDeclaration' && exportName === null && statement.importKind !== 'type') {
      const reference = statement.moduleReference;
      if (reference?.type === 'TSExternalModuleReference' && specifiers.includes(reference.expression?.value)) found.push(statement.id);
    }
  }
  return found;
}

/**
 * The name by which `at` can see a top-level binding of the export (or the
 * module object when `exportName` is null), or null.
 * @param {SourceCode} sourceCode
 * @param {any} at
 * @param {ReadonlyArray<string>} specifiers
 * @param {string | null} exportName
 */
export function visibleBinding(sourceCode, at, specifiers, exportName) {
  const scope = sourceCode.getScope(at);
  for (const identifier of topLevelBindings(sourceCode, specifiers, exportName)) {
    const declared = findVariable(sourceCode.getScope(identifier), identifier);
    if (declared && findVariable(scope, identifier.name) === declared) return identifier.name;
  }
  return null;
}

/**
 * True when a new top-level binding called `name` would be seen at `at` and
 * collide with nothing.
 * @param {SourceCode} sourceCode
 * @param {any} at
 * @param {string} name
 */
export function isNameFree(sourceCode, at, name) {
  const variable = findVariable(sourceCode.getScope(at), name);
  if (variable && (variable.defs.length > 0 || variable.references.length > 0)) return false;
  // ESLint's scope manager always has a global scope once the file is parsed.
  const globalScope = /** @type {import('eslint').Scope.Scope} */ (sourceCode.scopeManager.globalScope);
  const moduleScope = globalScope.childScopes.find((/** @type {any} */ s) => s.type === 'module');
  if (moduleScope?.set.has(name)) return false;
  return !globalScope.through.some((/** @type {any} */ r) => r.identifier.name === name);
}

/**
 * A name for `exportName` of a module at `at`: an existing named binding, the module
 * object's property, or a new named import when the name is free.
 * @param {SourceCode} sourceCode
 * @param {any} at
 * @param {Array<{ name: string, specifier: string }>} imports filled with the import to add
 * @param {string[]} specifiers
 * @param {string} exportName
 * @param {string} addFrom
 */
export function reachExport(sourceCode, at, imports, specifiers, exportName, addFrom) {
  const named = visibleBinding(sourceCode, at, specifiers, exportName);
  if (named) return named;
  const namespace = visibleBinding(sourceCode, at, specifiers, null);
  if (namespace) return `${namespace}.${exportName}`;
  if (!isNameFree(sourceCode, at, exportName) || imports.some((i) => i.name === exportName)) return null;
  imports.push({ name: exportName, specifier: addFrom });
  return exportName;
}

/**
 * @param {SourceCode} sourceCode
 * @returns {'esm' | 'cjs'} how this file imports modules
 */
export function moduleStyle(sourceCode) {
  const body = /** @type {any[]} */ (sourceCode.ast.body);
  if (body.some((s) => s.type === 'ImportDeclaration')) return 'esm';
  if (sourceCode.ast.sourceType !== 'module') return 'cjs';
  // An ES-module parse of a CommonJS file: it still reads require/module/exports.
  // ESLint's scope manager always has a global scope once the file is parsed.
  const globalScope = /** @type {import('eslint').Scope.Scope} */ (sourceCode.scopeManager.globalScope);
  const commonJsNames = new Set(['require', 'module', 'exports']);
  const usesCommonJs =
    globalScope.through.some((/** @type {any} */ r) => commonJsNames.has(r.identifier.name)) ||
    [...commonJsNames].some((name) => {
      const variable = globalScope.set.get(name);
      return variable && variable.defs.length === 0 && variable.references.length > 0;
    });
  return usesCommonJs ? 'cjs' : 'esm';
}

/**
 * The named-import list of an existing top-level import of `specifier` that
 * a new name can join: the last `ImportSpecifier` of an `import { … }` or the
 * last property of a `const { … } = require(…)`.
 * @param {any[]} body
 * @param {'esm' | 'cjs'} style
 * @param {string} specifier
 */
function joinableImportList(body, style, specifier) {
  for (const statement of body) {
    if (style === 'esm' && statement.type === 'ImportDeclaration' && statement.importKind !== 'type' && statement.source.value === specifier) {
      const named = statement.specifiers.filter((/** @type {any} */ s) => s.type === 'ImportSpecifier');
      if (named.length > 0) return named.at(-1);
    }
    if (style === 'cjs' && statement.type === 'VariableDeclaration') {
      for (const declarator of statement.declarations) {
        const properties = declarator.id.type === 'ObjectPattern' ? declarator.id.properties : [];
        if (requiredSpecifier(declarator.init) === specifier && properties.length > 0 && properties.at(-1).type === 'Property') return properties.at(-1);
      }
    }
  }
  return null;
}

/**
 * Fixes that make `name` importable from `specifier` for each entry: joined
 * to an existing import of the same module when there is one, otherwise a
 * new import after the file's existing ones. With `isDefault`, `name` is the
 * module's default export (`import name from …`) or, in CommonJS, the module
 * itself (`const name = require(…)`).
 * @param {SourceCode} sourceCode
 * @param {import('eslint').Rule.RuleFixer} fixer
 * @param {Array<{ name: string, specifier: string, isDefault?: boolean }>} imports
 * @returns {import('eslint').Rule.Fix[]}
 */
export function addImports(sourceCode, fixer, imports) {
  if (imports.length === 0) return [];
  const style = moduleStyle(sourceCode);
  const body = /** @type {any[]} */ (sourceCode.ast.body);
  const fixes = [];
  /** @type {Array<{ name: string, specifier: string, isDefault?: boolean }>} */
  const fresh = [];
  for (const entry of imports) {
    const joinAfter = entry.isDefault ? null : joinableImportList(body, style, entry.specifier);
    if (joinAfter) fixes.push(fixer.insertTextAfter(joinAfter, `, ${entry.name}`));
    else fresh.push(entry);
  }
  if (fresh.length === 0) return fixes;

  const existing = body.filter((s) =>
    style === 'esm'
      ? s.type === 'ImportDeclaration'
      : s.type === 'VariableDeclaration' && s.declarations.some((/** @type {any} */ d) => requiredSpecifier(d.init) !== null || requiredSpecifier(d.init?.object) !== null),
  );
  const sample = existing.at(-1);
  const sampleText = sample ? sourceCode.getText(sample) : '';
  const quote = /^[^'"]*"/.test(sampleText) ? '"' : "'";
  const semi = sample ? (sampleText.trimEnd().endsWith(';') ? ';' : '') : ';';
  const eol = sourceCode.text.includes('\r\n') ? '\r\n' : '\n';
  const lines = fresh.map(({ name, specifier, isDefault }) => {
    const binding = isDefault ? name : `{ ${name} }`;
    return style === 'esm' ? `import ${binding} from ${quote}${specifier}${quote}${semi}` : `const ${binding} = require(${quote}${specifier}${quote})${semi}`;
  });
  if (sample) fixes.push(fixer.insertTextAfter(sample, eol + lines.join(eol)));
  else {
    // Keep directives ('use strict') first: a statement before them turns them into plain strings.
    const directives = body.filter((s) => s.type === 'ExpressionStatement' && typeof s.directive === 'string');
    if (directives.length > 0) fixes.push(fixer.insertTextAfter(directives.at(-1), eol + lines.join(eol)));
    else fixes.push(fixer.insertTextBefore(body[0], lines.join(eol) + eol));
  }
  return fixes;
}
