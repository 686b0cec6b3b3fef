/**
 * Where the loop around an awaited line starts. The loop rule reports on the loop's head, not on
 * the await inside it, so a loop target (given by its await lines) is found by a report on the
 * head of the innermost loop around them.
 */
import tsParser from '@typescript-eslint/parser';

const LOOPS = new Set(['ForStatement', 'ForOfStatement', 'ForInStatement', 'WhileStatement', 'DoWhileStatement']);
/** Array methods whose callback is a loop body, as the loop rule reads them. */
const LOOP_METHODS = new Set(['forEach', 'map']);

/**
 * @param {string} source
 * @param {number} line  a line inside the loop's body
 * @returns {number | null} the first line of the innermost loop around it, or null when none is
 */
export function enclosingLoopStart(source, line) {
  // The TypeScript parser reads both languages, and JSX is off: the probe's backends have none.
  const { ast } = tsParser.parseForESLint(source, { ecmaVersion: 'latest', sourceType: 'module', range: true, loc: true });
  /** @type {number | null} */
  let innermost = null;
  visit(ast, (node) => {
    if (!isLoop(node) || node.loc.start.line >= line || node.loc.end.line < line) return;
    if (innermost === null || node.loc.start.line > innermost) innermost = node.loc.start.line;
  });
  return innermost;
}

/**
 * @param {any} node
 */
function isLoop(node) {
  if (LOOPS.has(node.type)) return true;
  return node.type === 'CallExpression' && node.callee?.type === 'MemberExpression' &&
    LOOP_METHODS.has(node.callee.property?.name);
}

/**
 * @param {any} node
 * @param {(node: any) => void} onNode
 */
function visit(node, onNode) {
  if (!node || typeof node.type !== 'string') return;
  onNode(node);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'parent' || key === 'loc' || key === 'range') continue;
    if (Array.isArray(value)) for (const child of value) visit(child, onNode);
    else if (value && typeof value === 'object') visit(value, onNode);
  }
}
