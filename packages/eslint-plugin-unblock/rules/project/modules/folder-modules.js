/**
 * The modules a require completed at run time can name: `require('./' + config.imageUploadType)`
 * loads one of the modules beside the requiring file, whichever the value names. What the folder
 * holds is an input of whatever is built on the answer (cache/inputs.js): a module added to the
 * folder, or one taken away, changes it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { noteInput, recordingNow } from '../cache/inputs.js';
import { readBoundOf } from '../bounds/lint-bounds.js';

/** A folder with more modules than this is a library of anything, not a set of providers. */
const MAX_MODULES = 20;
const MODULE_FILE = /\.(?:[cm]?js|[cm]?ts)$/;

/**
 * The module files of a folder, as require would name them ('./' + name), sorted; null when the folder
 * cannot be read, lies outside what the lint may read, or holds more than MAX_MODULES.
 * @param {string} folder absolute path
 * @returns {string[] | null}
 */
export function modulesInFolder(folder) {
  const names = listModules(folder);
  if (recordingNow()) noteInput(['folder', folder, names === null ? null : names.join('\n')]);
  return names;
}

/**
 * @param {string} folder
 * @returns {string[] | null}
 */
export function listModules(folder) {
  const bound = readBoundOf(folder);
  if (bound !== null && path.relative(bound, folder).startsWith('..')) return null;
  /** @type {fs.Dirent[]} */
  let entries;
  try {
    entries = fs.readdirSync(folder, { withFileTypes: true });
  } catch {
    return null;
  }
  // Regular files only: a link could point anywhere.
  const names = entries.filter((entry) => entry.isFile() && MODULE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')).map((entry) => entry.name);
  return names.length > MAX_MODULES ? null : names.sort();
}
