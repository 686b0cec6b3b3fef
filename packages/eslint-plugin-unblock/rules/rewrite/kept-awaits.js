/**
 * The check every waterfall rewrite passes before it is offered: each call
 * the original code awaits is still awaited in the result — directly, or
 * through an awaited `Promise.all`/`allSettled` (its list, or the callbacks
 * it maps), a promise started early and awaited later, or a callback handed
 * to an awaited helper (`pMap`, `limit`). A rewrite that drops one (it took
 * `await settings.set(k, v)` for a Map's `set`) runs the call unawaited:
 * its error is lost and the code after it no longer waits. Such a rewrite
 * is not offered.
 *
 * Both versions of the function body around the edits are parsed (oxc-parser, which the project
 * index reads other files with: a tenth of a millisecond per body) inside a class method like the
 * one they come from, and their awaited calls counted by text; any doubt — a body that does not
 * parse, no parser on this platform — answers no.
 */
import { isFunctionNode } from '../language/syntax/ast.js';
import { parseWithOxc, foreignVisitorKeys } from '../project/modules/module-cache.js';
import { linkParents, isAwaitOperand, isAwaited } from './awaited-flow.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 */

/** @typedef {{ range: [number, number], text: string }} TextEdit */

/**
 * @typedef {object} Region  the code the check parses
 * @property {[number, number]} range  inside the braces of the innermost function body holding every edit, or the whole file
 * @property {{ generator: boolean } | null} method  how to wrap a body so that it parses alone; null for the whole file
 */

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {TextEdit[]} edits the rewrite's edits in this file (imports added at the top are outside any body and ignored)
 * @param {boolean} typescript the file is TypeScript
 * @returns {boolean}
 */
export function keepsEveryAwait(sourceCode, edits, typescript) {
  if (edits.length === 0) return true;
  const region = regionOf(sourceCode, edits);
  const [start, end] = region.range;
  const inside = edits.filter((edit) => edit.range[0] >= start && edit.range[1] <= end);
  const before = sourceCode.text.slice(start, end);
  let after = before;
  for (const edit of [...inside].sort((a, b) => b.range[0] - a.range[0])) {
    after = after.slice(0, edit.range[0] - start) + edit.text + after.slice(edit.range[1] - start);
  }
  // A pure function of the two texts: in an editor, linting again after an edit elsewhere asks the same
  // question of every function the edit did not touch, and gets the answer without parsing twice again.
  const wrap = region.method ? (region.method.generator ? 'g' : 'm') : 'f';
  const key = `${typescript ? 'ts' : 'js'}${wrap}\0${before}\0${after}`;
  let kept = answers.get(key);
  if (kept === undefined) {
    kept = compareAwaitedCalls(before, after, typescript, region.method);
    if (answers.size >= MAX_ANSWERS) answers.clear();
    answers.set(key, kept);
  }
  return kept;
}

/** Answers by the texts compared; bounded, so a long session does not grow it without end. */
const MAX_ANSWERS = 2000;
/** @type {Map<string, boolean>} */
const answers = new Map();

/**
 * @param {string} before
 * @param {string} after
 * @param {boolean} typescript
 * @param {Region['method']} method
 */
function compareAwaitedCalls(before, after, typescript, method) {
  // TypeScript with JSX needs the .tsx grammar, which reads `<T>(x) => …` otherwise: the original decides.
  const languages = typescript ? ['ts', 'tsx'] : ['jsx'];
  for (const language of languages) {
    const original = awaitedCalls(before, language, method, true);
    if (!original) continue;
    const result = awaitedCalls(after, language, method, false);
    if (!result) return false;
    for (const [key, count] of original) {
      if ((result.get(key) ?? 0) < count) return false;
    }
    return true;
  }
  // An original that does not parse answers no: the result is not worth parsing.
  return false;
}

/**
 * The text the parser reads: a function body becomes the body of a method in a class that declares
 * the private names it uses (`this.#repo`), as in the class it was cut from; `super.x` and `this` read
 * as they do there. The body starts on a line of its own; offsets are into this text.
 * @param {string} text
 * @param {Region['method']} method
 */
function parsedText(text, method) {
  if (!method) return text;
  const privateNames = new Set(Array.from(text.matchAll(/#([\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*)/gu), (match) => match[1]));
  const fields = Array.from(privateNames, (name) => `#${name};`).join(' ');
  return `(class { ${fields} async ${method.generator ? '*' : ''}body() {\n${text}\n} });`;
}

/**
 * The innermost function body holding every edit, or the whole file.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {TextEdit[]} edits
 * @returns {Region}
 */
function regionOf(sourceCode, edits) {
  const inBody = edits.filter((edit) => edit.text.length > 0 || edit.range[1] > edit.range[0]);
  const first = inBody.reduce((a, b) => (a.range[0] <= b.range[0] ? a : b));
  for (let node = /** @type {any} */ (sourceCode.getNodeByRangeIndex(first.range[0])); node; node = node.parent) {
    if (!isFunctionNode(node) || node.body?.type !== 'BlockStatement') continue;
    const [start, end] = [node.body.range[0] + 1, node.body.range[1] - 1];
    // Edits outside (an import at the top of the file) are not the body's business; the rewrite's own must all fit.
    if (inBody.every((edit) => (edit.range[0] >= start && edit.range[1] <= end) || isTopLevelInsertion(sourceCode, edit))) {
      return { range: [start, end], method: { generator: Boolean(node.generator) } };
    }
  }
  return { range: [0, sourceCode.text.length], method: null };
}
/**
 * An edit before the first statement that is not part of it: an added import.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {TextEdit} edit
 */
function isTopLevelInsertion(sourceCode, edit) {
  const program = /** @type {any} */ (sourceCode.ast);
  return program.body.some((/** @type {any} */ statement) => (statement.type === 'ImportDeclaration' || isRequireDeclaration(statement)) && edit.range[0] >= statement.range[0] && edit.range[0] <= statement.range[1] + 1)
    || edit.range[1] <= (program.body[0]?.range[0] ?? 0);
}

/** @param {Node} statement */
function isRequireDeclaration(statement) {
  return statement.type === 'VariableDeclaration' && statement.declarations.some((/** @type {any} */ d) => d.init?.type === 'CallExpression' && d.init.callee.type === 'Identifier' && d.init.callee.name === 'require');
}

/** @type {Map<string, Map<string, number> | null>} the awaited calls of each original body checked, by its text (bounded as `answers`) */
const originals = new Map();

/**
 * Awaited calls of a piece of code, counted by their text (spaces dropped). The original's are
 * counted once per body: the rewrites of several groups or loops in one function (and a loop's
 * unbounded and bounded rewrites) are all checked against it.
 * @param {string} text a function body's statements, or a module
 * @param {string} language the grammar: `jsx`, `ts` or `tsx`
 * @param {Region['method']} method how a body is wrapped to parse alone; null for a module
 * @param {boolean} operandsOnly count only operands of `await` (what the original must keep), not promises otherwise waited for
 * @returns {Map<string, number> | null} null when the text does not parse
 */
function awaitedCalls(text, language, method, operandsOnly) {
  if (!operandsOnly) return countAwaitedCalls(text, language, method, false);
  const key = `${language}${method ? (method.generator ? 'g' : 'm') : 'f'}\0${text}`;
  if (!originals.has(key)) {
    if (originals.size >= MAX_ANSWERS) originals.clear();
    originals.set(key, countAwaitedCalls(text, language, method, true));
  }
  return originals.get(key) ?? null;
}

/**
 * @param {string} text
 * @param {string} language
 * @param {Region['method']} method
 * @param {boolean} operandsOnly
 * @returns {Map<string, number> | null}
 */
function countAwaitedCalls(text, language, method, operandsOnly) {
  const source = parsedText(text, method);
  // Semantic errors too: a name declared twice is as broken a rewrite as a missing parenthesis.
  const parsed = parseWithOxc(`body.${language}`, source, { showSemanticErrors: true });
  if (!parsed || parsed.errors.some((/** @type {any} */ error) => error.severity === 'Error')) return null;
  // The method a body was wrapped in stands for the function it came from: its awaits and returns are
  // the ones whoever calls that function waits for, as at the top of a module.
  if (method) parsed.program.body[0].expression.body.body.at(-1).value.isRegionRoot = true;
  /** @type {any[]} */
  const calls = [];
  /** @type {any[]} */
  const identifiers = [];
  linkParents(parsed.program, null, (node) => {
    if (node.type === 'CallExpression') calls.push(node);
    else if (node.type === 'Identifier') identifiers.push(node);
  }, foreignVisitorKeys());
  const flow = { identifiers, seen: new Set() };
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const call of calls) {
    if ((operandsOnly && !isAwaitOperand(call)) || !isAwaited(call, flow)) continue;
    const key = source.slice(call.start, call.end).replace(/\s+/g, '');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
