/**
 * The names a report shows for the operations it found, so the message says
 * which calls it means: `getUser()` for `await api.getUser(id)`. A name is
 * never repeated: two calls of the same method read "two `db.findWhere()` calls".
 */
import { unwrap } from '../language/syntax/ast.js';
import { countWord } from '../language/english/count-word.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 * @typedef {import('../language/syntax/ast.js').CallNode} CallNode
 */

/** Past this many different names, a message shows the first two and "+N more". */
const SHOWN = 2;
const MAX_NAME = 40;
/** Methods that chain a handler on a promise: the operation is the call they are chained on. */
const PROMISE_HANDLERS = new Set(['then', 'catch', 'finally']);

/** @param {Node} node */
const isPromiseClass = (node) => unwrap(node)?.type === 'Identifier' && unwrap(node).name === 'Promise';

/**
 * `name()` for a call: the callee's last name (`api.users.find` → `find()`),
 * or its whole text (`pool.query()`).
 * @param {import('eslint').SourceCode} sourceCode
 * @param {CallNode} call
 * @param {boolean} full
 */
function callName(sourceCode, call, full) {
  const callee = unwrap(call.callee);
  // `rawQuery(sql).then((rows) => rows[0])` is a `rawQuery()`: the chained handler is not the operation.
  const chainedOn = callee.type === 'MemberExpression' && !callee.computed && PROMISE_HANDLERS.has(callee.property.name) ? unwrap(callee.object) : null;
  if (chainedOn?.type === 'CallExpression' || chainedOn?.type === 'NewExpression') return callName(sourceCode, chainedOn, full);
  let name = null;
  if (!full && callee.type === 'Identifier') name = callee.name;
  // `Promise.all()`, not `all()`: a static of Promise says nothing without its class.
  else if (!full && callee.type === 'MemberExpression' && !callee.computed && !isPromiseClass(callee.object)) name = callee.property.name;
  name ??= writtenName(sourceCode, callee);
  return `\`${shortened(name)}()\``;
}

/**
 * The callee as written, on one line, as short as says which it is: the whole text
 * (`knex('events as e').select`), else with inner calls' arguments left out
 * (`knex(…).select(…).where`), else the chain's first call and its last name (`this.knex(…)…where`).
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} callee
 */
function writtenName(sourceCode, callee) {
  const whole = compactText(sourceCode, callee);
  if (whole.length <= MAX_NAME) return whole;
  const elided = elidedText(sourceCode, callee);
  if (elided.length <= MAX_NAME || callee.type !== 'MemberExpression' || callee.computed) return elided;
  let first = null;
  for (let link = unwrap(callee.object); link?.type === 'CallExpression' || link?.type === 'MemberExpression'; link = unwrap(link.type === 'CallExpression' ? link.callee : link.object)) {
    if (link.type === 'CallExpression') first = link;
  }
  const ends = first && `${elidedText(sourceCode, first)}…${callee.property.name}`;
  return ends && ends.length <= MAX_NAME ? ends : elided;
}

/**
 * The tokens of an expression on one line, a space only where two words would merge:
 * string literals keep their own spaces (`'id as count'`, not `'idascount'`).
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} node
 */
function compactText(sourceCode, node) {
  let text = '';
  for (const token of sourceCode.getTokens(node)) {
    if (/[\w$]$/.test(text) && /^[\w$]/.test(token.value)) text += ' ';
    text += token.value.replace(/\s+/g, ' ');
  }
  return text;
}

/**
 * An expression with the arguments of its calls left out: `db.knex(…).count(…).whereRaw`.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {Node} expression
 * @returns {string}
 */
function elidedText(sourceCode, expression) {
  const node = unwrap(expression);
  if (node.type === 'MemberExpression') {
    const property = node.computed ? `${node.optional ? '?.' : ''}[${node.property.type === 'Literal' ? compactText(sourceCode, node.property) : '…'}]` : `${node.optional ? '?.' : '.'}${node.property.type === 'PrivateIdentifier' ? '#' : ''}${node.property.name}`;
    return `${elidedText(sourceCode, node.object)}${property}`;
  }
  if (node.type === 'CallExpression' || node.type === 'NewExpression') {
    return `${node.type === 'NewExpression' ? 'new ' : ''}${elidedText(sourceCode, node.callee)}${node.optional ? '?.' : ''}(${node.arguments.length > 0 ? '…' : ''})`;
  }
  return compactText(sourceCode, node);
}

/** @param {string} name */
const shortened = (name) => (name.length > MAX_NAME ? `${name.slice(0, MAX_NAME - 1)}…` : name);

/**
 * Each operation's name: the short one, or the whole callee text where
 * operations share a short name (`pool.query()` and `replica.query()`, two
 * `settings.get()`); operands that are no call show their text.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any[]} calls
 */
function operationNames(sourceCode, calls) {
  const isCall = (/** @type {any} */ call) => call.type === 'CallExpression' || call.type === 'NewExpression';
  const short = calls.map((call) => (isCall(call) ? callName(sourceCode, call, false) : null));
  return calls.map((call, index) => {
    const name = short[index];
    if (name === null) return `\`${shortened(compactText(sourceCode, call))}\``;
    const shared = short.some((other, at) => at !== index && other === name);
    return shared ? callName(sourceCode, call, true) : name;
  });
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
  /** @type {Map<string, number>} how many operations go by each name, in the order first met */
  const counted = new Map();
  for (const name of operationNames(sourceCode, calls)) counted.set(name, (counted.get(name) ?? 0) + 1);
  const entries = [...counted].map(([name, count]) => (count === 1 ? name : `${countWord(count)} ${name} calls`));
  let names;
  if (entries.length <= 2) names = entries.join(' and ');
  else if (entries.length === 3) names = `${entries[0]}, ${entries[1]} and ${entries[2]}`;
  else {
    const shownOperations = [...counted.values()].slice(0, SHOWN).reduce((sum, count) => sum + count, 0);
    names = `${entries.slice(0, SHOWN).join(', ')} +${calls.length - shownOperations} more`;
  }
  return {
    count: String(calls.length),
    names,
    reason: calls.length === 2 ? "neither uses the other's result" : "none uses another's result",
  };
}
