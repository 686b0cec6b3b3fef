/**
 * The schema of a project's scan ledger (../../callers/scan-ledger.js): the modules each kept scan read,
 * with the hash of the text it read of each, so that a scan can be found to hold without its entry.
 * `files` lists each module and hash once; a line names them by their place in it.
 */
import { hasFields, isArrayOf, isProjectPath, isString } from './plain.js';

/**
 * @param {unknown} value
 * @param {string | null} root
 */
export function isScanLedgerEntry(value, root) {
  if (!hasFields(value, { files: (files) => isArrayOf(files, (file) => isFileAt(file, root)), lines: Array.isArray })) return false;
  const count = /** @type {{ files: unknown[] }} */ (value).files.length;
  return isArrayOf(/** @type {{ lines: unknown }} */ (value).lines, (line) => isLine(line, count));
}

/**
 * `[file, hash]`: a module inside the project and the hash of the text read of it.
 * @param {unknown} value
 * @param {string | null} root
 */
function isFileAt(value, root) {
  return Array.isArray(value) && value.length === 2 && isProjectPath(value[0], root) && isString(value[1]);
}

/**
 * `[scan key, layout, bounds, [file index, …]]`.
 * @param {unknown} value
 * @param {number} files how many files the ledger lists
 */
function isLine(value, files) {
  return (
    Array.isArray(value) &&
    value.length === 4 &&
    isString(value[0]) &&
    isString(value[1]) &&
    isString(value[2]) &&
    isArrayOf(value[3], (at) => Number.isSafeInteger(at) && /** @type {number} */ (at) >= 0 && /** @type {number} */ (at) < files)
  );
}
