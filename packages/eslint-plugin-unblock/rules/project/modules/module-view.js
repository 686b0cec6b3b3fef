/**
 * What a module declares at its top level and what it exports, read from
 * any ESTree program (ESLint's for the file being linted, oxc-parser's for
 * the files it imports): enough to follow a call to the function it runs.
 */
import { unwrap, isFunctionNode } from '../../language/syntax/ast.js';

/**
 * @typedef {import('../../language/syntax/ast.js').Node} Node
 */
/**
 * @template {string} T
 * @typedef {import('../../language/syntax/ast.js').NodeOf<T>} NodeOf
 */

/**
 * @typedef {object} Binding
 * @property {'function' | 'class' | 'value' | 'import' | 'namespace'} kind
 * @property {any} [node]       the function or class node, or a value's initialiser
 * @property {boolean} [constant] declared with `const`
 * @property {string} [source]  import specifier (`./users`, `../db`)
 * @property {string} [imported] the imported name; 'default' for a default import
 * @property {boolean} [required] a namespace bound by `require()`, not `import * as`
 * @property {string} [member]  a value destructured from `node` (`const { a } = node`): its member of that name
 *
 * @typedef {object} ExportEntry
 * @property {string} [local]   the local binding's name
 * @property {any} [node]       an exported expression with no name (`export default () => …`, `module.exports = { f() {} }` members)
 * @property {string} [source]  re-exported from (`export { f } from './x'`)
 * @property {string} [imported]
 *
 * @typedef {object} ModuleView
 * @property {string} file
 * @property {any} program
 * @property {Map<string, Binding>} bindings
 * @property {Map<string, ExportEntry>} exports
 * @property {string[]} exportAllFrom  `export * from '…'`, and `module.exports = require('…')`
 * @property {boolean} commonJs  it assigns `module.exports`: `require()` of it returns that value itself
 * @property {Set<string>} exportsAliases  names bound to `module.exports` itself (`const widgets = module.exports`)
 */

/**
 * @param {string} file absolute path
 * @param {any} program
 * @returns {ModuleView}
 */
export function createModuleView(file, program) {
  /** @type {ModuleView} */
  const view = { file, program, bindings: new Map(), exports: new Map(), exportAllFrom: [], commonJs: false, exportsAliases: new Set() };
  for (const statement of program.body) readStatement(view, statement);
  return view;
}

/**
 * @param {ModuleView} view
 * @param {any} statement
 */
function readStatement(view, statement) {
  switch (statement.type) {
    case 'ImportDeclaration':
      // Type-only imports are kept: a field's annotation may name a class through one.
      for (const specifier of statement.specifiers) {
        const source = statement.source.value;
        if (specifier.type === 'ImportNamespaceSpecifier') view.bindings.set(specifier.local.name, { kind: 'namespace', source });
        else view.bindings.set(specifier.local.name, { kind: 'import', source, imported: importedName(specifier) });
      }
      return;
    case 'ExportNamedDeclaration':
      readExportNamed(view, statement);
      return;
    case 'ExportDefaultDeclaration':
      readExportDefault(view, statement.declaration);
      return;
    case 'ExportAllDeclaration':
      if (!statement.exported && statement.exportKind !== 'type') view.exportAllFrom.push(statement.source.value);
      return;
    case 'ExpressionStatement':
      readCommonJsExport(view, statement.expression);
      return;
    default:
      declare(view, statement);
  }
}

/** @param {any} specifier */
function importedName(specifier) {
  if (specifier.type === 'ImportDefaultSpecifier') return 'default';
  return specifier.imported.type === 'Identifier' ? specifier.imported.name : String(specifier.imported.value);
}

/**
 * Records the bindings a declaration statement introduces; returns their names.
 * @param {ModuleView} view
 * @param {any} statement
 * @returns {string[]}
 */
function declare(view, statement) {
  if ((statement.type === 'FunctionDeclaration' || statement.type === 'TSDeclareFunction') && statement.id) {
    if (statement.body) view.bindings.set(statement.id.name, { kind: 'function', node: statement });
    return [statement.id.name];
  }
  if (statement.type === 'ClassDeclaration' && statement.id) {
    view.bindings.set(statement.id.name, { kind: 'class', node: statement });
    return [statement.id.name];
  }
  if (statement.type !== 'VariableDeclaration') return [];
  /** @type {string[]} */
  const names = [];
  for (const declarator of statement.declarations) {
    const init = unwrap(declarator.init);
    if (declarator.id.type === 'Identifier') {
      names.push(declarator.id.name);
      view.bindings.set(declarator.id.name, bindingOfInit(init, statement.kind === 'const'));
      // `const widgets = module.exports`: what is assigned to `widgets.f` later is exported as `f`.
      if (statement.kind === 'const' && init && isModuleExports(init)) view.exportsAliases.add(declarator.id.name);
    } else if (declarator.id.type === 'ObjectPattern' && requireSource(init)) {
      // const { a, b: c } = require('./x')
      for (const property of declarator.id.properties) {
        if (property.type !== 'Property' || property.value.type !== 'Identifier') continue;
        const key = property.key.type === 'Identifier' ? property.key.name : String(property.key.value);
        view.bindings.set(property.value.name, { kind: 'import', source: requireSource(init), imported: key });
        names.push(property.value.name);
      }
    } else if (declarator.id.type === 'ObjectPattern' && statement.kind === 'const' && init) {
      // const { NONCE_BYTES } = consts: a member of what `consts` holds (module-values.js follows it).
      for (const property of declarator.id.properties) {
        const member = property.type === 'Property' && !property.computed && property.value.type === 'Identifier' ? keyName(property.key) : null;
        if (member === null) continue;
        view.bindings.set(property.value.name, { kind: 'value', node: init, constant: true, member });
        names.push(property.value.name);
      }
    }
  }
  return names;
}

/**
 * @param {any} init
 * @param {boolean} constant
 * @returns {Binding}
 */
function bindingOfInit(init, constant) {
  if (isFunctionNode(init)) return { kind: 'function', node: init };
  if (init?.type === 'ClassExpression') return { kind: 'class', node: init };
  const source = requireSource(init);
  if (source) return { kind: 'namespace', source, required: true };
  // const f = require('./x').f
  if (init?.type === 'MemberExpression' && !init.computed && requireSource(unwrap(init.object))) {
    return { kind: 'import', source: requireSource(unwrap(init.object)), imported: init.property.name };
  }
  return { kind: 'value', node: init, constant };
}

/**
 * The specifier of `require('x')`, or null.
 * @param {any} node
 */
export function requireSource(node) {
  if (node?.type !== 'CallExpression' || node.callee.type !== 'Identifier' || node.callee.name !== 'require') return null;
  const [argument] = node.arguments;
  return argument?.type === 'Literal' && typeof argument.value === 'string' ? argument.value : null;
}

/**
 * @param {ModuleView} view
 * @param {any} statement
 */
function readExportNamed(view, statement) {
  if (statement.exportKind === 'type') return;
  if (statement.declaration) {
    for (const name of declare(view, statement.declaration)) view.exports.set(name, { local: name });
    return;
  }
  const source = statement.source?.value;
  for (const specifier of statement.specifiers) {
    if (specifier.exportKind === 'type') continue;
    const exported = specifier.exported.type === 'Identifier' ? specifier.exported.name : String(specifier.exported.value);
    const local = specifier.local.type === 'Identifier' ? specifier.local.name : String(specifier.local.value);
    view.exports.set(exported, source ? { source, imported: local } : { local });
  }
}

/**
 * @param {ModuleView} view
 * @param {any} declaration
 */
function readExportDefault(view, declaration) {
  const node = unwrap(declaration);
  if ((node.type === 'FunctionDeclaration' || node.type === 'ClassDeclaration') && node.id) {
    declare(view, node);
    view.exports.set('default', { local: node.id.name });
  } else if (node.type === 'Identifier') {
    view.exports.set('default', { local: node.name });
  } else {
    view.exports.set('default', { node });
  }
}

/**
 * `module.exports = …`, `module.exports.f = …`, `exports.f = …`.
 * @param {ModuleView} view
 * @param {any} expression
 */
function readCommonJsExport(view, expression) {
  if (expression.type !== 'AssignmentExpression' || expression.operator !== '=') return;
  const target = expression.left;
  const value = unwrap(expression.right);
  if (isModuleExports(target)) {
    view.commonJs = true;
    const source = requireSource(value);
    if (source) {
      view.exportAllFrom.push(source);
      return;
    }
    view.exports.set('default', value.type === 'Identifier' ? { local: value.name } : { node: value });
    // `module.exports = { a, b() {} }`: each member is a named export too.
    if (value.type === 'ObjectExpression') {
      for (const property of value.properties) {
        const key = property.type === 'Property' && !property.computed ? keyName(property.key) : null;
        if (key === null) continue;
        const member = unwrap(property.value);
        view.exports.set(key, member.type === 'Identifier' ? { local: member.name } : { node: member });
      }
    }
    return;
  }
  const object = target.type === 'MemberExpression' ? target.object : null;
  const exportsObject = object && (isModuleExports(object) || isIdentifier(object, 'exports') || (object.type === 'Identifier' && view.exportsAliases.has(object.name)));
  if (exportsObject && !target.computed) {
    view.exports.set(target.property.name, value.type === 'Identifier' ? { local: value.name } : { node: value });
  }
}

/** @param {any} node */
export function isModuleExports(node) {
  return node.type === 'MemberExpression' && !node.computed && isIdentifier(node.object, 'module') && node.property.name === 'exports';
}

/** @param {Node} node @param {string} name */
function isIdentifier(node, name) {
  return node?.type === 'Identifier' && node.name === name;
}

/**
 * The static name of a property key, or null.
 * @param {any} key
 */
export function keyName(key) {
  if (key.type === 'Identifier' || key.type === 'PrivateIdentifier') return key.name;
  if (key.type === 'Literal' && (typeof key.value === 'string' || typeof key.value === 'number')) return String(key.value);
  return null;
}
