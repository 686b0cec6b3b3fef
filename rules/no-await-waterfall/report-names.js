/**
 * The names a report shows for the operations it found, so the message says
 * which calls it means: `getUser()` for `await api.getUser(id)`.
 */
import { unwrap } from '../core/syntax/ast.js';

/** Past this many, a message shows the first two and "+N more". */
const SHOWN = 2;
const MAX_NAME = 40;

/**
 * `name()` for a call: the callee's last name (`api.users.find` → `find()`),
 * or its whole text when that name alone would read the same for two members.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} call
 * @param {boolean} full
 */
function callName(sourceCode, call, full) {
  const callee = unwrap(call.callee);
  let name = null;
  if (!full && callee.type === 'Identifier') name = callee.name;
  else if (!full && callee.type === 'MemberExpression' && !callee.computed) name = callee.property.name;
  name ??= sourceCode.getText(callee).replace(/\s+/g, '');
  return `\`${name.length > MAX_NAME ? `${name.slice(0, MAX_NAME - 1)}…` : name}()\``;
}

/**
 * The message data of a waterfall report. Its shape, for tests:
 * `{ count: '3', names: '`getUser()`, `getOrders()` +1 more', reason: 'none uses another's result' }`.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any[]} operands the awaited expressions, in order (calls, possibly wrapped)
 * @returns {{ count: string, names: string, reason: string }}
 */
export function waterfallData(sourceCode, operands) {
  const calls = operands.map((operand) => unwrap(operand));
  const short = calls.map((call) => (call.type === 'CallExpression' || call.type === 'NewExpression' ? callName(sourceCode, call, false) : null));
  const clash = short.slice(0, SHOWN).some((name, index, shown) => name !== null && shown.indexOf(name) !== index);
  const shown = calls.slice(0, SHOWN).map((call, index) => (short[index] !== null && clash ? callName(sourceCode, call, true) : short[index] ?? `\`${sourceCode.getText(call)}\``));
  const rest = calls.length - SHOWN;
  let names = shown.join(' and ');
  if (rest === 1) names = `${shown.join(', ')} and ${short[SHOWN] ?? 'one more'}`;
  else if (rest > 1) names = `${shown.join(', ')} +${rest} more`;
  return {
    count: String(calls.length),
    names,
    reason: calls.length === 2 ? "neither uses the other's result" : "none uses another's result",
  };
}
