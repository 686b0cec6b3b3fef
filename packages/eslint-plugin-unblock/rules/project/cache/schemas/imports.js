/**
 * The schema of a project's kept import facts (../../workspace/import-map.js): the layout they hold for,
 * each file's stamp, text hash and specifiers, and the import resolutions (folder, specifier, answer).
 */
import { hasFields, isArrayOf, isRecord, isString, isStringOrNull, isStrings } from './plain.js';

/** @param {unknown} fact `[mtimeMs, size, hash | null, specifiers | null]` */
const isFileFact = (fact) => Array.isArray(fact) && fact.length === 4 && Number.isFinite(fact[0]) && Number.isFinite(fact[1]) && isStringOrNull(fact[2]) && (fact[3] === null || isStrings(fact[3]));

/** @param {unknown} files */
const isFiles = (files) => isRecord(files) && Object.values(files).every(isFileFact);

/** @param {unknown} resolution */
const isResolution = (resolution) => Array.isArray(resolution) && resolution.length === 3 && isString(resolution[0]) && isString(resolution[1]) && isStringOrNull(resolution[2]);

/** @param {unknown} value */
export function isImportsEntry(value) {
  return hasFields(value, { layout: isString, files: isFiles, resolutions: (list) => isArrayOf(list, isResolution) });
}
