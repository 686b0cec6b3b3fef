// Refuses functions whose copied module state other code changes: the harness could not
// reproduce its value at request time (see collect.js).
import { HarnessRefusal, lineOf } from '../refusal.js';

/** @typedef {import('@babel/traverse').NodePath} NodePath */

/** Array and collection methods that change their receiver. */
const MUTATORS = new Set(['push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin', 'set', 'add', 'delete', 'clear', 'assign', 'defineProperty']);

/**
 * A copied constant or variable is only reproducible if nothing outside the extracted code changes
 * it: a session map filled by a login route, a counter reset by a timer, a config swapped at run time.
 * @param {NodePath[]} units
 * @param {(path: NodePath) => boolean} isInsideIncluded
 */
export function refuseSharedMutableState(units, isInsideIncluded) {
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
