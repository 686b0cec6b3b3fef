/**
 * The project index reads every file from disk and knows a function by where it starts. A linter may
 * lint other text under the same name: an editor's unsaved buffer. A function of that text is the
 * function the index knows under its key only while the text up to the start of its body is the same
 * as on disk (an edit inside or below it keeps that); otherwise another function may start there,
 * one inserted above it, and the disk function's callers, verdict and route are not its own.
 */
import { readModuleText } from '../bounds/read-regular-file.js';
import { MAX_MODULE_BYTES } from '../modules/module-cache.js';

/**
 * @typedef {import('../../language/syntax/ast.js').FunctionNode} FunctionNode
 */

/** @type {WeakMap<object, string | null>} per linted tree: the file's text on disk (null: unreadable), read once */
const diskTexts = new WeakMap();

/**
 * @param {string} file absolute path of the linted file
 * @param {FunctionNode} fn a function of the linted tree
 * @param {{ program: any, text?: string } | undefined} linted the linted tree and its text; without the text, the file on disk is taken to be what is linted
 * @returns {boolean}
 */
export function keyedAsOnDisk(file, fn, linted) {
  if (!linted || linted.text === undefined) return true;
  let disk = diskTexts.get(linted.program);
  if (disk === undefined) {
    disk = readModuleText(file, MAX_MODULE_BYTES);
    diskTexts.set(linted.program, disk);
  }
  if (disk === linted.text) return true;
  if (disk === null) return false;
  const through = (fn.body?.range?.[0] ?? fn.range[1]) + 1;
  return disk.slice(0, through) === linted.text.slice(0, through);
}
