/**
 * Turns one loop iteration into the callback of a `.map`: the body keeps
 * its text and indentation, `continue` becomes `return`, and the single
 * collecting statement at the end becomes the callback's return value.
 */
import { unwrap } from '../../language/syntax/ast.js';
import { lineIndent, commentsOutside } from '../../rewrite/source-layout.js';
import { statementEnd } from './loop-style.js';

/**
 * @typedef {import('../../language/syntax/ast.js').Node} Node
 */

/**
 * @typedef {import('../loop-collectors.js').Collector} Collector
 *
 * How results leave the callback:
 *  - none: nothing is collected;
 *  - push / entries: one collecting statement, last in the body, becomes the return value;
 *  - gathered: every collecting site writes to a fresh array of the iteration
 *    (conditional pushes, several of them, `continue`), which the callback
 *    returns; the arrays are flattened in order afterwards.
 * @typedef {{ kind: 'none' }
 *   | { kind: 'push' | 'entries', collector: Collector }
 *   | { kind: 'gathered', collector: Collector, sites: Collector[], local: string }} ResultPlan
 *
 * @typedef {object} CallbackText
 * @property {string} text   `async (item) => { … }` or a concise `(item) => call(item)`
 * @property {ResultPlan} plan how results leave the callback
 */

/**
 * How the loop's results are collected, or null when they go to several collections.
 * @param {any} body
 * @param {Collector[]} collectors
 * @param {any[]} continues
 * @param {(collection: string) => string | null} localName a fresh name for the iteration's own array
 * @returns {ResultPlan | null}
 */
export function resultPlan(body, collectors, continues, localName) {
  if (collectors.length === 0) return { kind: 'none' };
  const [collector] = collectors;
  if (collectors.some((site) => site.variable !== collector.variable || site.kind !== collector.kind)) return null;
  const statement = collector.node.parent;
  const last = body.type === 'BlockStatement' ? body.body[body.body.length - 1] : body;
  const simple = collectors.length === 1 && continues.length === 0 && collector.value !== null &&
    statement?.type === 'ExpressionStatement' && statement.expression === collector.node && statement === last;
  if (simple) return { kind: collector.kind === 'push' ? 'push' : 'entries', collector };
  const local = localName(collector.target.name);
  return local === null ? null : { kind: 'gathered', collector, sites: collectors, local };
}

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {{ body: any, params: string, continues: any[], plan: ResultPlan, indent: string, unit: string, isTypeScript: boolean, semi: string }} input
 * @returns {CallbackText | null}
 */
export function callbackText(sourceCode, { body, params, continues, plan, indent, unit, isTypeScript, semi }) {
  const statements = body.type === 'BlockStatement' ? body.body : [body];
  const concise = conciseCallback(sourceCode, body, statements, params, plan);
  if (concise !== null) return { text: concise, plan };

  const pair = (/** @type {Collector} */ site) =>
    `[${sourceCode.getText(site.key)}, ${sourceCode.getText(site.value)}]${isTypeScript ? ' as const' : ''}`;
  const skipped = plan.kind === 'gathered' ? `return ${plan.local};` : 'return;';
  /** @type {Array<{ range: [number, number], text: string }>} */
  const edits = continues.map((node) => ({
    range: node.range,
    text: sourceCode.getText(node).trimEnd().endsWith(';') ? skipped : skipped.slice(0, -1),
  }));
  if (plan.kind === 'push' || plan.kind === 'entries') {
    const { collector } = plan;
    const statement = collector.node.parent;
    const kept = [collector.value.range, ...(collector.key ? [collector.key.range] : [])];
    if (commentsOutside(sourceCode, statement, kept).length > 0) return null;
    const returned = plan.kind === 'push' ? returnedValue(sourceCode, collector.value) : pair(collector);
    edits.push({ range: statement.range, text: `return ${returned}${sourceCode.getText(statement).endsWith(';') ? ';' : ''}` });
  } else if (plan.kind === 'gathered') {
    for (const site of plan.sites) {
      if (site.kind === 'push') {
        edits.push({ range: site.target.range, text: plan.local });
        continue;
      }
      if (commentsOutside(sourceCode, site.node, [site.key.range, site.value.range]).length > 0) return null;
      edits.push({ range: site.node.range, text: `${plan.local}.push(${pair(site)})` });
    }
  }

  const bodyIndent = indent + unit;
  if (body.type === 'BlockStatement') {
    const [start, end] = body.range;
    let inner = applyEdits(sourceCode.text, [start + 1, end - 1], edits);
    if (plan.kind === 'gathered') {
      const trailing = (/** @type {RegExpExecArray} */ (/\s*$/.exec(inner)))[0]; // `\s*$` matches any text
      const first = statementEnd(semi, sourceCode.getFirstToken(body.body[0]));
      inner = `\n${bodyIndent}const ${plan.local} = []${first}${inner.slice(0, inner.length - trailing.length)}\n${bodyIndent}return ${plan.local}${semi}${trailing}`;
    }
    return { text: `async (${params}) => {${inner}}`, plan };
  }
  // A loop body without braces gets its own block on its own line.
  const from = lineIndent(sourceCode, body);
  const lines = applyEdits(sourceCode.text, body.range, edits)
    .split('\n')
    .map((line, index) => (index === 0 ? line : line.startsWith(from) ? bodyIndent + line.slice(from.length) : line))
    .join('\n');
  const wrapped = plan.kind === 'gathered'
    ? [`const ${plan.local} = []${statementEnd(semi, sourceCode.getFirstToken(body))}`, lines, `return ${plan.local}${semi}`]
    : [lines];
  return { text: `async (${params}) => {\n${wrapped.map((line) => bodyIndent + line).join('\n')}\n${indent}}`, plan };
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
