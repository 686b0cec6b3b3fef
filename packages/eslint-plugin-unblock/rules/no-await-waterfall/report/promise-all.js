/**
 * Rewrites a waterfall group into one `Promise.all`. Returns null whenever the
 * rewrite could change more than timing: mixed declaration kinds, a comment
 * it would drop, an await wrapped in a TypeScript assertion in an assignment
 * or an `export`. Declared types the tuple annotation cannot carry are kept by
 * the results-first form (typed-results.js).
 */
import { lineIndent, indentUnit, reindent, hasMultilineTemplate } from '../../rewrite/source-layout.js';
import { gatherStatements, replaceGathered } from './gathered-statements.js';
import { needsOwnStatement, createResultNamer, ownStatementText, keptRanges } from './typed-results.js';
import { needsContextType, contextTypeText, withContextType } from '../context-types.js';

/**
 * @typedef {import('../../language/syntax/ast.js').Node} Node
 */

const MAX_LINE = 80;

/**
 * @typedef {import('../operations.js').AwaitedOperation} AwaitedOperation
 * @typedef {{ range: [number, number], text: string }} TextEdit
 */

/**
 * The text of a declarator's binding pattern and of its type annotation.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} target
 */
function splitAnnotation(sourceCode, target) {
  const annotation = target.typeAnnotation;
  if (!annotation) return { pattern: sourceCode.getText(target), patternRange: target.range, type: null, typeRange: null };
  const patternEnd = annotation.range[0];
  const pattern = sourceCode.text.slice(target.range[0], patternEnd).trimEnd();
  const typeNode = annotation.typeAnnotation;
  return { pattern, patternRange: [target.range[0], patternEnd], type: sourceCode.getText(typeNode), typeRange: typeNode.range };
}

/**
 * @typedef {ReturnType<typeof memberPart>} MemberPart
 */

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {AwaitedOperation[]} members
 * @param {boolean} [typescript] the file is TypeScript: a declared type may steer a call's inference
 * @returns {TextEdit | null}
 */
export function promiseAllStatementEdit(sourceCode, members, typescript = false) {
  const [first] = members;
  const sameShape = members.every(
    (member) => member.form === first.form && member.declarationKind === first.declarationKind && member.exported === first.exported,
  );
  if (!sameShape || members.some((member) => member.target.definite)) return null;

  const parts = members.map((member) => memberPart(sourceCode, member, typescript));
  // An assignment to a property or to a variable declared without a type: its expected type cannot be written here.
  if (parts.some((part) => part.unnamedContext)) return null;
  const typed = parts.filter((part) => part.type !== null).length;
  // A wrapped await or a mix of typed and untyped members: each such member
  // keeps its own statement, fed from a named result (see typed-results.js).
  const resultsFirst = members.some((member) => member.wrapped) || (typed !== 0 && typed !== parts.length);
  if (resultsFirst && (first.form !== 'declaration' || first.exported)) return null;
  const indent = lineIndent(sourceCode, first.statement);
  if (resultsFirst) giveOwnStatements(sourceCode, parts, indent);

  const gathered = gatherStatements(sourceCode, parts.map((part) => ({ statement: part.member.statement, kept: keptRangesOf(part) })));
  if (!gathered) return null;
  const annotation = !resultsFirst && typed > 0 ? `: [${parts.map((part) => part.type).join(', ')}]` : '';
  const head = statementHead(sourceCode, first, parts.map((part) => part.pattern).join(', '), annotation);
  const elements = parts.map((part, index) => ({ comments: gathered.comments[index], operand: part.operand, member: part.member }));
  let statementText = promiseAllText(sourceCode, members, head, elements, indent);
  // Code written on one line keeps the own statements on it too.
  const separator = writtenOnOneLine(members) ? ' ' : `\n${indent}`;
  for (const part of parts) if (part.ownStatement !== null) statementText += `${separator}${part.ownStatement}`;
  return replaceGathered(sourceCode, first.statement.range[0], statementText, gathered);
}

/**
 * What the rewrite takes from one member: its binding pattern (and declared type) and its operand.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {AwaitedOperation} member
 * @param {boolean} typescript
 */
function memberPart(sourceCode, member, typescript) {
  const split = member.form === 'declaration'
    ? splitAnnotation(sourceCode, member.target)
    : { pattern: sourceCode.getText(member.target), patternRange: member.target.range, type: null, typeRange: null };
  // A call whose type arguments came from the declared type keeps that expectation in the Promise.all.
  const expected = needsContextType(sourceCode, member, typescript) ? contextTypeText(sourceCode, member) : undefined;
  const operandText = sourceCode.getText(member.awaitNode.argument);
  const operand = typeof expected === 'string' ? withContextType(operandText, expected) : operandText;
  return { member, ...split, operand, unnamedContext: expected === null, ownStatement: /** @type {string | null} */ (null) };
}

/**
 * Results first: each member that needs it keeps its own statement after the
 * Promise.all, and the name of its result takes its place in the pattern.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {MemberPart[]} parts
 * @param {string} indent
 */
function giveOwnStatements(sourceCode, parts, indent) {
  const nameResult = createResultNamer(sourceCode);
  for (const part of parts) {
    if (!needsOwnStatement(part.member, part.type !== null)) continue;
    const name = nameResult(part.member.statement.type === 'ExportNamedDeclaration' ? part.member.statement.declaration.declarations[0] : part.member.statement.declarations[0]);
    part.ownStatement = ownStatementText(sourceCode, part.member, name, indent);
    Object.assign(part, { pattern: name, patternRange: null, type: null, typeRange: null });
  }
}

/**
 * The ranges of a member's statement that the rewrite keeps: a comment anywhere else would be lost.
 * @param {MemberPart} part
 * @returns {Array<[number, number]>}
 */
function keptRangesOf(part) {
  const kept = part.ownStatement !== null ? keptRanges(part.member) : [part.patternRange, part.member.awaitNode.argument.range];
  if (part.typeRange) kept.push(part.typeRange);
  return kept;
}

/**
 * Everything before the operands: `const [a, b]: [A, B] = await Promise.all(`.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {AwaitedOperation} first
 * @param {string} patterns
 * @param {string} annotation
 */
function statementHead(sourceCode, first, patterns, annotation) {
  return first.form === 'declaration'
    ? `${first.exported ? 'export ' : ''}${first.declarationKind} [${patterns}]${annotation} = await Promise.all(`
    : `${needsAsiGuard(sourceCode, first.statement) ? ';' : ''}[${patterns}] = await Promise.all(`;
}

/**
 * The Promise.all statement, on one line or with one operand (and its comments) per line.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {AwaitedOperation[]} members
 * @param {string} head
 * @param {Array<{ comments: string[], operand: string, member: AwaitedOperation }>} elements
 * @param {string} indent
 */
function promiseAllText(sourceCode, members, head, elements, indent) {
  const { statement } = members[0];
  // Keep the file's semicolon style.
  const closing = (/** @type {import('../../language/syntax/ast.js').Token} */ (sourceCode.getLastToken(statement))).value === ';' ? ');' : ')';
  const singleLine = `${head}[${elements.map((element) => element.operand).join(', ')}]${closing}`;
  // Code written on one line stays on one line; otherwise wrap past MAX_LINE.
  const fitsOnOneLine =
    elements.every((element) => element.comments.length === 0) &&
    !singleLine.includes('\n') &&
    (writtenOnOneLine(members) || indent.length + singleLine.length <= MAX_LINE);
  if (fitsOnOneLine) return singleLine;
  const inner = indent + indentUnit(sourceCode, statement);
  const lines = elements.flatMap((element) => [
    ...element.comments.map((comment) => `${inner}${comment}`),
    `${inner}${reindent(element.operand, lineIndent(sourceCode, element.member.statement), inner, hasMultilineTemplate(sourceCode, element.member.awaitNode.argument))},`,
  ]);
  return `${head}[\n${lines.join('\n')}\n${indent}]${closing}`;
}

/** @param {AwaitedOperation[]} members */
function writtenOnOneLine(members) {
  return members[0].statement.loc.start.line === members[members.length - 1].statement.loc.end.line;
}

/**
 * A statement starting with `[` glues onto the previous line when that line
 * has no semicolon (`foo()\n[a, b] = …` reads as `foo()[a, b]`).
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} statement
 */
function needsAsiGuard(sourceCode, statement) {
  const previous = sourceCode.getTokenBefore(statement);
  if (!previous || previous.value === ';' || previous.value === '{') return false;
  return previous.value !== '}' || !closesStatement(sourceCode, previous);
}

/** Nodes whose `}` ends a statement or declaration, not an expression. */
const STATEMENT_BODIES = new Set(['BlockStatement', 'StaticBlock', 'SwitchStatement', 'TSModuleBlock', 'TSInterfaceBody', 'TSEnumDeclaration', 'TSEnumBody']);

/**
 * Whether a `}` closes a statement (`if (x) {}`, a function declaration) rather
 * than an expression (`const o = {}`, `const f = () => {}`), after which `[` would index it.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} brace
 */
function closesStatement(sourceCode, brace) {
  const node = /** @type {any} */ (sourceCode.getNodeByRangeIndex(brace.range[0]));
  if (node?.type === 'ClassBody') return node.parent.type === 'ClassDeclaration';
  return Boolean(node) && STATEMENT_BODIES.has(node.type) && !['FunctionExpression', 'ArrowFunctionExpression'].includes(node.parent?.type);
}

/** Parents in which `await Promise.all([...])` needs no parentheses. */
const LOOSE_PARENTS = new Set([
  'VariableDeclarator', 'AssignmentExpression', 'ReturnStatement', 'ArrowFunctionExpression',
  'ArrayExpression', 'CallExpression', 'NewExpression', 'Property', 'SpreadElement',
  'ExpressionStatement', 'ConditionalExpression', 'SequenceExpression', 'TemplateLiteral',
  'AwaitExpression', 'YieldExpression',
]);

/**
 * Rewrites a run of adjacent awaited array elements or call arguments:
 * `[await a(), await b()]` → `await Promise.all([a(), b()])`,
 * `f(x, await a(), await b())` → `f(x, ...await Promise.all([a(), b()]))`.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} container ArrayExpression, CallExpression or NewExpression
 * @param {any[]} awaits the AwaitExpressions, adjacent slots in order
 * @param {(node: any) => boolean} isParenthesized
 * @returns {TextEdit | null}
 */
export function promiseAllExpressionEdit(sourceCode, container, awaits, isParenthesized) {
  if (container.type === 'ObjectExpression') return null;
  if (awaits.some((node) => isParenthesized(node))) return null;
  const firstNode = awaits[0];
  const lastNode = awaits[awaits.length - 1];
  /** @type {{ range: [number, number] }} */
  const span = { range: [firstNode.range[0], lastNode.range[1]] };
  const kept = awaits.map((node) => node.argument.range);
  const dropped = sourceCode
    .getAllComments()
    .filter((comment) => (/** @type {import('../../language/syntax/ast.js').Range} */ (comment.range))[0] >= span.range[0] && (/** @type {import('../../language/syntax/ast.js').Range} */ (comment.range))[1] <= span.range[1])
    .filter((comment) => !kept.some(([start, end]) => (/** @type {import('../../language/syntax/ast.js').Range} */ (comment.range))[0] >= start && (/** @type {import('../../language/syntax/ast.js').Range} */ (comment.range))[1] <= end));
  if (dropped.length > 0) return null;
  const all = `await Promise.all([${awaits.map((node) => sourceCode.getText(node.argument)).join(', ')}])`;
  const slots = container.type === 'ArrayExpression' ? container.elements : container.arguments;
  if (container.type === 'ArrayExpression' && slots.length === awaits.length) {
    const parent = container.parent;
    const loose = LOOSE_PARENTS.has(parent.type) && !(parent.type === 'CallExpression' && parent.callee === container);
    return { range: container.range, text: loose ? all : `(${all})` };
  }
  return { range: span.range, text: `...${all}` };
}
