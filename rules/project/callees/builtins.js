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

const globalNames = new Set(
  Object.getOwnPropertyNames(globalThis).filter((name) => {
    if (NOT_PURE_GLOBALS.has(name)) return false;
    // Read the descriptor, not the value: some globals are lazy getters that load modules or warn.
    const value = Object.getOwnPropertyDescriptor(globalThis, name)?.value;
    return typeof value === 'function' || (typeof value === 'object' && value !== null);
  }),
);

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
  return globalNames.has(name);
}

/**
 * A method name of a built-in prototype (`trim`, `map`, `push`, `get`).
 * @param {string} name
 */
export function isBuiltinMethodName(name) {
  return methodNames.has(name);
}
