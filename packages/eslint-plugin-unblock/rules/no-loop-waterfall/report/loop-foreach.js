/**
 * Rewrites `items.forEach(async (item) => { … });` into
 * `await Promise.all(items.map(async (item) => { … }));`: the callbacks
 * start exactly as before (together, in order); the difference is that the
 * function now waits for them and sees their errors.
 */
import { lineIndent, indentUnit, hasMultilineTemplate } from '../../rewrite/source-layout.js';
import { freshName, isShadowedGlobal } from '../../rewrite/loop-names.js';
import { isStableReference } from '../loop-shapes.js';
import { statementEnd } from './loop-style.js';
import { isFunctionNode } from '../../language/syntax/ast.js';

/**
 * @typedef {import('../../language/syntax/ast.js').Node} Node
 */

/** Expressions that can receive `.map` without parentheses. */
const TIGHT = new Set(['Identifier', 'MemberExpression', 'CallExpression', 'ThisExpression', 'ArrayExpression']);

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {import('../loop-shapes.js').LoopShape} shape a forEach shape
 * @param {{ knownArray: boolean, maxConcurrency: number | null }} options
 * @returns {{ unbounded: import('./loop-to-map.js').TextEdit | null, bounded: import('./loop-to-map.js').TextEdit | null }}
 */
export function forEachRewrites(sourceCode, shape, { knownArray, maxConcurrency }) {
  const none = { unbounded: null, bounded: null };
  const call = shape.loop;
  const callee = call.callee;
  if (call.optional || callee.optional || call.typeArguments || call.typeParameters) return none;
  if (!canAwaitAt(shape.statement) || isShadowedGlobal(sourceCode, shape.statement, 'Promise')) return none;
  // Comments between the receiver and the arguments would be lost.
  if (sourceCode.getCommentsInside(callee).some((comment) => (/** @type {import('../../language/syntax/ast.js').Range} */ (comment.range))[0] >= callee.object.range[1])) return none;

  const receiver = sourceCode.getText(callee.object);
  const receiverText = TIGHT.has(callee.object.type) ? receiver : `(${receiver})`;
  const argumentsText = sourceCode.text.slice(callee.range[1], call.range[1]);
  const semi = sourceCode.getText(shape.statement).endsWith(';') ? ';' : '';
  const end = statementEnd(semi, sourceCode.getTokenAfter(shape.statement));
  const unbounded = { range: shape.statement.range, text: `await Promise.all(${receiverText}.map${argumentsText})${end}` };

  let bounded = null;
  const statementList = ['BlockStatement', 'Program', 'StaticBlock', 'SwitchCase'].includes(shape.statement.parent?.type);
  if (maxConcurrency && knownArray && TIGHT.has(callee.object.type) && isStableReference(callee.object) && shape.callback.params.length <= 1 && statementList) {
    const start = freshName(sourceCode, shape.statement, ['start', 'offset', 'from']);
    if (start !== null) {
      const indent = lineIndent(sourceCode, shape.statement);
      const unit = indentUnit(sourceCode, shape.statement);
      const shifted = hasMultilineTemplate(sourceCode, call)
        ? argumentsText
        : argumentsText.split('\n').map((line, i) => (i === 0 || line === '' ? line : unit + line)).join('\n');
      bounded = {
        range: shape.statement.range,
        text: [
          `for (let ${start} = 0; ${start} < ${receiver}.length; ${start} += ${maxConcurrency}) {`,
          `${unit}await Promise.all(${receiverText}.slice(${start}, ${start} + ${maxConcurrency}).map${shifted})${semi}`,
          '}',
        ].join(`\n${indent}`),
      };
    }
  }
  return { unbounded, bounded };
}

/**
 * `await` is allowed where the statement stands: in an async function, or
 * at the top level of a module (not in a static block or field initialiser).
 * @param {Node} statement
 */
function canAwaitAt(statement) {
  for (let node = statement.parent; node; node = node.parent) {
    if (isFunctionNode(node)) return Boolean(node.async);
    if (node.type === 'StaticBlock' || node.type === 'PropertyDefinition') return false;
    if (node.type === 'Program') return node.sourceType === 'module';
  }
  return false;
}
