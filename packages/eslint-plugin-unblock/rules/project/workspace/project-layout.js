/**
 * A fingerprint of what decides how a project's imports resolve, apart from the importing files'
 * own text: its folders and the names in them (a file added, removed or renamed may change what
 * `./x` finds), the text of its package.json and tsconfig/jsconfig files (`main`, `exports`,
 * `paths`), and what the node_modules folders beside its package.json files hold (an install that
 * adds or links a workspace package). The persistent
 * cache keeps the import map's resolutions under it: they are reused only while it is the same.
 * Not seen: a link inside node_modules changed by hand, and package.json files above the
 * project; clear the cache after such a change.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { readRegularFile } from '../bounds/read-regular-file.js';

const CONFIG_FILE = /^(package\.json|[tj]sconfig(\..*)?\.json)$/;
/** Files an import may resolve to or read on the way (source files, JSON: package.json, tsconfig, …). */
const RESOLVABLE_FILE = /\.(?:[cm]?[jt]sx?|json|node)$/i;
const MAX_CONFIG_BYTES = 1_000_000;

/**
 * @typedef {object} LayoutCollector  fed by the listing, folder by folder
 * @property {(dir: string, entries: fs.Dirent[]) => void} folder
 * @property {() => string} fingerprint  once the listing is done
 */

/**
 * @param {string} root
 * @returns {LayoutCollector}
 */
export function layoutCollector(root) {
  const hash = crypto.createHash('sha1');
  hash.update(`${root}\0`);
  /** @type {string[]} */
  const configs = [];
  /** @type {string[]} folders holding a package.json: their node_modules may link workspace packages */
  const packages = [];
  return {
    folder(dir, entries) {
      // Only what an import may find counts: a log file or an image written meanwhile does not move the fingerprint.
      const names = entries
        .filter((entry) => entry.isDirectory() || entry.isSymbolicLink() || RESOLVABLE_FILE.test(entry.name))
        .map((entry) => `${entry.isDirectory() ? 'd' : entry.isSymbolicLink() ? 'l' : 'f'}${entry.name}`)
        .sort();
      hash.update(`${dir}\0${names.join('\0')}\n`);
      for (const entry of entries) {
        if (!CONFIG_FILE.test(entry.name)) continue;
        configs.push(path.join(dir, entry.name));
        if (entry.name === 'package.json') packages.push(dir);
      }
    },
    fingerprint() {
      for (const file of configs.sort()) hash.update(`${file}\0${readRegularFile(file, MAX_CONFIG_BYTES) ?? ''}\n`);
      for (const dir of packages.sort()) hash.update(nodeModulesStamps(path.join(dir, 'node_modules')));
      return hash.digest('hex');
    },
  };
}

/**
 * What a node_modules folder holds at its top and in its @scope folders: names, and which are
 * links (workspace packages are linked there). Names rather than modification times: a tool that
 * keeps its cache in node_modules/.cache (this one) changes the folder's time, not its packages.
 * @param {string} folder
 */
function nodeModulesStamps(folder) {
  /** @param {string} dir */
  const namesIn = (dir) => {
    try {
       
      return fs.readdirSync(dir, { withFileTypes: true }).filter((entry) => !entry.name.startsWith('.'));
    } catch {
      return [];
    }
  };
  const parts = [];
  for (const entry of namesIn(folder)) {
    parts.push(`${entry.isSymbolicLink() ? 'l' : ''}${entry.name}`);
    if (entry.name.startsWith('@') && entry.isDirectory()) {
      for (const inner of namesIn(path.join(folder, entry.name))) parts.push(`${entry.name}/${inner.isSymbolicLink() ? 'l' : ''}${inner.name}`);
    }
  }
  return `${folder}\0${parts.sort().join('\0')}\n`;
}
