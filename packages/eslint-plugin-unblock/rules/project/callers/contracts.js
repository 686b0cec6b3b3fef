/**
 * Contract dispatch: a method that overrides a method of a base class of the project, or implements
 * a method of an interface of the project, runs wherever that method is called on a value of the
 * contract whose class the code does not say. A queue worker runs `new TaskClass().perform(props)`
 * for whichever task class a job names; a service runs `provider.getQuotes(…)` on the provider its
 * settings chose. The index cannot follow such a call to one function, so the implementations had
 * no known caller, and no entry could be named for them.
 *
 * A call is taken as a call of the contract when it names the method, its receiver is nothing the index
 * knows (not `this`, not a module, class or instance it resolves: those calls already run what they
 * resolve to), and it is made in a module that knows the contract: one that declares or imports the
 * contract's module (directly or through index files), or one that imports the implementation (it makes
 * the instances: a registry) or imports such a registry (it takes them from there). Reading the calls
 * costs a walk of those modules: it is done only for a method whose class has such a contract, once per
 * method and run, and not at all past MAX_KNOWING_MODULES modules.
 */
import { unwrap, isFunctionNode } from '../../language/syntax/ast.js';
import { loadModule } from '../modules/module-cache.js';
import { importedModule, valueOfName } from '../modules/module-values.js';
import { keyName } from '../modules/module-view.js';
import { membersNamed } from '../modules/class-reads.js';
import { unresolvedMethodCalls } from './call-sites.js';
import { remembered } from '../cache/inputs.js';

/**
 * @typedef {import('./callers.js').CallSite} CallSite
 * @typedef {import('../modules/module-view.js').ModuleView} ModuleView
 */

/** Superclass hops followed from a method's class. */
const MAX_BASES = 4;
/**
 * Modules read for the calls of one contract. A contract every module can reach (a base model imported
 * everywhere) would have most of a big project parsed again for each of its methods; past this many, its
 * calls are not looked for, and the method keeps the callers the index found for it by name.
 */
const MAX_KNOWING_MODULES = 150;

/** @type {WeakMap<object, Map<string, import('../cache/inputs.js').Remembered<CallSite[]>>>} per caller index: the contract call sites found for a method */
const found = new WeakMap();

/**
 * The places that may run a method through a contract it fulfils (none for a function that is no
 * method of a class, or whose class names no base class or interface of the project declaring it).
 * @param {import('./callers.js').CallerIndex} index
 * @param {string} file the file that holds the method
 * @param {{ range: [number, number] }} fn the method's function (any parser's node: matched by where it starts)
 * @returns {CallSite[]}
 */
export function contractCallSites(index, file, fn) {
  let byMethod = found.get(index);
  if (!byMethod) found.set(index, (byMethod = new Map()));
  return remembered(byMethod, `${file}#${fn.range[0]}`, () => freshContractSites(index, file, fn.range[0]));
}

/**
 * @param {import('./callers.js').CallerIndex} index
 * @param {string} file
 * @param {number} start where the method's function starts
 * @returns {CallSite[]}
 */
function freshContractSites(index, file, start) {
  const view = loadModule(file);
  const method = view ? methodStartingAt(view.program, start) : null;
  if (!view || !method) return [];
  /** @type {CallSite[]} */
  const sites = [];
  const contracts = contractFilesOf(view, method.classNode, method.name);
  if (contracts.length === 0) return [];
  const knowing = new Set();
  for (const contractFile of contracts) {
    for (const caller of [contractFile, ...index.filesImporting(contractFile)]) knowing.add(caller);
  }
  // A module that imports the implementation makes it (a registry of instances); who imports that module gets it there.
  for (const registry of index.filesImporting(file)) {
    for (const caller of [registry, ...index.filesImporting(registry)]) knowing.add(caller);
  }
  if (knowing.size > MAX_KNOWING_MODULES) return [];
  for (const caller of knowing) {
    const callerView = loadModule(caller);
    if (callerView) sites.push(...unresolvedMethodCalls(callerView, method.name));
  }
  return sites;
}

/**
 * The class method (not static, not a constructor) whose function starts at `start`, with its class.
 * @param {any} program
 * @param {number} start
 * @returns {{ classNode: any, name: string } | null}
 */
function methodStartingAt(program, start) {
  for (const classNode of topLevelClasses(program)) {
    if (start < classNode.range[0] || start > classNode.range[1]) continue;
    for (const member of classNode.body.body) {
      const value = unwrap(member.value);
      if (member.static || member.computed || !member.key || !isFunctionNode(value) || value.range[0] !== start) continue;
      if (member.type === 'MethodDefinition' && member.kind !== 'method') return null;
      const name = keyName(member.key);
      return name === null ? null : { classNode, name };
    }
  }
  return null;
}

/**
 * The classes a module declares at its top level: declared, exported, assigned to a name or to `module.exports`.
 * @param {any} program
 * @returns {any[]}
 */
function topLevelClasses(program) {
  const classes = [];
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration' ? statement.declaration : statement;
    if (declaration?.type === 'ClassDeclaration' || declaration?.type === 'ClassExpression') classes.push(declaration);
    if (declaration?.type === 'VariableDeclaration') {
      for (const declarator of declaration.declarations) if (unwrap(declarator.init)?.type === 'ClassExpression') classes.push(unwrap(declarator.init));
    }
    const assigned = declaration?.type === 'ExpressionStatement' && declaration.expression.type === 'AssignmentExpression' ? unwrap(declaration.expression.right) : null;
    if (assigned?.type === 'ClassExpression') classes.push(assigned);
  }
  return classes;
}

/**
 * The files that declare a contract of the method: each base class of the project up the chain that
 * declares a method of that name (abstract or not), and each interface the class implements that
 * declares it.
 * @param {ModuleView} view the module of the class
 * @param {any} classNode
 * @param {string} name the method's name
 * @returns {string[]}
 */
function contractFilesOf(view, classNode, name) {
  const files = new Set(implementedInterfaceFiles(view, classNode, name));
  let current = { node: classNode, view };
  // Classes that extend each other in a circle (an error when they load) would make a class its own contract.
  const seen = new Set([classNode]);
  for (let hop = 0; hop < MAX_BASES; hop++) {
    const superClass = unwrap(current.node.superClass);
    const base = superClass?.type === 'Identifier' ? valueOfName(current.view, superClass.name) : null;
    if (base?.type !== 'class' || seen.has(base.node)) break;
    seen.add(base.node);
    if (declaresMember(membersNamed(base.node, name), name)) files.add(base.view.file);
    for (const file of implementedInterfaceFiles(base.view, base.node, name)) files.add(file);
    current = { node: base.node, view: base.view };
  }
  return [...files];
}

/**
 * The files of the interfaces a class names in `implements` that declare the method.
 * @param {ModuleView} view
 * @param {any} classNode
 * @param {string} name
 * @returns {string[]}
 */
function implementedInterfaceFiles(view, classNode, name) {
  const files = [];
  for (const clause of classNode.implements ?? []) {
    const expression = unwrap(clause.expression);
    if (expression?.type !== 'Identifier') continue;
    const declared = interfaceNamed(view, expression.name);
    if (declared && declaresMember(declared.node.body.body, name)) files.push(declared.view.file);
  }
  return files;
}

/**
 * The interface a name stands for in a module: declared there, or imported from a module of the project.
 * @param {ModuleView} view
 * @param {string} name
 * @returns {{ node: any, view: ModuleView } | null}
 */
function interfaceNamed(view, name) {
  const binding = view.bindings.get(name);
  if (!binding) {
    const node = topLevelInterface(view.program, name);
    return node ? { node, view } : null;
  }
  if (binding.kind !== 'import' || !binding.source || !binding.imported) return null;
  const module = importedModule(view, binding.source);
  const node = module ? topLevelInterface(module.program, binding.imported) : null;
  return module && node ? { node, view: module } : null;
}

/**
 * The interface a module declares under a name (`default`: the one it exports as its default).
 * @param {any} program
 * @param {string} name
 */
function topLevelInterface(program, name) {
  for (const statement of program.body) {
    const exportedDefault = statement.type === 'ExportDefaultDeclaration';
    const declaration = statement.type === 'ExportNamedDeclaration' || exportedDefault ? statement.declaration : statement;
    if (declaration?.type !== 'TSInterfaceDeclaration') continue;
    if (declaration.id?.name === name || (name === 'default' && exportedDefault)) return declaration;
  }
  return null;
}

/**
 * Whether a class body or an interface body declares a member of that name (not static).
 * @param {any[]} members
 * @param {string} name
 */
function declaresMember(members, name) {
  return members.some((member) => !member.static && !member.computed && member.key && keyName(member.key) === name);
}
