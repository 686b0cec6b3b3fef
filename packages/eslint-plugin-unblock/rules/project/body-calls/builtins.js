/**
 * JavaScript's own functions and methods that only compute, taken from the
 * running engine rather than written out by hand: every global function or
 * namespace object (`Math`, `JSON`, `parseInt`, `structuredClone`) and every
 * method of the built-in prototypes (`trim`, `map`, `toISOString`), less the
 * few globals that wait, schedule or reach outside the process.
 */

/** Globals that do I/O, schedule work for later, run code or block the thread. */
const NOT_PURE_GLOBALS = new Set([
  'fetch', 'setTimeout', 'setInterval', 'setImmediate', 'queueMicrotask', 'clearTimeout', 'clearInterval',
  'clearImmediate', 'process', 'require', 'module', 'exports', 'global', 'globalThis', 'eval', 'Function',
  'WebAssembly', 'Atomics', 'crypto', 'navigator', 'Worker', 'WebSocket', 'EventSource', 'MessageChannel',
  'MessagePort', 'BroadcastChannel', 'Request', 'Response', 'Blob', 'File', 'FormData', 'caches', 'localStorage',
  'sessionStorage', 'indexedDB', 'XMLHttpRequest', 'import',
]);

/**
 * Node's globals that only compute but are defined as lazy getters, so the
 * descriptor test below cannot see them (their values are not read here).
 */
const LAZY_PURE_GLOBALS = ['Buffer', 'TextEncoder', 'TextDecoder', 'atob', 'btoa'];

/** The engine's globals when the rules load; each is judged when first asked about (see isPureGlobal). */
const engineGlobals = new Set(Object.getOwnPropertyNames(globalThis));
/** @type {Map<string, boolean>} a global's name → whether it only computes, once asked */
const judgedGlobals = new Map();

/**
 * @param {string} name
 */
function judgeGlobal(name) {
  if (LAZY_PURE_GLOBALS.includes(name)) return true;
  if (!engineGlobals.has(name) || NOT_PURE_GLOBALS.has(name)) return false;
  // Read the descriptor, not the value: some globals are lazy getters that load modules or warn.
  // Even a descriptor makes some of Node's globals load what backs them (`Headers` loads its fetch
  // implementation, 30 ms): so each is read only when code calls it, not all when the rules load.
  const value = Object.getOwnPropertyDescriptor(globalThis, name)?.value;
  return typeof value === 'function' || (typeof value === 'object' && value !== null);
}

const PROTOTYPES = [
  Array.prototype, String.prototype, Number.prototype, Boolean.prototype, Object.prototype, Function.prototype,
  Map.prototype, Set.prototype, WeakMap.prototype, WeakSet.prototype, Date.prototype, RegExp.prototype,
  Promise.prototype, Error.prototype, Uint8Array.prototype, Object.getPrototypeOf(Uint8Array.prototype), BigInt.prototype,
];
const methodNames = new Set(PROTOTYPES.flatMap((prototype) => Object.getOwnPropertyNames(prototype)).filter((name) => name !== 'constructor'));

/**
 * A global the engine provides that only computes (`Math`, `JSON`, `Number`, `console`).
 * @param {string} name
 */
export function isPureGlobal(name) {
  let pure = judgedGlobals.get(name);
  if (pure === undefined) judgedGlobals.set(name, (pure = judgeGlobal(name)));
  return pure;
}

/**
 * A method name of a built-in prototype (`trim`, `map`, `push`, `get`).
 * @param {string} name
 */
export function isBuiltinMethodName(name) {
  return methodNames.has(name);
}

/**
 * Built-in methods whose result is a new array or iterator, never their
 * receiver, an argument or one of its elements (unlike `sort`, `find` or
 * `Map.prototype.set`): what they return belongs to the caller alone.
 */
const FRESH_RESULT_METHODS = new Set([
  'concat', 'filter', 'flat', 'flatMap', 'map', 'slice', 'toReversed', 'toSorted', 'toSpliced', 'with',
  'keys', 'values', 'entries', 'split', 'match', 'matchAll',
]);
/** Static built-ins whose result is new in the same way (`JSON.parse`, `Object.keys`). */
const FRESH_RESULT_STATICS = new Set([
  'JSON.parse', 'Object.keys', 'Object.values', 'Object.entries', 'Object.fromEntries', 'Object.groupBy',
  'Array.from', 'Array.of', 'Map.groupBy',
]);
const FRESH_RESULT_FUNCTIONS = new Set(['structuredClone']);

/**
 * A built-in method whose result is a new array or iterator (`split`, `map`, `filter`).
 * @param {string} name
 */
export function returnsNewFromMethod(name) {
  return FRESH_RESULT_METHODS.has(name);
}

/**
 * A global function or static method whose result is new (`JSON.parse`, `Object.keys`, `structuredClone`).
 * @param {string} path `structuredClone` or `Object.keys`
 */
export function returnsNewFromGlobal(path) {
  return FRESH_RESULT_STATICS.has(path) || FRESH_RESULT_FUNCTIONS.has(path);
}

const stringMethodNames = new Set(Object.getOwnPropertyNames(String.prototype));

/**
 * A method of String.prototype (`replace`, `split`, `match`).
 * @param {string} name
 */
export function isStringMethodName(name) {
  return stringMethodNames.has(name);
}
