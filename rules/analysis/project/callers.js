/**
 * The callers half of the project index: for every function in a project,
 * the places that call it (a function, or a module's top level), across
 * files, plus the entry points where requests, jobs and start-up enter.
 * Built lazily, once per project root and lint run, from the project's own
 * source files (never node_modules, never tests: a test calls anything).
 * A project too big for the budget has no caller index: every verdict is
 * then unknown and the rules keep their single-file behaviour.
 */
import fs from 'node:fs';
import path from 'node:path';
import { unwrap, isFunctionNode, propertyName } from '../ast.js';
import { loadModule, foreignVisitorKeys } from './module-cache.js';
import { resolveImport } from './resolve-import.js';
import { resolveCall, valueOfExpression, valueOfRequire } from './callee-lookup.js';
import { declaredNames } from './declared-names.js';
import { registrationsOf, declaredEntryPoints } from './entry-points.js';
import { keyName } from './module-view.js';
import { fileMatches, testFileGlobs } from '../file-globs.js';

/** Projects with more source files than this are not indexed. */
export const MAX_PROJECT_FILES = 6000;
/**
 * An index older than this is built again: a lint run reuses one, and an editor sees other files'
 * changes at the latest this much later (or at once, through forgetCallerIndexes).
 */
const STALE_AFTER_MS = 60_000;
const SOURCE_FILE = /\.(?:[cm]?js|[cm]?ts|tsx|jsx)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'coverage', 'bower_components', 'vendor']);

/**
 * @typedef {object} CallSite
 * @property {string | null} caller  key of the calling function, null for a module's top level, UNKNOWN_CALLER when it cannot be known
 * @property {any | null} callerNode  the calling function
 * @property {string | null} callerName  its name as declared (`main`, `init`, a method's key)
 * @property {string | null} callerClass  the class whose method it is
 * @property {string} file
 *
 * @typedef {object} CallerIndex
 * @property {Map<string, CallSite[]>} callers  function key → the places that call it (in the files scanned so far)
 * @property {Map<string, { kind: 'request' | 'startup', label: string, file: string }>} entries function key → entry point
 * @property {(file: string) => void} scanFilesImporting  scans a file and the files that import it (once each)
 */

/**
 * A function's identity across parsers: its file and where it starts.
 * @param {string} file
 * @param {any} fn
 */
export function functionKey(file, fn) {
  return `${file}#${fn.range[0]}`;
}

/** @type {Map<string, { builtAt: number, index: CallerIndex | null }>} */
const byRoot = new Map();

/**
 * The caller index of the project `file` belongs to, or null. It starts
 * empty: files are read, parsed and scanned only when a question needs them.
 * @param {string} file absolute path of a file in the project
 */
export function callerIndexFor(file) {
  const root = projectRoot(path.dirname(file));
  if (!root) return null;
  const cached = byRoot.get(root);
  if (cached && Date.now() - cached.builtAt < STALE_AFTER_MS) return cached.index;
  const files = listProjectFiles(root);
  const index = files ? createIndex(files) : null;
  byRoot.set(root, { builtAt: Date.now(), index });
  return index;
}

/** Forgets every caller index (the editor calls this when a file is saved, created or deleted). */
export function forgetCallerIndexes() {
  byRoot.clear();
}

/**
 * @param {string[]} files
 * @returns {CallerIndex}
 */
function createIndex(files) {
  /** @type {Set<string>} */
  const scanned = new Set();
  /** @type {Map<string, string[]> | null} file → the project files that import it, read once on the first question */
  let importers = null;
  /** @type {CallerIndex} */
  const index = {
    callers: new Map(),
    entries: new Map(),
    // Only the file itself and the files that import it (directly, or through an index file that re-exports it) can call it.
    scanFilesImporting(file) {
      importers ??= importersOf(files);
      const direct = importers.get(file) ?? [];
      const throughIndex = direct.filter((importer) => /^index\.[cm]?[jt]sx?$/.test(path.basename(importer))).flatMap((importer) => importers?.get(importer) ?? []);
      for (const candidate of new Set([file, ...direct, ...throughIndex])) {
        if (scanned.has(candidate)) continue;
        scanned.add(candidate);
        const view = loadModule(candidate);
        try {
          if (view) scanModule(view, index);
        } catch {
          // A shape the scan does not expect: that file's calls stay unknown, the rest of the index stands.
        }
      }
    },
  };
  return index;
}

/** `from './x'`, `require('./x')`, `import('./x')`: the specifiers a file imports, found without parsing it. */
const SPECIFIER = /(?:\bfrom\s*|\brequire\s*\(\s*|\bimport\s*\(\s*|^\s*import\s*)(['"])([^'"\n]+)\1/gm;

/**
 * Who imports whom, from one regular-expression pass over each file and the
 * resolver: much cheaper than parsing every file, and enough to know where
 * the callers of a function can be.
 * @param {string[]} files
 * @returns {Map<string, string[]>}
 */
function importersOf(files) {
  /** @type {Map<string, string[]>} */
  const importers = new Map();
  for (const file of files) {
    let text;
    try {
      // eslint-disable-next-line unblock/no-blocking-sync-call -- ESLint rules run synchronously; this runs while linting, not serving.
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const [, , specifier] of text.matchAll(SPECIFIER)) {
      const target = resolveImport(file, specifier);
      if (!target) continue;
      const list = importers.get(target);
      if (!list) importers.set(target, [file]);
      else if (list[list.length - 1] !== file) list.push(file);
    }
  }
  return importers;
}

/**
 * The nearest folder upwards holding a package.json.
 * @param {string} dir
 */
function projectRoot(dir) {
  for (let current = dir; ; current = path.dirname(current)) {
    if (fs.existsSync(path.join(current, 'package.json'))) return current;
    if (path.dirname(current) === current) return null;
  }
}

/**
 * The project's source files, or null when there are too many.
 * @param {string} root
 * @returns {string[] | null}
 */
function listProjectFiles(root) {
  /** @type {string[]} */
  const files = [];
  /** @type {string[]} */
  const folders = [root];
  while (folders.length > 0) {
    const dir = /** @type {string} */ (folders.pop());
    let entries;
    try {
      // eslint-disable-next-line unblock/no-blocking-sync-call -- ESLint rules run synchronously; this runs while linting, not serving.
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) folders.push(full);
      } else if (SOURCE_FILE.test(entry.name) && !/\.d\.[cm]?ts$|\.min\.js$/.test(entry.name) && !fileMatches(full, root, testFileGlobs)) {
        files.push(full);
        if (files.length > MAX_PROJECT_FILES) return null;
      }
    }
  }
  return files;
}

/**
 * @typedef {object} Frame
 * @property {any | null} fn
 * @property {string | null} name
 * @property {any | null} classNode
 * @property {any | null} objectNode
 * @property {Set<string>} declared names declared in this function and those around it
 * @property {Map<string, any>} inits initialisers of the names declared in them
 * @property {boolean} method the function about to be entered is a method (its `this` is the class or object)
 * @property {boolean} [naming] `name` is the name of the function about to be entered
 */

/**
 * Records every call, `new`, callback hand-over and route registration of one module.
 * @param {import('./module-view.js').ModuleView} view
 * @param {CallerIndex} index
 */
function scanModule(view, index) {
  const visitorKeys = foreignVisitorKeys();
  for (const entry of declaredEntryPoints(view)) index.entries.set(functionKey(view.file, entry.fn), { kind: entry.kind, label: entry.label, file: view.file });

  /**
   * @param {string | null} target key of the function run
   * @param {Frame} frame
   */
  const addCaller = (target, frame) => {
    if (target === null) return;
    const sites = index.callers.get(target) ?? [];
    const caller = frame === UNKNOWN_FRAME ? UNKNOWN_CALLER : frame.fn ? functionKey(view.file, frame.fn) : null;
    const callerClass = frame.fn && frame.classNode?.id ? frame.classNode.id.name : null;
    sites.push({ caller, callerNode: frame.fn, callerName: frame.name, callerClass, file: view.file });
    index.callers.set(target, sites);
  };

  /**
   * The function an argument or callee expression stands for, as a key.
   * @param {any} expression
   * @param {Frame} frame
   */
  const functionOf = (expression, frame) => {
    const node = unwrap(expression);
    if (isFunctionNode(node)) return functionKey(view.file, node);
    // `app.get('*', require('./controller'))`
    const required = node?.type === 'CallExpression' ? valueOfRequire(view, node) : null;
    if (required?.type === 'function') return functionKey(required.view.file, required.fn);
    if (node?.type !== 'Identifier' && node?.type !== 'MemberExpression') return null;
    const value = valueOfExpression(node, contextOf(frame));
    return value?.type === 'function' ? functionKey(value.view.file, value.fn) : null;
  };

  /** @param {Frame} frame */
  const contextOf = (frame) => ({
    view,
    classNode: frame.classNode,
    objectNode: frame.objectNode,
    isShadowed: (/** @type {string} */ name) => frame.declared.has(name),
    localInit: (/** @type {string} */ name) => frame.inits.get(name),
  });

  /**
   * @param {any} call
   * @param {Frame} frame
   */
  const onCall = (call, frame) => {
    const registered = registrationsOf(view, call, (name) => frame.inits.get(name));
    for (const { handler, kind, label } of registered) {
      // `router.post('/', asyncHandler(async (req, res) => …))`: the wrapped function is the handler.
      const wrapped = unwrap(handler)?.type === 'CallExpression' ? unwrap(handler).arguments.filter((/** @type {any} */ a) => isFunctionNode(unwrap(a))) : [];
      for (const fn of [handler, ...wrapped]) {
        const key = functionOf(fn, frame);
        if (key) index.entries.set(key, { kind, label, file: view.file });
      }
    }
    if (call.type === 'NewExpression') {
      const created = valueOfExpression(call.callee, contextOf(frame));
      const constructor = created?.type === 'class' ? created.node.body.body.find((/** @type {any} */ m) => m.type === 'MethodDefinition' && m.kind === 'constructor') : null;
      if (constructor && created?.type === 'class') addCaller(functionKey(created.view.file, constructor.value), frame);
    } else {
      const target = resolveCall(call, contextOf(frame));
      if (target) addCaller(functionKey(target.view.file, target.fn), frame);
    }
    // A callback runs on the caller's behalf when an array method calls it right away (`items.forEach(load)`), as an
    // IIFE does; handed to any other call it may run at any later time (`asyncHandler(fn)`, `emitter.on(…, fn)`).
    if (registered.length === 0) {
      const runsNow = isSynchronousIteration(call);
      for (const argument of call.arguments) addCaller(functionOf(argument, frame), runsNow ? frame : UNKNOWN_FRAME);
    }
    if (isFunctionNode(unwrap(call.callee))) addCaller(functionKey(view.file, unwrap(call.callee)), frame);
  };

  /**
   * @param {any} node
   * @param {Frame} frame
   */
  const visit = (node, frame) => {
    if (!node || typeof node.type !== 'string') return;
    const inner = isFunctionNode(node) ? enterFunction(node, frame, visitorKeys) : frame;
    if (node.type === 'CallExpression' || node.type === 'NewExpression') onCall(node, frame);
    for (const key of visitorKeys[node.type] ?? []) {
      const child = node[key];
      if (Array.isArray(child)) for (const item of child) visitChild(item, node, inner);
      else visitChild(child, node, inner);
    }
  };

  /**
   * @param {any} child
   * @param {any} parent
   * @param {Frame} frame
   */
  const visitChild = (child, parent, frame) => {
    if (!child || typeof child.type !== 'string') return;
    if (child.type === 'ClassBody') {
      visit(child, { ...frame, classNode: parent });
      return;
    }
    // A method's name and owner: `AdminAssets.constructor`, `{ init() {} }`.
    if ((parent.type === 'MethodDefinition' || parent.type === 'Property' || parent.type === 'PropertyDefinition') && child === parent.value && isFunctionNode(unwrap(child))) {
      const owner = parent.type === 'Property' ? { classNode: null, objectNode: frame.objectNode } : { classNode: frame.classNode, objectNode: null };
      visit(child, { ...frame, ...owner, method: true, naming: true, name: keyName(parent.key) });
      return;
    }
    if (child.type === 'ObjectExpression') {
      visit(child, { ...frame, objectNode: child });
      return;
    }
    if (parent.type === 'VariableDeclarator' && child === parent.init && parent.id.type === 'Identifier' && isFunctionNode(unwrap(child))) {
      visit(child, { ...frame, naming: true, name: parent.id.name });
      return;
    }
    visit(child, frame);
  };

  visit(view.program, { fn: null, name: null, classNode: null, objectNode: null, method: false, declared: new Set(), inits: new Map() });
}

/** Array methods that call their callback before they return. */
const SYNCHRONOUS_ITERATORS = new Set(['forEach', 'map', 'flatMap', 'filter', 'reduce', 'reduceRight', 'some', 'every', 'find', 'findIndex', 'findLast', 'findLastIndex', 'sort']);

/** @param {any} call */
function isSynchronousIteration(call) {
  const callee = unwrap(call.callee);
  return callee?.type === 'MemberExpression' && SYNCHRONOUS_ITERATORS.has(propertyName(callee) ?? '');
}

/** The key of a caller nobody can know: a callback handed to a call that may run it at any time. */
export const UNKNOWN_CALLER = 'unknown';
/** @type {Frame} */
const UNKNOWN_FRAME = { fn: null, name: null, classNode: null, objectNode: null, method: false, declared: new Set(), inits: new Map() };

/**
 * @param {any} fn
 * @param {Frame} outer
 * @param {any} visitorKeys
 * @returns {Frame}
 */
function enterFunction(fn, outer, visitorKeys) {
  const declared = new Set([...outer.declared, ...declaredNames(fn, visitorKeys, { nested: false })]);
  const inits = new Map(outer.inits);
  for (const statement of fn.body?.type === 'BlockStatement' ? fn.body.body : []) {
    if (statement.type !== 'VariableDeclaration') continue;
    for (const declarator of statement.declarations) if (declarator.id.type === 'Identifier') inits.set(declarator.id.name, declarator.init);
  }
  // An arrow shares `this` with the code around it; a method's `this` is its object; any other function has its own.
  const keepsThis = fn.type === 'ArrowFunctionExpression' || outer.method;
  return {
    fn,
    // Only the function itself carries a name: an arrow inside `init()` may be an event handler that runs later.
    name: fn.id?.name ?? (outer.naming ? outer.name : null),
    naming: false,
    classNode: keepsThis ? outer.classNode : null,
    objectNode: keepsThis ? outer.objectNode : null,
    method: false,
    declared,
    inits,
  };
}
