/**
 * Rewrites a loop whose iterations are independent into
 *   await Promise.all(items.map(async (item) => { … }))
 * keeping the order of results and the variable names, and, when a
 * concurrency limit is configured, into a chunked loop that runs at most
 * that many iterations at a time — or, when the project depends on p-map or
 * p-limit, into a call of that (loop-limited.js). Returns null for anything it cannot
 * rewrite faithfully (comments it would drop, several collecting statements,
 * a shadowed `Promise`).
 */
import { lineIndent, indentUnit, hasMultilineTemplate, commentsOutside } from '../../rewrite/source-layout.js';
import { callbackText, resultPlan } from './loop-callback.js';
import { freshName, isShadowedGlobal } from '../../rewrite/loop-names.js';
import { semicolonStyle, statementEnd } from './loop-style.js';
import { isStatementListParent, isStableReference } from '../loop-shapes.js';
import { unwrap } from '../../language/syntax/ast.js';
import { limitedAll } from './loop-limited.js';

/**
 * @typedef {import('../../language/syntax/ast.js').Node} Node
 */

/**
 * @typedef {{ range: [number, number], text: string }} TextEdit
 * @typedef {TextEdit & { helper: string, limit: number, imports: import('./loop-limited.js').LimitedHelper['imports'] }} LimitedEdit
 *
 * @typedef {object} RewriteOptions
 * @property {boolean} knownArray   the iterated value is certainly a dense array (`.map`/`.slice` exist)
 * @property {boolean} isTypeScript the file may contain TypeScript syntax
 * @property {number | null} maxConcurrency
 * @property {import('./loop-limited.js').LimitedHelper | null} [limited] a helper the bounded rewrite calls instead of chunking
 */

/** Expressions that can receive `.map` without parentheses. */
const TIGHT = new Set(['Identifier', 'MemberExpression', 'CallExpression', 'ThisExpression', 'ArrayExpression']);

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {import('../loop-shapes.js').LoopShape} shape a for-of, for-in or indexed loop
 * @param {import('../loop-iterations.js').IterationFacts} facts
 * @param {RewriteOptions} options
 * @returns {{ unbounded: TextEdit | null, bounded: TextEdit | LimitedEdit | null }}
 */
export function loopRewrites(sourceCode, shape, facts, options) {
  const none = { unbounded: null, bounded: null };
  const { statement, body, source } = shape;
  const usesArrayFrom = shape.kind !== 'for-in' && !options.knownArray;
  if (isShadowedGlobal(sourceCode, statement, 'Promise')) return none;
  if (usesArrayFrom && isShadowedGlobal(sourceCode, statement, 'Array')) return none;
  if (shape.kind === 'for-in' && isShadowedGlobal(sourceCode, statement, 'Object')) return none;

  // Comments in the loop head would be lost.
  const kept = [body.range, source.range, ...(shape.pattern ? [shape.pattern.range] : [])];
  if (commentsOutside(sourceCode, statement, kept).length > 0) return none;

  const plan = resultPlan(body, facts.collectors, facts.continues, (collection) =>
    freshName(sourceCode, statement, [`item${capitalise(collection)}`, `${collection}OfItem`]));
  if (plan === null) return none;

  const indent = lineIndent(sourceCode, statement);
  const firstInner = body.type === 'BlockStatement' ? body.body[0] : null;
  const unit = firstInner ? indentUnit(sourceCode, firstInner) : indentUnit(sourceCode, statement);
  let params = shape.pattern ? sourceCode.getText(shape.pattern) : '';
  if (shape.kind === 'indexed') {
    const placeholder = freshName(sourceCode, statement, ['_', '_item', '_element']);
    if (placeholder === null) return none;
    params = `${placeholder}, ${shape.index.name}`;
  }
  const semi = semicolonStyle(sourceCode, statement);
  const callback = callbackText(sourceCode, {
    body, params, continues: facts.continues, plan, indent, unit, isTypeScript: options.isTypeScript, semi,
  });
  if (callback === null) return none;

  const sourceText = sourceCode.getText(source);
  const receiverText = TIGHT.has(source.type) ? sourceText : `(${sourceText})`;
  const listText = shape.kind === 'for-in'
    ? `Object.keys(${sourceText})`
    : options.knownArray ? receiverText : null;
  const argumentText = source.type === 'SequenceExpression' ? `(${sourceText})` : sourceText;
  const mapWith = (/** @type {string} */ fn) => (listText !== null ? `${listText}.map(${fn})` : `Array.from(${argumentText}, ${fn})`);

  const inList = isStatementListParent(statement.parent);
  // The generated statement ends where the loop did: mind what follows it.
  const end = statementEnd(semi, sourceCode.getTokenAfter(statement));
  const layout = { indent, inList, semi, end };
  const unbounded = unboundedEdit(sourceCode, shape, plan, `await Promise.all(${mapWith(callback.text)})`, layout);
  // p-map walks its input as for…of does and passes each index: an indexed loop over anything but a known
  // dense array walks a copy, which has every index from 0 to length - 1 as the loop had.
  const iterable = shape.kind === 'for-in' ? `Object.keys(${sourceText})`
    : shape.kind === 'indexed' && !options.knownArray ? `Array.from(${argumentText})` : argumentText;
  const limited = options.limited
    ? limitedEdit(sourceCode, shape, plan, options.limited, layout, { iterable, callback: callback.text, params, mapWith, inList })
    : null;
  const bounded = limited ?? (options.maxConcurrency && shape.kind !== 'indexed' && inList
    ? boundedEdit(sourceCode, shape, plan, callback.text, {
      indent, unit, semi, limit: options.maxConcurrency, knownArray: options.knownArray, hasTemplate: hasMultilineTemplate(sourceCode, body),
    })
    : null);
  return { unbounded, bounded };
}

/**
 * The bounded rewrite through p-map or p-limit: the unbounded form's shape, with the helper's call for Promise.all.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {import('../loop-shapes.js').LoopShape} shape
 * @param {import('./loop-callback.js').ResultPlan} plan
 * @param {import('./loop-limited.js').LimitedHelper} helper
 * @param {{ indent: string, inList: boolean, semi: string, end: string }} layout
 * @param {Parameters<typeof limitedAll>[3]} parts
 * @returns {LimitedEdit | null}
 */
function limitedEdit(sourceCode, shape, plan, helper, layout, parts) {
  const call = limitedAll(sourceCode, shape.statement, helper, parts);
  const edit = call && unboundedEdit(sourceCode, shape, plan, call.all, layout);
  if (!edit) return null;
  const text = call.setup ? `${call.setup}${layout.semi}\n${layout.indent}${edit.text}` : edit.text;
  return { range: edit.range, text, helper: helper.name, limit: helper.limit, imports: helper.imports };
}

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {import('../loop-shapes.js').LoopShape} shape
 * @param {import('./loop-callback.js').ResultPlan} plan
 * @param {string} all the awaited call that runs the iterations and gives their results in order
 * @param {{ indent: string, inList: boolean, semi: string, end: string }} layout inList: the loop sits in a statement
 *   list (a declaration may replace it); semi: the file's semicolon; end: the semicolon the last statement needs
 * @returns {TextEdit | null}
 */
function unboundedEdit(sourceCode, shape, plan, all, { indent, inList, semi, end }) {
  const { statement } = shape;
  if (plan.kind === 'none') return { range: statement.range, text: `${all}${end}` };
  const collection = plan.collector.target.name;
  // Gathered results come back as one array per iteration, flattened in order.
  const results = plan.kind === 'gathered' ? `(${all}).flat()` : all;
  if (plan.collector.kind === 'push') {
    const declaration = inList ? emptyArrayDeclarationBefore(sourceCode, statement, plan.collector.variable) : null;
    if (declaration) {
      const { kind, head } = declaration;
      return { range: [declaration.node.range[0], statement.range[1]], text: `${kind} ${head} = ${results}${end}` };
    }
    return { range: statement.range, text: `${collection}.push(...${plan.kind === 'gathered' ? results : `(${all})`})${end}` };
  }
  if (!inList) {
    // One statement only: the pairs are walked where they are made.
    const names = plan.kind === 'gathered' ? pairNames(sourceCode, statement, collection) : null;
    if (names === null) return null;
    return { range: statement.range, text: `for (const [${names.key}, ${names.value}] of ${results}) ${storeText(plan, collection, names.key, names.value)}${end}` };
  }
  const names = entryNames(sourceCode, statement, collection);
  if (names === null) return null;
  const { entries, key, value } = names;
  return {
    range: statement.range,
    text: `const ${entries} = ${results}${semi}\n${indent}for (const [${key}, ${value}] of ${entries}) ${storeText(plan, collection, key, value)}${end}`,
  };
}

/**
 * A chunked loop: slices of `limit` iterations run together, one slice after another.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {import('../loop-shapes.js').LoopShape} shape
 * @param {import('./loop-callback.js').ResultPlan} plan
 * @param {string} callback
 * @param {{ indent: string, unit: string, semi: string, limit: number, knownArray: boolean, hasTemplate: boolean }} layout
 * @returns {TextEdit | null}
 */
function boundedEdit(sourceCode, shape, plan, callback, { indent, unit, semi, limit, knownArray, hasTemplate }) {
  const { statement, source } = shape;
  const taken = new Set();
  /** @type {string[]} */
  const lines = [];
  let list = sourceCode.getText(source);
  // Slicing needs an array read once: anything else is copied into one first.
  if (shape.kind === 'for-in' || !knownArray || !isPlainReference(source)) {
    const base = unwrap(source).type === 'Identifier' ? `all${capitalise(unwrap(source).name)}` : 'allItems';
    const name = freshName(sourceCode, statement, [shape.kind === 'for-in' ? 'keys' : base, 'allItems'], taken);
    if (name === null) return null;
    taken.add(name);
    const init = shape.kind === 'for-in' ? `Object.keys(${list})` : knownArray ? list : `Array.from(${list})`;
    lines.push(`const ${name} = ${init}${semi}`);
    list = name;
  }
  const start = freshName(sourceCode, statement, ['start', 'offset', 'from'], taken);
  if (start === null) return null;
  taken.add(start);
  // The callback moves one level deeper; lines inside a multi-line template must not move.
  const shifted = hasTemplate ? callback : callback.split('\n').map((line, i) => (i === 0 || line === '' ? line : unit + line)).join('\n');
  const chunk = `await Promise.all(${list}.slice(${start}, ${start} + ${limit}).map(${shifted}))`;
  const results = plan.kind === 'gathered' ? `(${chunk}).flat()` : chunk;
  let inner;
  if (plan.kind === 'none') {
    inner = `${chunk}${semi}`;
  } else if (plan.collector.kind === 'push') {
    inner = `${plan.collector.target.name}.push(...${plan.kind === 'gathered' ? results : `(${chunk})`})${semi}`;
  } else {
    const collection = plan.collector.target.name;
    const names = pairNames(sourceCode, statement, collection, taken);
    if (names === null) return null;
    inner = `for (const [${names.key}, ${names.value}] of ${results}) ${storeText(plan, collection, names.key, names.value)}${semi}`;
  }
  lines.push(`for (let ${start} = 0; ${start} < ${list}.length; ${start} += ${limit}) {`, `${unit}${inner}`, '}');
  return { range: statement.range, text: lines.join(`\n${indent}`) };
}

/**
 * @param {import('./loop-callback.js').ResultPlan} plan
 * @param {string} collection
 * @param {string} key
 * @param {string} value
 */
function storeText(plan, collection, key, value) {
  return plan.kind !== 'none' && plan.collector.kind === 'map-set' ? `${collection}.set(${key}, ${value})` : `${collection}[${key}] = ${value}`;
}

/**
 * Names for `for (const [key, value] of …)`: free, and not the collection's.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {Node} statement
 * @param {string} collection
 * @param {Set<string>} [taken]
 */
function pairNames(sourceCode, statement, collection, taken = new Set()) {
  const used = new Set([...taken, collection]);
  const key = freshName(sourceCode, statement, ['key', 'k'], used);
  if (key === null) return null;
  used.add(key);
  const value = freshName(sourceCode, statement, ['value', 'v'], used);
  return value === null ? null : { key, value };
}

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {Node} statement
 * @param {string} collection
 */
function entryNames(sourceCode, statement, collection) {
  const taken = new Set([collection]);
  const entries = freshName(sourceCode, statement, [`${collection}Entries`, 'entries'], taken);
  if (entries === null) return null;
  taken.add(entries);
  const key = freshName(sourceCode, statement, ['key', 'k'], taken);
  if (key === null) return null;
  taken.add(key);
  const value = freshName(sourceCode, statement, ['value', 'v'], taken);
  if (value === null) return null;
  return { entries, key, value };
}

/**
 * `const results = [];` right before the loop (nothing between, no
 * comments inside): the loop's results can initialise it directly.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} statement
 * @param {any} variable
 */
function emptyArrayDeclarationBefore(sourceCode, statement, variable) {
  const siblings = statement.parent.type === 'SwitchCase' ? statement.parent.consequent : statement.parent.body;
  const position = siblings.indexOf(statement);
  const previous = position > 0 ? siblings[position - 1] : null;
  if (previous?.type !== 'VariableDeclaration' || previous.declarations.length !== 1) return null;
  if (previous.kind !== 'const' && previous.kind !== 'let') return null;
  const [declarator] = previous.declarations;
  const init = unwrap(declarator.init);
  if (declarator.id.type !== 'Identifier' || init?.type !== 'ArrayExpression' || init.elements.length !== 0) return null;
  if (!variable.defs.some((/** @type {any} */ def) => def.name === declarator.id)) return null;
  if (sourceCode.getCommentsInside(previous).length > 0) return null;
  // `const results: User[] = []` keeps its annotation; `[] as User[]` keeps nothing to hang it on.
  if (declarator.init !== init) return null;
  return { node: previous, kind: previous.kind, head: sourceCode.getText(declarator.id) };
}

/**
 * `list`, `this.items`, `data.rows`: safe to read twice and to write before `.length` (no TypeScript wrapper).
 * @param {Node} node
 */
function isPlainReference(node) {
  return ['Identifier', 'MemberExpression', 'ThisExpression'].includes(node.type) && isStableReference(node);
}

/** @param {string} name */
function capitalise(name) {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
