/**
 * Decides whether a node runs once at start-up (module top level, top-level
 * IIFEs, functions only called from start-up code in the same file) rather
 * than while serving requests. A blocking call at start-up delays boot by the
 * same amount once; in a handler it delays every request.
 */
import { testFileGlobs } from '../project/workspace/file-globs.js';
import { walk, isFunctionNode, isInside } from '../language/syntax/ast.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 * @typedef {import('../language/syntax/ast.js').CallNode} CallNode
 * @typedef {import('../language/syntax/ast.js').VisitorKeys} VisitorKeys
 * @typedef {import('../language/syntax/ast.js').FunctionNode} FunctionNode
 */

export const defaultStartupFiles = Object.freeze([
  '**/scripts/**',
  '**/migrations/**',
  '**/*migrat*',
  '**/*migrat*/**',
  '**/seeds/**',
  '**/seed/**',
  '**/bin/**',
  '**/*.config.*',
  // Command-line tools, scaffolders and codemods: a person waits for them, no request does.
  '**/cli/**',
  '**/*-cli/**',
  '**/commands/**',
  '**/create-*/**',
  '**/codemod*/**',
  // Build, lint and CI tooling, and loaders that run while a server boots.
  '**/.github/**',
  '**/tools/**',
  '**/eslint-plugin*/**',
  '**/loaders/**',
  ...testFileGlobs,
]);

/**
 * Callbacks that these array methods run synchronously, so they run when
 * the call does.
 */
const synchronousIterators = new Set([
  'forEach', 'map', 'flatMap', 'filter', 'reduce', 'reduceRight', 'some', 'every', 'find', 'findIndex', 'findLast', 'findLastIndex', 'sort',
]);

/**
 * The innermost function whose invocation decides when `node` runs, `null`
 * at top level. Static blocks and static field initialisers run when their
 * class is defined, so they are transparent; instance field initialisers run
 * per instance, like a method.
 * @param {Node} node
 * @returns {any | null}
 */
function enclosingRunner(node) {
  let child = node;
  for (let current = node.parent; current; child = current, current = current.parent) {
    if (isFunctionNode(current)) return current;
    if ((current.type === 'PropertyDefinition' || current.type === 'AccessorProperty') && current.value === child && !current.static) {
      return current;
    }
  }
  return null;
}

/** Strips wrappers that do not change what is being called: `!function(){}()`, `(fn as any)()`. */
function outerExpression(/** @type {any} */ node) {
  let current = node;
  while (
    current.parent &&
    ((current.parent.type === 'UnaryExpression' && current.parent.operator !== 'delete') ||
      current.parent.type === 'TSAsExpression' ||
      current.parent.type === 'TSNonNullExpression' ||
      current.parent.type === 'TSSatisfiesExpression' ||
      current.parent.type === 'ChainExpression')
  ) {
    current = current.parent;
  }
  return current;
}

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @returns {(node: any) => boolean} true when `node` runs only at start-up
 */
export function createStartupClassifier(sourceCode) {
  /** @type {Map<any, boolean>} */
  const memo = new Map();

  /** @param {Node} node @returns {boolean} */
  const isStartup = (node) => {
    const runner = enclosingRunner(node);
    if (runner === null) return true;
    if (!isFunctionNode(runner)) return false;
    return isStartupFunction(runner);
  };

  /** @param {FunctionNode} fn @returns {boolean} */
  const isStartupFunction = (fn) => {
    if (memo.has(fn)) return /** @type {boolean} */ (memo.get(fn));
    // Cycles (mutual recursion) resolve to "not start-up": when in doubt, report.
    memo.set(fn, false);
    const result = computeStartupFunction(fn);
    memo.set(fn, result);
    return result;
  };

  /** @param {FunctionNode} fn @returns {boolean} */
  const computeStartupFunction = (fn) => {
    // A factory that builds request handlers runs once, when the server is set up:
    // `function serve(dir) { const html = readFileSync(…); return (req, res) => res.end(html); }`.
    if (definesRequestHandler(fn, sourceCode.visitorKeys)) return true;
    const outer = outerExpression(fn);
    const parent = outer.parent;
    if (!parent) return false;

    // (function () { … })(), (async () => { … })(), fn.call(this)
    if (parent.type === 'CallExpression' && parent.callee === outer) return isStartup(parent);
    if (
      parent.type === 'MemberExpression' &&
      parent.object === outer &&
      !parent.computed &&
      (parent.property.name === 'call' || parent.property.name === 'apply') &&
      parent.parent?.type === 'CallExpression' &&
      parent.parent.callee === parent
    ) {
      return isStartup(parent.parent);
    }

    // files.forEach((f) => …) at top level runs right there.
    if (
      parent.type === 'CallExpression' &&
      parent.arguments[0] === outer &&
      parent.callee.type === 'MemberExpression' &&
      !parent.callee.computed &&
      synchronousIterators.has(parent.callee.property.name)
    ) {
      return isStartup(parent);
    }

    // process.on('exit', () => …) runs once at shutdown, and must finish synchronously.
    if (parent.type === 'CallExpression' && parent.arguments[1] === outer && isProcessExitListener(parent)) return true;

    const declaration = fn.type === 'FunctionDeclaration' ? fn : parent.type === 'VariableDeclarator' && parent.init === outer ? parent : null;
    if (!declaration) return false;
    const exportParent = declaration.type === 'VariableDeclarator' ? declaration.parent?.parent : declaration.parent;
    if (exportParent?.type === 'ExportNamedDeclaration' || exportParent?.type === 'ExportDefaultDeclaration') return false;

    const variables = sourceCode.scopeManager.getDeclaredVariables(declaration);
    if (variables.length !== 1) return false;
    const calls = variables[0].references.filter(
      (/** @type {any} */ reference) => !reference.init && !isInside(reference.identifier, fn),
    );
    // Nobody in this file calls it: it is handed out (exported, passed as a callback) or dead.
    if (calls.length === 0) return false;
    return calls.every((/** @type {any} */ reference) => {
      const callee = outerExpression(reference.identifier);
      const call = callee.parent;
      return reference.isRead() && !reference.isWrite() && call?.type === 'CallExpression' && call.callee === callee && isStartup(call);
    });
  };

  return isStartup;
}

const REQUEST_PARAMS = new Set(['req', 'request', 'ctx']);
const RESPONSE_PARAMS = new Set(['res', 'response', 'reply']);

/**
 * Whether a function defines, somewhere inside, a function that takes a
 * request (`(req, res) =>`, `(request, reply) =>`, `async (ctx) =>`).
 * @param {FunctionNode} fn
 * @param {VisitorKeys} visitorKeys
 */
function definesRequestHandler(fn, visitorKeys) {
  let found = false;
  walk(fn.body, visitorKeys, (node) => {
    if (found) return false;
    if (isFunctionNode(node)) {
      const [first, second] = node.params.map((/** @type {any} */ param) => (param.type === 'Identifier' ? param.name : null));
      if ((first && REQUEST_PARAMS.has(first)) || (second && RESPONSE_PARAMS.has(second))) found = true;
    }
    return !found;
  });
  return found;
}

/** @param {CallNode} call */
function isProcessExitListener(call) {
  const { callee } = call;
  const [event] = call.arguments;
  return (
    callee.type === 'MemberExpression' &&
    callee.object.type === 'Identifier' &&
    callee.object.name === 'process' &&
    !callee.computed &&
    // A non-computed member's property is an Identifier here (`process.#on` cannot be written).
    ['on', 'once', 'addListener', 'prependListener', 'prependOnceListener'].includes(/** @type {import('@typescript-eslint/types').TSESTree.Identifier} */ (callee.property).name) &&
    event?.type === 'Literal' &&
    event.value === 'exit'
  );
}
