/**
 * The small tests the cache's schemas are made of. An entry is JSON that anyone who can write the
 * cache folder may have written (a committed `node_modules/.cache`, a restored CI cache, an older
 * or newer plugin), so every value is checked for what it is before any code reads it.
 */
import path from 'node:path';

/** @param {unknown} value */
export const isString = (value) => typeof value === 'string';

/** @param {unknown} value */
export const isStringOrNull = (value) => value === null || typeof value === 'string';

/** @param {unknown} value */
export const isBoolean = (value) => typeof value === 'boolean';

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
export const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An array whose every item passes `item`.
 * @param {unknown} value
 * @param {(item: unknown) => boolean} item
 * @returns {value is unknown[]}
 */
export const isArrayOf = (value, item) => Array.isArray(value) && value.every(item);

/** @param {unknown} value */
export const isStrings = (value) => isArrayOf(value, isString);

/**
 * A range: two non-negative integers, the first not after the second.
 * @param {unknown} value
 */
export const isRange = (value) => Array.isArray(value) && value.length === 2 && value.every((n) => Number.isSafeInteger(n) && n >= 0) && value[0] <= value[1];

/**
 * A record with exactly these keys (optional ones may be missing), each passing its test.
 * @param {unknown} value
 * @param {Record<string, (field: unknown) => boolean>} required
 * @param {Record<string, (field: unknown) => boolean>} [optional]
 */
export function hasFields(value, required, optional = {}) {
  if (!isRecord(value)) return false;
  for (const [name, test] of Object.entries(required)) if (!Object.hasOwn(value, name) || !test(value[name])) return false;
  for (const name of Object.keys(value)) {
    if (Object.hasOwn(required, name)) continue;
    if (!Object.hasOwn(optional, name) || !optional[name](value[name])) return false;
  }
  return true;
}

/**
 * An absolute, normalized path inside `root` (any absolute path when root is null): a kept fact
 * names files that the next run opens and hashes, and none outside the project may be opened for it.
 * @param {unknown} value
 * @param {string | null} root
 */
export function isProjectPath(value, root) {
  if (typeof value !== 'string') return false;
  // A warm run checks tens of thousands of inputs naming a few hundred files: each answer is kept.
  const id = `${root ?? ''}\0${value}`;
  const known = projectPaths.get(id);
  if (known !== undefined) return known;
  const answer = path.isAbsolute(value) && path.normalize(value) === value && (root === null || value === root || value.startsWith(root.endsWith(path.sep) ? root : root + path.sep));
  if (projectPaths.size >= MAX_KNOWN_PATHS) projectPaths.clear();
  projectPaths.set(id, answer);
  return answer;
}

/** @type {Map<string, boolean>} root and path → whether the path lies inside the root */
const projectPaths = new Map();
const MAX_KNOWN_PATHS = 100_000;
