/**
 * Which library a receiver comes from, in the file it is used in: followed through ESLint's scope
 * manager from the name to where its value is made — an import or `require()` of the package,
 * `new Client()`, `createClient()`, `mongoose.model(…)`, a property of such a value (`prisma.user`),
 * a class that extends the package's `Model`, a parameter or class field typed with one of the
 * package's types (`repo: Repository<User>`, `tx: Prisma.TransactionClient`), the parameter a
 * package's `transaction()` hands its callback, or `this.x` set from any of these. A value imported
 * from a project module is asked of `importedLibrary` (the project index reads that module), when given.
 */
import { unwrap, propertyName } from '../../language/syntax/ast.js';
import { tableOfSpecifier, madeBy } from './index.js';

/**
 * @typedef {import('./library-api.js').LibraryValue} LibraryValue
 * @typedef {import('./library-api.js').Handle} Handle
 * @typedef {(identifier: any) => unknown} SymbolOf  the scope-manager Variable a name resolves to
 * @typedef {(specifier: string, imported: string) => LibraryValue | null} ImportedLibrary  what a project
 *   module exports under a name (`default` for its default export or `module.exports`)
 */

/** How many steps a value is followed (`a = b`, `b = c.d`, …) before giving up. */
const MAX_STEPS = 8;

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {SymbolOf} symbolOf
 * @param {ImportedLibrary | null} importedLibrary
 */
export function createLibraryValues(sourceCode, symbolOf, importedLibrary) {
  /** @type {Map<unknown, LibraryValue | null>} */
  const ofVariable = new Map();
  const moduleScopes = moduleScopesOf(sourceCode);

  /** @param {any} variable @param {number} steps @returns {LibraryValue | null} */
  function variableValue(variable, steps) {
    if (!variable || typeof variable !== 'object' || !Array.isArray(variable.defs) || steps > MAX_STEPS) return null;
    if (ofVariable.has(variable)) return ofVariable.get(variable) ?? null;
    ofVariable.set(variable, null); // a value made from itself is no library's
    /** @type {LibraryValue | null} */
    let found = null;
    for (const def of variable.defs) {
      found = definitionValue(def, steps);
      if (found) break;
    }
    ofVariable.set(variable, found);
    return found;
  }

  /** @param {any} def @param {number} steps @returns {LibraryValue | null} */
  function definitionValue(def, steps) {
    if (def.type === 'ImportBinding') {
      const specifier = def.parent?.source?.value;
      const table = tableOfSpecifier(specifier);
      if (table) return { table, handle: table.api.handle };
      if (def.node.type === 'ImportNamespaceSpecifier') return null;
      return fromProject(specifier, def.node.type === 'ImportSpecifier' ? def.node.imported.name ?? def.node.imported.value : 'default');
    }
    if (def.type === 'ClassName') return def.node.superClass ? poolOf(expressionValue(def.node.superClass, steps + 1)) : null;
    const typed = typeValue(def.name?.typeAnnotation);
    if (typed) return typed;
    if (def.type === 'Variable') return requiredMember(def) ?? expressionValue(def.node.init, steps + 1);
    if (def.type === 'Parameter') return transactionHandle(def, steps);
    return null;
  }

  /**
   * The first parameter of a callback handed to a package's `transaction()`: one transaction's connection.
   * @param {any} def @param {number} steps
   */
  function transactionHandle(def, steps) {
    const fn = def.node;
    const call = fn?.parent;
    if (call?.type !== 'CallExpression' || !call.arguments.includes(fn) || fn.params[0] !== def.name) return null;
    const callee = unwrap(call.callee);
    if (callee.type !== 'MemberExpression') return null;
    const method = propertyName(callee)?.toLowerCase();
    const value = expressionValue(callee.object, steps + 1);
    return value && method && value.table.transactions.has(method) ? { table: value.table, handle: /** @type {Handle} */ ('one') } : null;
  }

  /** @param {any} expression @param {number} steps @returns {LibraryValue | null} */
  function expressionValue(expression, steps) {
    let node = unwrap(expression);
    if (node?.type === 'AwaitExpression') node = unwrap(node.argument);
    if (!node || steps > MAX_STEPS) return null;
    switch (node.type) {
      case 'Identifier':
        return variableValue(symbolOf(node), steps);
      case 'MemberExpression':
        return unwrap(node.object)?.type === 'ThisExpression' ? thisMemberValue(node, steps) : expressionValue(node.object, steps + 1);
      case 'CallExpression':
      case 'NewExpression':
        return madeValue(node, steps);
      case 'LogicalExpression':
        return expressionValue(node.right, steps + 1) ?? expressionValue(node.left, steps + 1);
      case 'ConditionalExpression':
        return expressionValue(node.consequent, steps + 1) ?? expressionValue(node.alternate, steps + 1);
      default:
        return null;
    }
  }

  /**
   * `require('pg')`, `new Client()`, `createClient()`, `pool.connect()`, `require('knex')(config)`.
   * @param {any} call @param {number} steps @returns {LibraryValue | null}
   */
  function madeValue(call, steps) {
    const callee = unwrap(call.callee);
    const first = unwrap(call.arguments[0]);
    if (call.type === 'CallExpression' && callee.type === 'Identifier' && callee.name === 'require' && first?.type === 'Literal') {
      const table = tableOfSpecifier(/** @type {string} */ (first.value));
      return table ? { table, handle: table.api.handle } : fromProject(/** @type {string} */ (first.value), 'default');
    }
    const name = callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' ? propertyName(callee) : null;
    const base = expressionValue(callee.type === 'MemberExpression' ? callee.object : callee, steps + 1);
    return base ? madeBy(base, name) : null;
  }

  /**
   * What a project module exports, when the project index may be asked.
   * @param {unknown} specifier @param {string} imported
   */
  function fromProject(specifier, imported) {
    return importedLibrary && typeof specifier === 'string' && specifier.startsWith('.') ? importedLibrary(specifier, imported) : null;
  }

  /**
   * `const { User } = require('../models')`: that export of the project module.
   * @param {any} def a Variable definition
   */
  function requiredMember(def) {
    const init = unwrap(def.node.init);
    const pattern = def.node.id;
    if (pattern?.type !== 'ObjectPattern' || init?.type !== 'CallExpression' || unwrap(init.callee)?.name !== 'require') return null;
    const specifier = unwrap(init.arguments[0])?.value;
    const property = pattern.properties.find((/** @type {any} */ each) => each.type === 'Property' && each.value === def.name);
    const key = property && !property.computed ? property.key.name ?? property.key.value : null;
    return key && !tableOfSpecifier(specifier) ? fromProject(specifier, key) : null;
  }

  /**
   * `this.repo`: a class field or constructor parameter property named so (its type, or its value),
   * or what the constructor assigns to it.
   * @param {any} member @param {number} steps
   */
  function thisMemberValue(member, steps) {
    const name = propertyName(member);
    const body = enclosingClassBody(member);
    if (!name || !body) return null;
    for (const element of body.body) {
      if (element.type === 'PropertyDefinition' && !element.computed && element.key?.name === name) {
        return typeValue(element.typeAnnotation) ?? expressionValue(element.value, steps + 1);
      }
    }
    const constructor = body.body.find((/** @type {any} */ element) => element.kind === 'constructor');
    for (const param of constructor?.value.params ?? []) {
      if (param.type === 'TSParameterProperty' && param.parameter?.name === name) return typeValue(param.parameter.typeAnnotation);
    }
    for (const statement of constructor?.value.body?.body ?? []) {
      const assigned = statement.type === 'ExpressionStatement' ? statement.expression : null;
      if (assigned?.type !== 'AssignmentExpression' || unwrap(assigned.left)?.type !== 'MemberExpression') continue;
      const target = unwrap(assigned.left);
      if (unwrap(target.object).type === 'ThisExpression' && propertyName(target) === name) return expressionValue(assigned.right, steps + 1);
    }
    return null;
  }

  /**
   * A type written as one of a package's types (`Repository<User>`, `Knex.Transaction`).
   * @param {any} annotation a TSTypeAnnotation
   * @returns {LibraryValue | null}
   */
  function typeValue(annotation) {
    const type = annotation?.type === 'TSTypeAnnotation' ? annotation.typeAnnotation : null;
    if (type?.type !== 'TSTypeReference') return null;
    const typeName = type.typeName;
    const root = typeName.type === 'TSQualifiedName' ? typeName.left : typeName;
    if (root?.type !== 'Identifier') return null;
    const binding = importOf(root.name);
    if (!binding) return null;
    const table = tableOfSpecifier(binding.source);
    // `prisma: PrismaService` with `class PrismaService extends PrismaClient` in the project.
    if (!table) return typeName.type === 'Identifier' ? fromProject(binding.source, binding.imported) : null;
    const written = typeName.type === 'TSQualifiedName' ? `${binding.imported}.${typeName.right.name}` : binding.imported;
    return { table, handle: table.api.types?.[written] ?? table.api.handle };
  }

  /**
   * The module-level import a name is bound by: its specifier and the name it has in the package.
   * @param {string} name
   */
  function importOf(name) {
    for (const scope of moduleScopes) {
      const def = scope.set.get(name)?.defs.find((/** @type {any} */ each) => each.type === 'ImportBinding');
      if (!def) continue;
      const imported = def.node.type === 'ImportSpecifier' ? def.node.imported.name ?? def.node.imported.value : name;
      return { source: def.parent?.source?.value, imported };
    }
    return null;
  }

  return {
    /**
     * The library value a call's receiver is: `root` is the identifier or `this` the callee chain
     * starts at, `path` the properties between it and the method.
     * @param {any} root
     * @param {string[]} path
     * @returns {LibraryValue | null}
     */
    libraryOfRoot(root, path) {
      if (root.type === 'Identifier') return variableValue(symbolOf(root), 0);
      if (root.type !== 'ThisExpression' || path.length === 0) return null;
      return thisMemberValue({ type: 'MemberExpression', object: root, property: { type: 'Identifier', name: path[0] }, computed: false, parent: root.parent }, 0);
    },
  };
}

/** @param {LibraryValue | null} value a class's base: its models share the pool */
function poolOf(value) {
  return value ? { table: value.table, handle: value.table.api.handle } : null;
}

/** @param {any} node */
function enclosingClassBody(node) {
  for (let current = node.parent; current; current = current.parent) {
    if (current.type === 'ClassBody') return current;
  }
  return null;
}

/**
 * The scopes that hold a file's imports: the module scope, or the global scope of a script.
 * @param {import('eslint').SourceCode} sourceCode
 */
function moduleScopesOf(sourceCode) {
  const global = /** @type {any} */ (sourceCode.scopeManager)?.globalScope;
  if (!global) return [];
  return [global, ...global.childScopes.filter((/** @type {any} */ scope) => scope.type === 'module')];
}
