/**
 * A cache fill: `cache.set(key, value)`, `Groups.cache.set(…)`,
 * `this.userCache.set(…)` — storing in a cache what the function has just
 * read elsewhere (a read-through cache). Decided by the receiver's name, as
 * the cache's own body (an LRU or Map instance made by a package) cannot be
 * read. For the callers the function stays a read: a fill started early,
 * or twice at once, stores the same value; and it still reads the cache,
 * so a write that invalidates it (`cache.del(key)`) stays ordered with it.
 */
import { unwrap, propertyName } from '../../language/syntax/ast.js';
import { nameWords } from '../../effects/call-names.js';

/**
 * @typedef {import('../../language/syntax/ast.js').CallNode} CallNode
 * @typedef {import('../../language/syntax/ast.js').CallLikeNode} CallLikeNode
 */

/**
 * @param {CallLikeNode} call CallExpression, NewExpression or TaggedTemplateExpression
 * @returns {boolean}
 */
export function isCacheFill(call) {
  if (call.type !== 'CallExpression') return false;
  const callee = unwrap(call.callee);
  if (callee?.type !== 'MemberExpression' || propertyName(callee) !== 'set') return false;
  const receiver = unwrap(callee.object);
  const name = receiver?.type === 'Identifier' ? receiver.name : receiver?.type === 'MemberExpression' ? propertyName(receiver) : null;
  return name !== null && nameWords(name).at(-1) === 'cache';
}
