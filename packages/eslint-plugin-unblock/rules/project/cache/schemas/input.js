/**
 * The schema of one input a kept fact was read from (../inputs.js): a module's text, a name read
 * of it, its shape, an import's resolution, a dependency question, a folder's modules. The file or folder each names is opened
 * again to check it, so it must lie inside the project the entry is read for.
 */
import { isBoolean, isProjectPath, isRange, isString, isStringOrNull, isStrings } from './plain.js';

/**
 * @typedef {'binding' | 'export'} NameKind  a top-level binding of a module, or one of its exports
 *
 * @typedef {['module', string, string | null]
 *   | ['name', string, string, NameKind, string, string, [number, number] | null]
 *   | ['member', string, string, NameKind, string, string | null, string, [number, number] | null]
 *   | ['shape', string, string, string]
 *   | ['resolve', string, string, string | null]
 *   | ['depends', string, string[], boolean]
 *   | ['folder', string, string | null]
 *   | ['scan', string, string | null, string | null]
 *   | ['importers', string, string]
 *   | ['indexed', string, string]
 *   | ['packages', string, string]} Input
 *   module: file, hash of its text (null: no text); name: file, hash of its text, binding or export,
 *   the name, what it stood for and where its node was (../../modules/module-reads.js nameRead); member: the same
 *   first five, then a member's name (null: the whole body) of the class the name stood for, what the members of
 *   that name were and where (../../modules/class-reads.js memberRead); shape: file, hash of its text, how it
 *   parsed and exports (shapeOf); resolve: importing file, specifier, answer; depends: file, packages, answer;
 *   folder: a folder, the module files it held (one per line; null: not listed).
 *   The caller index's answers (../../callers/caller-inputs.js checks them): scan: a module, the hash of its text and the shape of
 *   its scan for callers (../../callers/scan-shape.js), whose kept scan was used (it holds while that entry's own
 *   inputs do, or while a scan of its text now has that shape); importers: a file and the project
 *   files that may call into it (one per line); indexed: a file and how the project index covered it.
 *   packages: a file and the concurrency helpers its package has (../../workspace/concurrency-packages.js), as JSON
 */

/**
 * @param {unknown} input
 * @param {string | null} root the project's root (null: not checked)
 * @returns {input is Input}
 */
export function isInput(input, root) {
  if (!Array.isArray(input) || !isProjectPath(input[1], root)) return false;
  switch (input[0]) {
    case 'module':
      return input.length === 3 && isStringOrNull(input[2]);
    case 'name':
      return input.length === 7 && isString(input[2]) && (input[3] === 'binding' || input[3] === 'export') && isString(input[4]) && isString(input[5]) && (input[6] === null || isRange(input[6]));
    case 'member':
      return input.length === 8 && isString(input[2]) && (input[3] === 'binding' || input[3] === 'export') && isString(input[4]) && isStringOrNull(input[5]) && isString(input[6]) && (input[7] === null || isRange(input[7]));
    case 'shape':
      return input.length === 4 && isString(input[2]) && isString(input[3]);
    case 'resolve':
      return input.length === 4 && isString(input[2]) && isStringOrNull(input[3]);
    case 'depends':
      return input.length === 4 && isStrings(input[2]) && isBoolean(input[3]);
    case 'folder':
      return input.length === 3 && isStringOrNull(input[2]);
    case 'scan':
      return input.length === 4 && isStringOrNull(input[2]) && isStringOrNull(input[3]);
    case 'importers':
    case 'indexed':
    case 'packages':
      return input.length === 3 && isString(input[2]);
    default:
      return false;
  }
}

/**
 * @param {unknown} inputs
 * @param {string | null} root
 */
export function isInputs(inputs, root) {
  return Array.isArray(inputs) && inputs.every((input) => isInput(input, root));
}
