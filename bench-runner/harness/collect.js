import { isBuiltin } from 'node:module';
import { HarnessRefusal, lineOf } from './refusal.js';
import { calleeChain, flowsToAwait } from './async-usage.js';

/** Globals that reach the network: always simulated, never run. */
const IO_GLOBALS = new Set(['fetch', 'WebSocket', 'XMLHttpRequest', 'EventSource']);
/** Array and collection methods that change their receiver. */
const MUTATORS = new Set(['push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin', 'set', 'add', 'delete', 'clear', 'assign', 'defineProperty']);
/** Array methods whose callback runs for real on simulated collections (see runtime.js). */
const CALLBACK_ARRAY_METHODS = new Set(['map', 'filter', 'find', 'findIndex', 'findLast', 'findLastIndex', 'forEach', 'some', 'every', 'reduce', 'reduceRight', 'flatMap', 'sort', 'toSorted']);
/** First-parameter names that mark a Node-style callback: `db.query(sql, (err, rows) => …)`. */
const ERROR_FIRST = /^(err|error|e|er)$/;

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
  /** @type {NodePath[]} */
  const units = [];
  /** @type {NodePath[]} */
  const selfMethods = [];
  const included = new Set();
  const externals = new Set();
  /** @type {Map<string, BuiltinImport>} */
  const builtinImports = new Map();
  /** @type {Set<NodePath>} */
  const requireDeclarators = new Set();
  const flags = { needsRequire: false, needsDirname: false, usesSelf: false };
  /** @type {Map<NodePath, boolean>} */
  const externalDerivedMemo = new Map();

  const targetNode = /** @type {any} */ (target.node);
  const isMethod = target.isClassMethod() || target.isClassPrivateMethod();
  if (isMethod && targetNode.kind === 'constructor') {
    throw new HarnessRefusal('the function is a class constructor; the harness benchmarks functions and methods, not object construction');
  }
  const classBody = isMethod ? target.parentPath : null;

  /** @type {NodePath[]} */
  const queue = [target];
  included.add(target.node);
  // `const getUser = async () => …` is emitted with its declaration; a recursive call is local.
  if (target.parentPath?.isVariableDeclarator()) included.add(target.parentPath.node);

  /** @param {NodePath} path */
  function addUnit(path) {
    if (included.has(path.node)) return;
    included.add(path.node);
    units.push(path);
    queue.push(path);
  }

  /** @param {NodePath} path */
  function isInsideIncluded(path) {
    return Boolean(path.findParent((p) => included.has(p.node))) || included.has(path.node);
  }

  /** @param {NodePath} unit @param {NodePath} path */
  const isInside = (unit, path) => path === unit || path.node === unit.node || Boolean(path.findParent((p) => p.node === unit.node));

  /**
   * Is the value of this expression derived from something the harness stands in for?
   * @param {NodePath} expr
   * @returns {boolean}
   */
  function isExternalDerived(expr) {
    let found = false;
    /** @param {NodePath} id */
    const check = (id) => {
      const name = /** @type {any} */ (id.node).name;
      const binding = id.scope.getBinding(name);
      if (!binding) {
        if (IO_GLOBALS.has(name) || !(name in globalThis)) found = true;
        return;
      }
      if (binding.kind === 'module') {
        found ||= !isBuiltin(/** @type {any} */ (binding.path.parent).source.value);
      } else if (binding.kind === 'param') {
        found = true;
      } else if (binding.path.isVariableDeclarator()) {
        if (externalDerivedMemo.has(binding.path)) {
          found ||= externalDerivedMemo.get(binding.path);
        } else {
          externalDerivedMemo.set(binding.path, false);
          const init = binding.path.get('init');
          const value = !Array.isArray(init) && init.node ? isExternalDerived(init) : false;
          externalDerivedMemo.set(binding.path, value);
          found ||= value;
        }
      }
    };
    if (expr.isIdentifier()) check(expr);
    if (expr.isAwaitExpression()) return true;
    expr.traverse({
      Function(p) {
        p.skip();
      },
      AwaitExpression() {
        found = true;
      },
      ReferencedIdentifier(p) {
        if (p.isIdentifier()) check(p);
      },
    });
    return found;
  }

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

  /** @param {NodePath} decl @param {string} name */
  function classifyDeclarator(decl, name) {
    if (included.has(decl.node) || requireDeclarators.has(decl)) return;
    const node = /** @type {import('@babel/types').VariableDeclarator} */ (decl.node);
    const init = decl.get('init');
    const required = requiredModule(node.init);
    if (required !== null) {
      if (isBuiltin(required)) {
        requireDeclarators.add(decl);
        flags.needsRequire = true;
      } else externals.add(name);
      return;
    }
    if (!node.init) {
      const binding = decl.scope.getBinding(name);
      const assigned = binding?.constantViolations ?? [];
      const lazyClient =
        assigned.length > 0 &&
        assigned.every((v) => v.isAssignmentExpression() && /** @type {any} */ (v.node).operator === '=' && isExternalDerived(/** @type {NodePath} */ (v.get('right'))));
      if (lazyClient) externals.add(name);
      else addUnit(decl);
      return;
    }
    const initPath = /** @type {NodePath} */ (init);
    if (initPath.isFunction() || initPath.isClass()) addUnit(decl);
    else if (isExternalDerived(initPath)) externals.add(name);
    else addUnit(decl);
  }

  /** @param {NodePath} idPath a referenced identifier inside an included unit */
  function resolve(idPath) {
    const name = /** @type {any} */ (idPath.node).name;
    const binding = idPath.scope.getBinding(name);
    if (!binding) {
      resolveGlobal(idPath, name);
      return;
    }
    if (isInsideIncluded(binding.path)) return;
    switch (binding.kind) {
      case 'module': {
        const source = /** @type {any} */ (binding.path.parent).source.value;
        if (!isBuiltin(source)) {
          externals.add(name);
          return;
        }
        const spec = /** @type {any} */ (binding.path.node);
        const kind = spec.type === 'ImportDefaultSpecifier' ? 'default' : spec.type === 'ImportNamespaceSpecifier' ? 'namespace' : 'named';
        const imported = kind === 'named' ? (spec.imported.type === 'StringLiteral' ? spec.imported.value : spec.imported.name) : '';
        builtinImports.set(name, { source, kind, imported });
        return;
      }
      case 'param':
        externals.add(name);
        return;
      default:
        break;
    }
    const bp = binding.path;
    if (bp.isFunctionDeclaration() || bp.isClassDeclaration()) addUnit(bp);
    else if (bp.isVariableDeclarator()) classifyDeclarator(bp, name);
    else if (bp.isTSEnumDeclaration()) {
      throw new HarnessRefusal(`the function uses the TypeScript enum \`${name}\` (${lineOf(bp.node)}), which the harness does not compile`);
    } else {
      throw new HarnessRefusal(`the function uses \`${name}\` (${lineOf(bp.node)}), whose value the harness cannot reproduce outside its declaration`);
    }
  }

  /** @param {NodePath} idPath @param {string} name */
  function resolveGlobal(idPath, name) {
    if (IO_GLOBALS.has(name)) {
      externals.add(name);
      return;
    }
    if (name === '__dirname' || name === '__filename') {
      flags.needsDirname = true;
      return;
    }
    if (name === 'require') {
      const call = idPath.parentPath;
      const arg = call?.isCallExpression() ? /** @type {any} */ (call.node).arguments[0] : null;
      if (arg?.type === 'StringLiteral' && isBuiltin(arg.value)) {
        flags.needsRequire = true;
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

  /** @param {NodePath} thisPath @param {NodePath} unit */
  function resolveThis(thisPath, unit) {
    let owner = thisPath.getFunctionParent();
    while (owner?.isArrowFunctionExpression()) owner = owner.parentPath.getFunctionParent();
    if (owner && owner.node !== unit.node && isInside(unit, owner)) return; // a nested `function` has its own `this`
    const ownerIsOurMethod = owner && (owner.node === target.node || selfMethods.some((m) => m.node === owner.node));
    if (!ownerIsOurMethod && owner && (owner.isClassMethod() || owner.isObjectMethod())) {
      const key = /** @type {any} */ (owner.node).key;
      throw new HarnessRefusal(`the function uses \`this\` of the enclosing method \`${key?.name ?? 'method'}\` (${lineOf(thisPath.node)}); point the harness at a line of that method's own body instead`);
    }
    if (!ownerIsOurMethod || !classBody) {
      throw new HarnessRefusal(`the function uses \`this\` (${lineOf(thisPath.node)}) outside a class method, so the harness cannot know what it refers to`);
    }
    flags.usesSelf = true;
    const member = thisPath.parentPath;
    if (!(member?.isMemberExpression() || member?.isOptionalMemberExpression()) || /** @type {any} */ (member.node).object !== thisPath.node) return;
    const prop = /** @type {any} */ (member.node).property;
    if (prop.type === 'PrivateName') {
      throw new HarnessRefusal(`the function uses the private member \`this.#${prop.id.name}\` (${lineOf(prop)}), which a stand-in \`this\` cannot provide`);
    }
    if (/** @type {any} */ (member.node).computed) return;
    const isStatic = Boolean(targetNode.static);
    const sibling = /** @type {NodePath[]} */ (classBody.get('body')).find((m) => {
      const n = /** @type {any} */ (m.node);
      return (m.isClassMethod() || m.isClassPrivateMethod()) && n.kind !== 'constructor' && Boolean(n.static) === isStatic && !n.computed && n.key.type === 'Identifier' && n.key.name === prop.name;
    });
    if (sibling && !included.has(sibling.node)) {
      included.add(sibling.node);
      selfMethods.push(sibling);
      queue.push(sibling);
    }
  }

  /** @param {NodePath} unit */
  function scan(unit) {
    unit.traverse({
      ReferencedIdentifier(p) {
        if (p.isJSXIdentifier()) return;
        resolve(p);
      },
      ThisExpression(p) {
        resolveThis(p, unit);
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

  while (queue.length > 0) scan(/** @type {NodePath} */ (queue.shift()));

  refuseSharedMutableState(units, isInsideIncluded);

  const { asyncCalls, callbackCalls } = findSimulatedCalls([target, ...units, ...selfMethods], externals, target, selfMethods);
  return {
    units,
    selfMethods,
    externals: [...externals],
    builtinImports,
    requireDeclarators: [...requireDeclarators],
    ...flags,
    asyncCalls,
    callbackCalls,
  };
}

/**
 * A copied constant or variable is only reproducible if nothing outside the extracted code changes
 * it: a session map filled by a login route, a counter reset by a timer, a config swapped at run time.
 * @param {NodePath[]} units
 * @param {(path: NodePath) => boolean} isInsideIncluded
 */
function refuseSharedMutableState(units, isInsideIncluded) {
  for (const unit of units) {
    if (!unit.isVariableDeclarator()) continue;
    for (const name of Object.keys(unit.getBindingIdentifiers())) {
      const binding = unit.scope.getBinding(name);
      if (!binding) continue;
      for (const violation of binding.constantViolations) {
        if (violation.node === unit.node || isInsideIncluded(violation)) continue;
        throw new HarnessRefusal(`the function closes over \`${name}\`, which other code in the module reassigns (${lineOf(violation.node)}), so its value at request time cannot be reproduced`);
      }
      for (const ref of binding.referencePaths) {
        if (isInsideIncluded(ref) || !isMutatingReference(ref)) continue;
        throw new HarnessRefusal(`the function closes over \`${name}\`, which other code in the module modifies (${lineOf(ref.node)}), so its state at request time cannot be reproduced`);
      }
    }
  }
}

/** @param {NodePath} ref */
function isMutatingReference(ref) {
  let cur = ref;
  while (cur.parentPath && (cur.parentPath.isMemberExpression() || cur.parentPath.isOptionalMemberExpression()) && /** @type {any} */ (cur.parentPath.node).object === cur.node) {
    cur = cur.parentPath;
  }
  const parent = cur.parentPath;
  if (!parent) return false;
  const pn = /** @type {any} */ (parent.node);
  if (parent.isAssignmentExpression() && pn.left === cur.node) return cur !== ref;
  if (parent.isUpdateExpression()) return cur !== ref;
  if (parent.isUnaryExpression() && pn.operator === 'delete') return true;
  if ((parent.isCallExpression() || parent.isOptionalCallExpression()) && pn.callee === cur.node && cur !== ref) {
    const prop = /** @type {any} */ (cur.node).property;
    return prop?.type === 'Identifier' && MUTATORS.has(prop.name);
  }
  return false;
}

/**
 * @param {NodePath[]} code every included unit
 * @param {Set<string>} externals
 * @param {NodePath} target
 * @param {NodePath[]} selfMethods
 */
function findSimulatedCalls(code, externals, target, selfMethods) {
  const asyncCalls = new Set();
  const callbackCalls = new Set();
  const selfMethodNames = new Set(selfMethods.map((m) => /** @type {any} */ (m.node).key.name));
  const targetParams = new Set(
    /** @type {any[]} */ (/** @type {any} */ (target.node).params)
      .map((p) => (p.type === 'AssignmentPattern' ? p.left : p))
      .filter((p) => p.type === 'Identifier')
      .map((p) => p.name),
  );

  /** @param {NodePath} call */
  function visit(call) {
    const node = /** @type {any} */ (call.node);
    const chain = calleeChain(node.callee);
    if (!chain) return;
    const root = /** @type {any} */ (chain.root);
    const isMember = chain.text.includes('.');
    const name = chain.text.slice(chain.text.lastIndexOf('.') + 1);
    /** @type {'exact' | 'wildcard' | null} */
    let kind = null;
    if (root.type === 'ThisExpression') {
      const first = chain.text.split('.')[1];
      kind = selfMethodNames.has(first) && chain.text === `this.${first}` ? null : 'exact';
    } else {
      const binding = call.scope.getBinding(root.name);
      const isTargetParam = binding?.kind === 'param' && binding.scope.path.node === target.node && targetParams.has(root.name);
      const isStandIn = isTargetParam || (externals.has(root.name) && (!binding || !code.some((u) => binding.path.findParent((p) => p.node === u.node))));
      if (isStandIn) kind = 'exact';
      else if (isMember && binding && binding.kind !== 'module') kind = 'wildcard';
    }
    if (!kind) return;
    const key = kind === 'exact' ? chain.text : `*.${name}`;
    const last = node.arguments.at(-1);
    if (last && (last.type === 'ArrowFunctionExpression' || last.type === 'FunctionExpression') && last.params[0]?.type === 'Identifier' && ERROR_FIRST.test(last.params[0].name)) {
      callbackCalls.add(key);
      return;
    }
    const hasCallback = node.arguments.some((a) => a.type === 'ArrowFunctionExpression' || a.type === 'FunctionExpression');
    if (hasCallback && CALLBACK_ARRAY_METHODS.has(name)) return;
    if (flowsToAwait(call)) asyncCalls.add(key);
  }

  for (const unit of code) {
    unit.traverse({
      CallExpression: visit,
      OptionalCallExpression: visit,
    });
  }
  return { asyncCalls: [...asyncCalls].sort(), callbackCalls: [...callbackCalls].sort() };
}
