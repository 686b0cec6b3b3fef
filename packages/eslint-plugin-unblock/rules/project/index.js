/**
 * The project index, seen from the file being linted: what an awaited call
 * does (its effect summary, read from the callee's body in this file or in
 * the project files it imports) and what a constant imported from another
 * module holds. Built lazily, once per linted file; imported files are
 * parsed once per run (module-cache.js). Where nothing can be resolved, every
 * answer is null and the rules keep their single-file behaviour.
 */
import path from 'node:path';
import { createModuleView } from './modules/module-view.js';
import { foreignVisitorKeys, forgetModule } from './modules/module-cache.js';
import { clearResolutions } from './modules/resolve-import.js';
import { forgetCallerIndexes } from './callers/callers.js';
import { forgetConcurrencyPackages } from './workspace/concurrency-packages.js';
import { valueOfExpression } from './modules/callee-lookup.js';
import { importedModule } from './modules/module-values.js';
import { libraryOfExport } from './modules/library-exports.js';
import { createSummarizer } from './callees/summarize.js';
import { summaryKeeper } from './callees/summary-cache.js';
import { unknownSummary, mergeInto } from '../effects/effect-summary.js';
import { isFunctionNode, unwrap } from '../language/syntax/ast.js';
import { crossFileBudgetLeft } from './bounds/lint-bounds.js';
import { recordingInputs, recordingNow, noteInputs, inputKey } from './cache/inputs.js';
import { loadNativeHelpers } from './bounds/optional-require.js';

export { onLintWarning } from './bounds/lint-bounds.js';
import { forgetProjectFiles } from './workspace/project-files.js';
import { forgetProjectRoots } from './bounds/project-root.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 * @typedef {import('../language/syntax/ast.js').CallNode} CallNode
 */
/**
 * @template {string} T
 * @typedef {import('../language/syntax/ast.js').NodeOf<T>} NodeOf
 */

/** @typedef {import('../effects/effect-summary.js').CallSummary} CallSummary */

/** @type {WeakMap<object, Map<object, ReturnType<typeof createIndex>>>} per linted file: its indexes by what decides call kinds */
const indexes = new WeakMap();

/**
 * @typedef {object} ReadsElsewhere  what a lint's call summaries read outside the linted text
 * @property {import('./cache/inputs.js').Input[]} inputs  modules, import resolutions, dependencies (cache/inputs.js), each once
 * @property {Set<string>} seen their keys (inputKey)
 */

/** @type {WeakMap<object, ReadsElsewhere>} per linted file whose reads are watched */
const watchedReads = new WeakMap();

/**
 * Notes from now on what this lint's call summaries and constants read in other files (all rules'
 * questions: they share the index), for a later lint that reuses this one's reports (rules/reuse/).
 * A summary asked a second time is answered from memory; its reads are noted again then.
 * @param {import('eslint').SourceCode} sourceCode
 * @returns {ReadsElsewhere}
 */
export function watchReadsElsewhere(sourceCode) {
  let reads = watchedReads.get(sourceCode);
  if (!reads) watchedReads.set(sourceCode, (reads = { inputs: [], seen: new Set() }));
  return reads;
}

/**
 * Runs work whose answer is kept in memory for the rest of the lint: what it read is noted, so that
 * the work that uses the answer again (another rule's, on the same file) is told it too (usedAgain).
 * @template T
 * @param {ReadsElsewhere | undefined} reads
 * @param {() => T} work
 * @returns {{ value: T, inputs: import('./cache/inputs.js').Input[] | null }} inputs null: made while nothing was recorded
 */
function watched(reads, work) {
  if (!reads && !recordingNow()) return { value: work(), inputs: null };
  const recorded = recordingInputs(work);
  if (reads) addReads(reads, recorded.inputs);
  return { value: recorded.value, inputs: recorded.unlisted ? null : recorded.inputs };
}

/**
 * Whether an answer kept in memory may be used by the work now running: what it read is then read by
 * that work too. One made while nothing was recorded may not, where something is recorded now: it is made again.
 * @param {ReadsElsewhere | undefined} reads
 * @param {{ inputs: import('./cache/inputs.js').Input[] | null } | undefined} kept
 */
function usableAgain(reads, kept) {
  if (!kept) return false;
  if (kept.inputs === null) return !reads && !recordingNow();
  noteInputs(kept.inputs);
  if (reads) addReads(reads, kept.inputs);
  return true;
}

/**
 * @param {ReadsElsewhere} reads
 * @param {readonly import('./cache/inputs.js').Input[]} inputs
 */
function addReads(reads, inputs) {
  for (const input of inputs) {
    const key = inputKey(input);
    if (reads.seen.has(key)) continue;
    reads.seen.add(key);
    reads.inputs.push(input);
  }
}

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {string} filename
 * @param {(call: any) => 'read' | 'write' | 'unknown'} kindOfNames what a call's names say (the rule's verb tables)
 * @param {object} [namesKey] what `kindOfNames` is a function of (the verb tables): callers that hand the same key
 *   share one index and its summaries; by default the function itself. Its `id`, when it has one (the verb
 *   tables' options as text), names it in the persistent cache, which then keeps the file's call summaries
 */
export function getProjectIndex(sourceCode, filename, kindOfNames, namesKey = kindOfNames) {
  let byNames = indexes.get(sourceCode);
  if (!byNames) {
    byNames = new Map();
    indexes.set(sourceCode, byNames);
  }
  let index = byNames.get(namesKey);
  if (!index) {
    const namesId = /** @type {{ id?: unknown }} */ (namesKey).id;
    index = createIndex(sourceCode, filename, kindOfNames, typeof namesId === 'string' ? namesId : null);
    byNames.set(namesKey, index);
  }
  return index;
}

/**
 * @typedef {object} LintedFile  the file being linted, as its index reads it
 * @property {import('eslint').SourceCode} sourceCode
 * @property {import('./modules/module-view.js').ModuleView} view
 * @property {ReturnType<typeof createSummarizer>} summarizer
 * @property {(call: any) => 'read' | 'write' | 'unknown'} kindOfNames
 */

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {string} filename
 * @param {(call: any) => 'read' | 'write' | 'unknown'} kindOfNames
 * @param {string | null} namesId what names the calls, as text (null: its summaries are not kept between runs)
 */
function createIndex(sourceCode, filename, kindOfNames, namesId) {
  // A helper that cannot load is told now, during this lint, wherever its first use would come.
  loadNativeHelpers();
  const file = path.resolve(filename);
  const view = createModuleView(file, sourceCode.ast);
  const summarizer = createSummarizer({
    kindOfNames,
    namesId,
    visitorKeysOf: (module) => (module === view ? sourceCode.visitorKeys : foreignVisitorKeys()),
  });
  /** @type {LintedFile} */
  const linted = { sourceCode, view, summarizer, kindOfNames };

  /** @type {Map<any, { summary: CallSummary | null, inputs: import('./cache/inputs.js').Input[] | null }>} */
  const callSummaries = new Map();
  /** @type {import('./callees/summary-cache.js').SummaryKeeper | null | undefined} undefined: not looked for yet */
  let keeper;

  /**
   * What an awaited call does, from evidence: the call itself with its
   * arguments, read like a one-line function (`Promise.all(ids.map(load))`
   * waits for what its callbacks do). Null when nothing beyond names spoke:
   * the rule then decides by the call's name, as before.
   * @param {CallNode} call
   * @returns {CallSummary | null}
   */
  function summaryOfCall(call) {
    if (call.type !== 'CallExpression') return null;
    const reads = watchedReads.get(sourceCode);
    const known = callSummaries.get(call);
    if (known && usableAgain(reads, known)) return known.summary;
    // A file too big, or out of time (bounds/lint-bounds.js): the rule decides by names, as where nothing can be read.
    if (!crossFileBudgetLeft(file)) return null;
    // The summaries an earlier run made of this same text, while what they read elsewhere is unchanged.
    if (keeper === undefined) keeper = summaryKeeper(sourceCode, file, namesId, summarizer.exact);
    const chosen = keeper;
    const make = () => evidencedSummaryOf(linted, call);
    const { value, inputs } = watched(reads, () => (chosen ? chosen(call, make) : make()));
    callSummaries.set(call, { summary: value, inputs });
    return value;
  }

  /**
   * A number an identifier holds where it is used: a constant here or in the module it is imported from.
   * @param {NodeOf<'Identifier'>} identifier
   * @returns {number | null}
   */
  function constantNumber(identifier) {
    if (!crossFileBudgetLeft(file)) return null;
    const { value } = watched(watchedReads.get(sourceCode), () => valueOfExpression(identifier, contextAt(linted, identifier)));
    return value?.type === 'number' ? value.value : null;
  }

  /** @type {Map<string, { value: import('../effects/libraries/library-api.js').LibraryValue | null, inputs: import('./cache/inputs.js').Input[] | null }>} */
  const libraries = new Map();

  /**
   * The library a project module's export is made from (modules/library-exports.js): the receiver
   * `prisma` of `import prisma from '../lib/prisma'`.
   * @param {string} specifier  as the linted file writes it
   * @param {string} imported  the export's name, `default` for the default export or `module.exports`
   */
  function libraryOfImport(specifier, imported) {
    const key = `${specifier}\0${imported}`;
    const reads = watchedReads.get(sourceCode);
    const known = libraries.get(key);
    if (known && usableAgain(reads, known)) return known.value;
    if (!crossFileBudgetLeft(file)) return null;
    const answer = watched(reads, () => {
      const module = importedModule(view, specifier);
      return module ? libraryOfExport(module, imported) : null;
    });
    libraries.set(key, answer);
    return answer.value;
  }

  return { summaryOfCall, constantNumber, libraryOfImport };
}

/**
 * The summary of an awaited call read as the body of `async () => call`,
 * or of the callbacks a wrapper is handed; null when it is not evidence.
 * @param {LintedFile} file
 * @param {CallNode} call
 * @returns {CallSummary | null}
 */
function evidencedSummaryOf(file, call) {
  const context = contextAt(file, call);
  const operand = { type: 'ArrowFunctionExpression', params: [], body: call, expression: true, async: true, range: call.range };
  const target = { type: /** @type {const} */ ('function'), fn: operand, view: file.view, classNode: context.classNode, objectNode: context.objectNode };
  let summary = file.summarizer.summaryOfFunction(target, 0, context.isShadowed, instanceTestAt(file.sourceCode, call));
  const wrapped = summary.evidenced ? null : wrappedCallbacks(file, call, context);
  if (wrapped) summary = wrapped;
  return summary.evidenced ? { ...summary, thisOwner: thisOwnerOf(call) } : null;
}

/**
 * `retry(async () => …)`: a wrapper whose name says nothing awaits the
 * async callback it is handed, so that body is what runs.
 * @param {LintedFile} file
 * @param {CallNode} call
 * @param {import('./modules/callee-lookup.js').CallContext} context
 */
function wrappedCallbacks(file, call, context) {
  const callbacks = call.arguments.map(unwrap).filter(isFunctionNode);
  if (!callbacks.some((/** @type {any} */ callback) => callback.async) || file.kindOfNames(call) !== 'unknown') return null;
  const summary = { ...unknownSummary(), kind: /** @type {import('../effects/effect-summary.js').EffectKind} */ ('none'), io: /** @type {boolean | null} */ (false) };
  for (const callback of callbacks) {
    const target = { type: /** @type {const} */ ('function'), fn: callback, view: file.view, classNode: context.classNode, objectNode: context.objectNode };
    mergeInto(summary, file.summarizer.summaryOfFunction(target, 1, shadowTestAt(file.sourceCode, callback)));
  }
  // The wrapper's own body is unread: it may wait even when the callbacks only compute.
  if (summary.io === false) summary.io = null;
  return summary;
}

/**
 * Where a node of this file is written: its module, the class or object
 * whose method holds it (for `this`), and the names declared around it.
 * @param {LintedFile} file
 * @param {Node} node
 * @returns {import('./modules/callee-lookup.js').CallContext}
 */
function contextAt(file, node) {
  let classNode = null;
  let objectNode = null;
  for (let child = node, current = node.parent; current; child = current, current = current.parent) {
    const ownsThis = (isFunctionNode(current) && current.type !== 'ArrowFunctionExpression') || (current.type === 'PropertyDefinition' && current.value === child);
    if (!ownsThis) continue;
    const holder = current.type === 'PropertyDefinition' ? current : current.parent;
    if ((holder?.type === 'MethodDefinition' || holder?.type === 'PropertyDefinition') && !holder.static) classNode = holder.parent.parent;
    else if (holder?.type === 'Property' && holder.parent.type === 'ObjectExpression') objectNode = holder.parent;
    break;
  }
  return { view: file.view, classNode, objectNode, isShadowed: shadowTestAt(file.sourceCode, node) };
}

/**
 * Whether `name` is declared in a scope between `node` and the module scope.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} node
 */
function shadowTestAt(sourceCode, node) {
  const start = /** @type {import('eslint').Scope.Scope | null} */ (sourceCode.getScope(node));
  return (/** @type {string} */ name) => {
    // A CommonJS file's top level is a function scope around the Program (ESLint's sourceType
    // "commonjs"): its names are the module's, not a function's.
    for (let scope = start; scope && scope.type !== 'module' && scope.type !== 'global' && scope.block.type !== 'Program'; scope = scope.upper) {
      if (scope.set.has(name)) return true;
    }
    return false;
  };
}

/**
 * What a local variable seen from `node` always holds an instance of: the `new` expression, when every
 * value the variable is ever given is `new` of one class (`const diff = new Diff(…)`, or a `let`
 * assigned only inside a `try`: `let diff; try { diff = new Diff(…) } catch …`). A variable given
 * anything else, or declared at the module's top level (the module index knows those), answers undefined.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} node
 */
function instanceTestAt(sourceCode, node) {
  const start = /** @type {import('eslint').Scope.Scope | null} */ (sourceCode.getScope(node));
  return (/** @type {string} */ name) => {
    for (let scope = start; scope && scope.type !== 'module' && scope.type !== 'global' && scope.block.type !== 'Program'; scope = scope.upper) {
      const variable = scope.set.get(name);
      if (variable) return onlyInstanceOf(variable);
    }
    return undefined;
  };
}

/**
 * @param {import('eslint').Scope.Variable} variable
 * @returns {any} the first `new` expression, when every write gives the variable `new` of the same class
 */
function onlyInstanceOf(variable) {
  const writes = variable.references.filter((reference) => reference.isWrite());
  const made = writes.map((reference) => unwrap(/** @type {any} */ (reference.writeExpr)));
  const className = (/** @type {any} */ expression) => (expression?.type === 'NewExpression' && unwrap(expression.callee).type === 'Identifier' ? unwrap(expression.callee).name : null);
  const first = className(made[0]);
  // `x += …`, `for (x of …)` and destructuring are writes whose value is no `new`: any of them makes the answer unknown.
  const plain = writes.every((reference) => /** @type {any} */ (reference.identifier).parent?.type === 'VariableDeclarator' || /** @type {any} */ (reference.identifier).parent?.operator === '=');
  return first !== null && plain && made.every((expression) => className(expression) === first) ? made[0] : undefined;
}

/**
 * @param {CallNode} call
 * @returns {string | null}
 */
function thisOwnerOf(call) {
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression') return null;
  /** @type {string[]} */
  const parts = [];
  let node = unwrap(callee.object);
  while (node.type === 'MemberExpression' && !node.computed) {
    parts.unshift(node.property.name);
    node = unwrap(node.object);
  }
  if (node.type === 'ThisExpression') return ['this', ...parts].join('.');
  if (node.type === 'Identifier') return [node.name, ...parts].join('.');
  return null;
}

/**
 * Forgets what the index knows about a file that was saved, created,
 * renamed or deleted: its parsed module, every import resolution (a new file
 * may now be what a specifier resolves to), the caller indexes and what the
 * package.json files declare (a saved one may add p-map). The
 * editor calls this; a lint run from the command line never needs to.
 * @param {string} file absolute path
 */
export function forgetProjectFile(file) {
  forgetModule(file);
  clearResolutions();
  forgetCallerIndexes();
  forgetConcurrencyPackages();
  forgetProjectFiles();
  forgetProjectRoots();
}
