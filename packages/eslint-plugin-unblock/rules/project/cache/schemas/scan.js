/**
 * The schema of a kept module scan (callers/scan-cache.js): its inputs, and what it did to the
 * caller index, in order: entry points set (a route, a job, a start-up hook) and call sites added.
 */
import { isInputs } from './input.js';
import { hasFields, isArrayOf, isBoolean, isRange, isString, isStringOrNull } from './plain.js';

const ENTRY = {
  kind: (/** @type {unknown} */ kind) => kind === 'request' || kind === 'startup',
  label: isString,
  file: isString,
};
const CALL = {
  c: isString,
  caller: isStringOrNull,
  callerRange: (/** @type {unknown} */ range) => range === null || isRange(range),
  callerName: isStringOrNull,
  callerClass: isStringOrNull,
  deferred: isBoolean,
  at: isRange,
  direct: isBoolean,
};

/** A route's router: where it was made in the route's file, and the route's path as written. */
const ROUTER = {
  at: (/** @type {unknown} */ at) => Number.isSafeInteger(at) && /** @type {number} */ (at) >= 0,
  path: isString,
};

/** @param {unknown} op */
const isOp = (op) => hasFields(op, { e: isString, v: (entry) => hasFields(entry, ENTRY, { transaction: isBoolean, fallback: isBoolean, router: (router) => hasFields(router, ROUTER) }) }) || hasFields(op, CALL);

/**
 * @param {unknown} value
 * @param {string | null} root
 */
export function isScanEntry(value, root) {
  return hasFields(value, { inputs: (inputs) => isInputs(inputs, root), ops: (ops) => isArrayOf(ops, isOp) });
}
