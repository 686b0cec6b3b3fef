/**
 * A memo: a method that answers a field of its object when the field is set, and otherwise fills it
 * (`if (this.client) return this.client; this.client = await connect(); return this.client;`). Its
 * fill is not a write a later call must wait for: every call answers the same field, whether it
 * found it set or set it. For callers the method reads that field; two calls started together may
 * both fill it, which costs the work twice on the first call only.
 */
import { unwrap, propertyName } from '../../language/syntax/ast.js';

/**
 * The fields a function opens with a memo guard for: `if (this.f) return this.f;` (also with a
 * further condition, `if (this.f && !force)`, and with the return in a block) as its first statement.
 * @param {any} fn
 * @returns {Set<string>}
 */
export function memoFields(fn) {
  const first = fn.body?.type === 'BlockStatement' ? fn.body.body[0] : null;
  if (first?.type !== 'IfStatement' || first.alternate) return new Set();
  const field = guardedField(first.test);
  const returned = returnedStatement(first.consequent);
  return field !== null && returned !== null && thisField(returned.argument) === field ? new Set([field]) : new Set();
}

/**
 * `this.f` or `this.f && …`: the field whose presence the guard tests.
 * @param {any} test
 * @returns {string | null}
 */
function guardedField(test) {
  const node = unwrap(test);
  if (node?.type === 'LogicalExpression' && node.operator === '&&') return thisField(node.left);
  return thisField(node);
}

/**
 * @param {any} node
 * @returns {string | null}
 */
function thisField(node) {
  const member = unwrap(node);
  return member?.type === 'MemberExpression' && unwrap(member.object)?.type === 'ThisExpression' ? propertyName(member) : null;
}

/**
 * `return x;` or `{ return x; }`.
 * @param {any} statement
 */
function returnedStatement(statement) {
  const only = statement?.type === 'BlockStatement' && statement.body.length === 1 ? statement.body[0] : statement;
  return only?.type === 'ReturnStatement' && only.argument ? only : null;
}
