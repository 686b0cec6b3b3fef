// Which calls on stand-ins the harness answers after a simulated wait (awaited calls) or through
// a Node-style callback; runtime.js reads these lists (see collect.js).
import { calleeChain, flowsToAwait } from './async-usage.js';

/** @typedef {import('@babel/traverse').NodePath} NodePath */

/** Array methods whose callback runs for real on simulated collections (see runtime.js). */
const CALLBACK_ARRAY_METHODS = new Set(['map', 'filter', 'find', 'findIndex', 'findLast', 'findLastIndex', 'forEach', 'some', 'every', 'reduce', 'reduceRight', 'flatMap', 'sort', 'toSorted']);
/** First-parameter names that mark a Node-style callback: `db.query(sql, (err, rows) => …)`. */
const ERROR_FIRST = /^(err|error|e|er)$/;

/**
 * @param {NodePath[]} code every included unit
 * @param {Set<string>} externals
 * @param {NodePath} target
 * @param {NodePath[]} selfMethods
 */
export function findSimulatedCalls(code, externals, target, selfMethods) {
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
