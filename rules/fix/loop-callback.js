/**
 * Turns one loop iteration into the callback of a `.map`: the body keeps
 * its text and indentation, `continue` becomes `return`, and the single
 * collecting statement at the end becomes the callback's return value.
 */
import { unwrap } from '../analysis/ast.js';
import { lineIndent, commentsOutside } from './source-layout.js';

/**
 * @typedef {{ kind: 'none' } | { kind: 'push' | 'entries', collector: import('../analysis/loop-collectors.js').Collector }} ResultPlan
 *
 * @typedef {object} CallbackText
 * @property {string} text   `async (item) => { … }` or a concise `(item) => call(item)`
 * @property {ResultPlan} plan how results leave the callback
 */

/**
 * How the loop's results are collected, or null when no rewrite keeps them
 * in order (several collecting statements, or one that is not last).
 * @param {any} body
 * @param {import('../analysis/loop-collectors.js').Collector[]} collectors
 * @returns {ResultPlan | null}
 */
export function resultPlan(body, collectors) {
  if (collectors.length === 0) return { kind: 'none' };
  if (collectors.length > 1) return null;
  const [collector] = collectors;
  const statement = collector.node.parent;
  if (statement?.type !== 'ExpressionStatement' || statement.expression !== collector.node) return null;
  const last = body.type === 'BlockStatement' ? body.body[body.body.length - 1] : body;
  if (statement !== last) return null;
  return { kind: collector.kind === 'push' ? 'push' : 'entries', collector };
}

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {{ body: any, params: string, continues: any[], plan: ResultPlan, indent: string, unit: string, isTypeScript: boolean }} input
 * @returns {CallbackText | null}
 */
export function callbackText(sourceCode, { body, params, continues, plan, indent, unit, isTypeScript }) {
  const statements = body.type === 'BlockStatement' ? body.body : [body];
  const concise = conciseCallback(sourceCode, body, statements, params, plan);
  if (concise !== null) return { text: concise, plan };

  /** @type {Array<{ range: [number, number], text: string }>} */
  const edits = continues.map((node) => ({
    range: node.range,
    text: sourceCode.getText(node).trimEnd().endsWith(';') ? 'return;' : 'return',
  }));
  if (plan.kind !== 'none') {
    const { collector } = plan;
    const statement = collector.node.parent;
    const kept = [collector.value.range, ...(collector.key ? [collector.key.range] : [])];
    if (commentsOutside(sourceCode, statement, kept).length > 0) return null;
    // A skipped iteration would still leave a result behind: no faithful rewrite.
    if (continues.length > 0) return null;
    const returned = plan.kind === 'push'
      ? returnedValue(sourceCode, collector.value)
      : `[${sourceCode.getText(collector.key)}, ${sourceCode.getText(collector.value)}]${isTypeScript ? ' as const' : ''}`;
    edits.push({ range: statement.range, text: `return ${returned};` });
  }

  if (body.type === 'BlockStatement') {
    return { text: `async (${params}) => ${applyEdits(sourceCode.text, body.range, edits)}`, plan };
  }
  // A loop body without braces gets its own block on its own line.
  const from = lineIndent(sourceCode, body);
  const inner = applyEdits(sourceCode.text, body.range, edits)
    .split('\n')
    .map((line, index) => (index === 0 ? line : line.startsWith(from) ? indent + unit + line.slice(from.length) : line))
    .join('\n');
  return { text: `async (${params}) => {\n${indent}${unit}${inner}\n${indent}}`, plan };
}

/**
 * `(item) => fetchItem(item)` for a body that is only `await fetchItem(item)`
 * (or only collects it): the shortest faithful callback.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} body
 * @param {any[]} statements
 * @param {string} params
 * @param {ResultPlan} plan
 */
function conciseCallback(sourceCode, body, statements, params, plan) {
  if (statements.length !== 1 || statements[0].type !== 'ExpressionStatement') return null;
  if (sourceCode.getCommentsInside(body).length > 0) return null;
  const expression = statements[0].expression;
  let awaited = null;
  if (plan.kind === 'none') awaited = expression;
  else if (plan.kind === 'push') awaited = plan.collector.value;
  if (awaited?.type !== 'AwaitExpression') return null;
  const operand = awaited.argument;
  // An operand with awaits of its own needs an async callback; an object literal needs parentheses.
  if (sourceCode.getTokens(operand).some((token) => token.value === 'await')) return null;
  if (unwrap(operand).type === 'ObjectExpression' || operand.type === 'SequenceExpression') return null;
  return `(${params}) => ${sourceCode.getText(operand)}`;
}

/**
 * `await x` returns as `x`: the callback's promise adopts it either way.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} value
 */
function returnedValue(sourceCode, value) {
  if (value.type === 'AwaitExpression' && value.argument.type !== 'SequenceExpression') return sourceCode.getText(value.argument);
  return sourceCode.getText(value);
}

/**
 * The text of `range` with non-overlapping edits applied.
 * @param {string} text
 * @param {[number, number]} range
 * @param {Array<{ range: [number, number], text: string }>} edits
 */
function applyEdits(text, range, edits) {
  let result = '';
  let cursor = range[0];
  for (const edit of [...edits].sort((a, b) => a.range[0] - b.range[0])) {
    result += text.slice(cursor, edit.range[0]) + edit.text;
    cursor = edit.range[1];
  }
  return result + text.slice(cursor, range[1]);
}
