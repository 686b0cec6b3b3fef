// Which values the harness stands in for rather than runs: anything that comes from another
// module, a parameter, the network or an await (see collect.js).
import { isBuiltin } from 'node:module';

/** @typedef {import('@babel/traverse').NodePath} NodePath */

/** Globals that reach the network: always simulated, never run. */
export const IO_GLOBALS = new Set(['fetch', 'WebSocket', 'XMLHttpRequest', 'EventSource']);

/**
 * Is the value of this expression derived from something the harness stands in for?
 * @param {NodePath} expr
 * @param {Map<NodePath, boolean>} memo answers per declarator; also stops cycles (`a = b`, `b = a`)
 * @returns {boolean}
 */
export function isExternalDerived(expr, memo) {
  let found = false;
  /** @param {NodePath} id */
  const check = (id) => {
    // Always asked, even once found: the memo must fill the same way whatever the order.
    const external = isExternalName(id, memo);
    found ||= external;
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
 * Does this identifier name a stand-in: a network global, an unknown global, an import of another
 * module, a parameter, or a variable whose value comes from one?
 * @param {NodePath} id
 * @param {Map<NodePath, boolean>} memo
 * @returns {boolean}
 */
function isExternalName(id, memo) {
  const name = /** @type {any} */ (id.node).name;
  const binding = id.scope.getBinding(name);
  if (!binding) return IO_GLOBALS.has(name) || !(name in globalThis);
  if (binding.kind === 'module') return !isBuiltin(/** @type {any} */ (binding.path.parent).source.value);
  if (binding.kind === 'param') return true;
  if (!binding.path.isVariableDeclarator()) return false;
  const known = memo.get(binding.path);
  if (known !== undefined) return known;
  memo.set(binding.path, false);
  const init = binding.path.get('init');
  const value = !Array.isArray(init) && init.node ? isExternalDerived(init, memo) : false;
  memo.set(binding.path, value);
  return value;
}
