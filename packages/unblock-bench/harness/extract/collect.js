import { isBuiltin } from 'node:module';
import { HarnessRefusal, lineOf } from '../refusal.js';
import { IO_GLOBALS, isExternalDerived } from './external-values.js';
import { refuseSharedMutableState } from './shared-state.js';
import { findSimulatedCalls } from './simulated-calls.js';

/**
 * @typedef {import('@babel/traverse').NodePath} NodePath
 * @typedef {{ source: string, kind: 'default' | 'namespace' | 'named', imported: string }} BuiltinImport
 * @typedef {{
 *   units: NodePath[],
 *   selfMethods: NodePath[],
 *   externals: string[],
 *   builtinImports: Map<string, BuiltinImport>,
 *   requireDeclarators: NodePath[],
 *   needsRequire: boolean,
 *   needsDirname: boolean,
 *   usesSelf: boolean,
 *   asyncCalls: string[],
 *   callbackCalls: string[],
 * }} Collected
 */

/**
 * Walks the target function and everything it reaches in its module, deciding for each name what
 * the harness does with it: run it (locals, helpers, constants, Node built-ins, globals), stand it
 * in (imports of other modules, clients created from them, parameters), or refuse.
 * @param {import('@babel/traverse').NodePath<import('@babel/types').Function>} target
 * @returns {Collected}
 */
export function collect(target) {
  const walk = startWalk(target);
  // Scanning a unit queues the units it reaches, so the walk ends when nothing new is reached.
  while (walk.queue.length > 0) scan(walk, /** @type {NodePath} */ (walk.queue.shift()));

  refuseSharedMutableState(walk.units, (path) => isInsideIncluded(walk, path));

  const { units, selfMethods, externals } = walk;
  const { asyncCalls, callbackCalls } = findSimulatedCalls([target, ...units, ...selfMethods], externals, target, selfMethods);
  return {
    units,
    selfMethods,
    externals: [...externals],
    builtinImports: walk.builtinImports,
    requireDeclarators: [...walk.requireDeclarators],
    ...walk.flags,
    asyncCalls,
    callbackCalls,
  };
}

/**
 * What the walk has decided so far, shared by the helpers below.
 * @typedef {{
 *   target: NodePath,
 *   classBody: NodePath | null,
 *   units: NodePath[],
 *   selfMethods: NodePath[],
 *   included: Set<import('@babel/types').Node>,
 *   queue: NodePath[],
 *   externals: Set<string>,
 *   builtinImports: Map<string, BuiltinImport>,
 *   requireDeclarators: Set<NodePath>,
 *   flags: { needsRequire: boolean, needsDirname: boolean, usesSelf: boolean },
 *   externalDerivedMemo: Map<NodePath, boolean>,
 * }} Walk
 */

/**
 * @param {NodePath} target
 * @returns {Walk}
 */
function startWalk(target) {
  const isMethod = target.isClassMethod() || target.isClassPrivateMethod();
  if (isMethod && /** @type {any} */ (target.node).kind === 'constructor') {
    throw new HarnessRefusal('the function is a class constructor; the harness benchmarks functions and methods, not object construction');
  }
  /** @type {Walk} */
  const walk = {
    target,
    classBody: isMethod ? target.parentPath : null,
    units: [],
    selfMethods: [],
    included: new Set([target.node]),
    queue: [target],
    externals: new Set(),
    builtinImports: new Map(),
    requireDeclarators: new Set(),
    flags: { needsRequire: false, needsDirname: false, usesSelf: false },
    externalDerivedMemo: new Map(),
  };
  // `const getUser = async () => …` is emitted with its declaration; a recursive call is local.
  if (target.parentPath?.isVariableDeclarator()) walk.included.add(target.parentPath.node);
  return walk;
}

/** @param {Walk} walk @param {NodePath} path */
function addUnit(walk, path) {
  if (walk.included.has(path.node)) return;
  walk.included.add(path.node);
  walk.units.push(path);
  walk.queue.push(path);
}

/** @param {Walk} walk @param {NodePath} path */
function isInsideIncluded(walk, path) {
  return Boolean(path.findParent((p) => walk.included.has(p.node))) || walk.included.has(path.node);
}

/** @param {NodePath} unit @param {NodePath} path */
const isInside = (unit, path) => path === unit || path.node === unit.node || Boolean(path.findParent((p) => p.node === unit.node));

/**
 * `require('fs')`, `require('node:fs').promises`: the module name, or null.
 * @param {import('@babel/types').Node | null | undefined} node
 * @returns {string | null}
 */
function requiredModule(node) {
  let cur = node;
  while (cur && (cur.type === 'MemberExpression' || cur.type === 'OptionalMemberExpression')) cur = cur.object;
  if (cur?.type === 'CallExpression' && cur.callee.type === 'Identifier' && cur.callee.name === 'require' && cur.arguments[0]?.type === 'StringLiteral') {
    return cur.arguments[0].value;
  }
  return null;
}

/** @param {Walk} walk @param {NodePath} decl @param {string} name */
function classifyDeclarator(walk, decl, name) {
  if (walk.included.has(decl.node) || walk.requireDeclarators.has(decl)) return;
  const node = /** @type {import('@babel/types').VariableDeclarator} */ (decl.node);
  const required = requiredModule(node.init);
  if (required !== null) {
    if (isBuiltin(required)) {
      walk.requireDeclarators.add(decl);
      walk.flags.needsRequire = true;
    } else walk.externals.add(name);
    return;
  }
  if (!node.init) {
    // `let client; … client = new Client(…)`: a client created later from a stand-in is a stand-in too.
    const assigned = decl.scope.getBinding(name)?.constantViolations ?? [];
    const lazyClient =
      assigned.length > 0 &&
      assigned.every((v) => v.isAssignmentExpression() && /** @type {any} */ (v.node).operator === '=' && isExternalDerived(/** @type {NodePath} */ (v.get('right')), walk.externalDerivedMemo));
    if (lazyClient) walk.externals.add(name);
    else addUnit(walk, decl);
    return;
  }
  const initPath = /** @type {NodePath} */ (decl.get('init'));
  if (initPath.isFunction() || initPath.isClass()) addUnit(walk, decl);
  else if (isExternalDerived(initPath, walk.externalDerivedMemo)) walk.externals.add(name);
  else addUnit(walk, decl);
}

/** @param {Walk} walk @param {NodePath} idPath a referenced identifier inside an included unit */
function resolve(walk, idPath) {
  const name = /** @type {any} */ (idPath.node).name;
  const binding = idPath.scope.getBinding(name);
  if (!binding) {
    resolveGlobal(walk, idPath, name);
    return;
  }
  if (isInsideIncluded(walk, binding.path)) return;
  if (binding.kind === 'module') {
    resolveImport(walk, binding.path, name);
    return;
  }
  if (binding.kind === 'param') {
    walk.externals.add(name);
    return;
  }
  const bp = binding.path;
  if (bp.isFunctionDeclaration() || bp.isClassDeclaration()) addUnit(walk, bp);
  else if (bp.isVariableDeclarator()) classifyDeclarator(walk, bp, name);
  else if (bp.isTSEnumDeclaration()) {
    throw new HarnessRefusal(`the function uses the TypeScript enum \`${name}\` (${lineOf(bp.node)}), which the harness does not compile`);
  } else {
    throw new HarnessRefusal(`the function uses \`${name}\` (${lineOf(bp.node)}), whose value the harness cannot reproduce outside its declaration`);
  }
}

/**
 * A Node built-in import is re-imported by the harness; any other module is stood in for.
 * @param {Walk} walk @param {NodePath} specifier @param {string} name
 */
function resolveImport(walk, specifier, name) {
  const source = /** @type {any} */ (specifier.parent).source.value;
  if (!isBuiltin(source)) {
    walk.externals.add(name);
    return;
  }
  const spec = /** @type {any} */ (specifier.node);
  const kind = spec.type === 'ImportDefaultSpecifier' ? 'default' : spec.type === 'ImportNamespaceSpecifier' ? 'namespace' : 'named';
  const imported = kind === 'named' ? (spec.imported.type === 'StringLiteral' ? spec.imported.value : spec.imported.name) : '';
  walk.builtinImports.set(name, { source, kind, imported });
}

/** @param {Walk} walk @param {NodePath} idPath @param {string} name */
function resolveGlobal(walk, idPath, name) {
  if (IO_GLOBALS.has(name)) {
    walk.externals.add(name);
    return;
  }
  if (name === '__dirname' || name === '__filename') {
    walk.flags.needsDirname = true;
    return;
  }
  if (name === 'require') {
    const call = idPath.parentPath;
    const arg = call?.isCallExpression() ? /** @type {any} */ (call.node).arguments[0] : null;
    if (arg?.type === 'StringLiteral' && isBuiltin(arg.value)) {
      walk.flags.needsRequire = true;
      return;
    }
    throw new HarnessRefusal(`the function loads ${arg?.type === 'StringLiteral' ? `'${arg.value}'` : 'a module'} with require() at run time (${lineOf(idPath.node)}), which the harness cannot stub`);
  }
  if (name === 'module' || name === 'exports') {
    throw new HarnessRefusal(`the function uses CommonJS \`${name}\` (${lineOf(idPath.node)}), which is module state the harness cannot reproduce`);
  }
  if (name in globalThis) return;
  throw new HarnessRefusal(`the function uses \`${name}\` (${lineOf(idPath.node)}), which is neither declared in the file nor a Node.js global, so the harness can neither run nor stub it`);
}

/** @param {Walk} walk @param {NodePath} thisPath @param {NodePath} unit */
function resolveThis(walk, thisPath, unit) {
  let owner = thisPath.getFunctionParent();
  while (owner?.isArrowFunctionExpression()) owner = owner.parentPath.getFunctionParent();
  if (owner && owner.node !== unit.node && isInside(unit, owner)) return; // a nested `function` has its own `this`
  const ownerIsOurMethod = owner && (owner.node === walk.target.node || walk.selfMethods.some((m) => m.node === owner.node));
  if (!ownerIsOurMethod && owner && (owner.isClassMethod() || owner.isObjectMethod())) {
    const key = /** @type {any} */ (owner.node).key;
    throw new HarnessRefusal(`the function uses \`this\` of the enclosing method \`${key?.name ?? 'method'}\` (${lineOf(thisPath.node)}); point the harness at a line of that method's own body instead`);
  }
  if (!ownerIsOurMethod || !walk.classBody) {
    throw new HarnessRefusal(`the function uses \`this\` (${lineOf(thisPath.node)}) outside a class method, so the harness cannot know what it refers to`);
  }
  walk.flags.usesSelf = true;
  const member = thisPath.parentPath;
  if (!(member?.isMemberExpression() || member?.isOptionalMemberExpression()) || /** @type {any} */ (member.node).object !== thisPath.node) return;
  const prop = /** @type {any} */ (member.node).property;
  if (prop.type === 'PrivateName') {
    throw new HarnessRefusal(`the function uses the private member \`this.#${prop.id.name}\` (${lineOf(prop)}), which a stand-in \`this\` cannot provide`);
  }
  if (/** @type {any} */ (member.node).computed) return;
  includeSiblingMethod(walk, walk.classBody, prop.name);
}

/**
 * `this.helper()` inside the target: the class's own `helper` method runs for real on the stand-in `this`.
 * @param {Walk} walk @param {NodePath} classBody @param {string} name
 */
function includeSiblingMethod(walk, classBody, name) {
  const isStatic = Boolean(/** @type {any} */ (walk.target.node).static);
  const sibling = /** @type {NodePath[]} */ (classBody.get('body')).find((m) => {
    const n = /** @type {any} */ (m.node);
    return (m.isClassMethod() || m.isClassPrivateMethod()) && n.kind !== 'constructor' && Boolean(n.static) === isStatic && !n.computed && n.key.type === 'Identifier' && n.key.name === name;
  });
  if (sibling && !walk.included.has(sibling.node)) {
    walk.included.add(sibling.node);
    walk.selfMethods.push(sibling);
    walk.queue.push(sibling);
  }
}

/** @param {Walk} walk @param {NodePath} unit */
function scan(walk, unit) {
  unit.traverse({
    ReferencedIdentifier(p) {
      if (p.isJSXIdentifier()) return;
      resolve(walk, p);
    },
    ThisExpression(p) {
      resolveThis(walk, p, unit);
    },
    Super(p) {
      if (unit.isClassDeclaration()) return;
      throw new HarnessRefusal(`the function calls \`super\` (${lineOf(p.node)}), whose class the harness cannot reproduce`);
    },
    JSXElement(p) {
      throw new HarnessRefusal(`the function renders JSX (${lineOf(p.node)}), which the harness does not compile`);
    },
    JSXFragment(p) {
      throw new HarnessRefusal(`the function renders JSX (${lineOf(p.node)}), which the harness does not compile`);
    },
    Import(p) {
      const arg = /** @type {any} */ (p.parent).arguments?.[0];
      if (arg?.type === 'StringLiteral' && isBuiltin(arg.value)) return;
      throw new HarnessRefusal(`the function imports ${arg?.type === 'StringLiteral' ? `'${arg.value}'` : 'a module'} at run time (${lineOf(p.node)}), which the harness cannot stub`);
    },
    CallExpression(p) {
      const callee = /** @type {any} */ (p.node).callee;
      if (callee.type === 'Identifier' && callee.name === 'eval' && !p.scope.getBinding('eval')) {
        throw new HarnessRefusal(`the function calls eval (${lineOf(p.node)}), whose code the harness cannot see`);
      }
    },
  });
}
