/**
 * The persistent project cache: facts about a project's modules kept between lint runs, in
 * `node_modules/.cache/unblock/` by default (settings.js says where, and how to turn it off).
 * Facts, never verdicts: a kept fact is keyed by the text it was read from (its hash) and carries
 * the inputs it depended on elsewhere (inputs.js); it is used only while all of them still hold,
 * and every run decides its verdicts from the facts again. Its users: the call-site scan
 * (callers/scan-cache.js), the linted files' call summaries (callees/summary-cache.js) and the
 * import map (modules/import-map.js); the module cache tells
 * the hash of a module's text (modules/module-cache.js). No index file on purpose: the caller
 * index follows a module's importers through an index file, and one that the project index's
 * modules all import made its searches over this repository's own code far longer.
 *
 * This file: the cache's files. One file per entry, `<folder>/<code version>/<kind>/<2 hex>/<key>.json`,
 * written whole to a temporary name and renamed into place: a reader sees the old entry or the
 * new one, never half of one, and several lint processes (`eslint --concurrency`, a CI matrix
 * sharing a cache) may write the same entry at once (the last rename wins; both are complete).
 * Nothing here may break a lint: a folder that cannot be created or written (a read-only file
 * system, a CI cache restored without write access) turns writing off for the rest of the run;
 * an entry that cannot be read, does not parse, or names another key is a miss, rebuilt and
 * written again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { readRegularFile } from '../modules/read-regular-file.js';
import { codeVersion } from './code-version.js';
import { cacheFolderFor } from './settings.js';

/** An entry bigger than this is not read (a cache file is a few kB; anything larger is not ours). */
const MAX_ENTRY_BYTES = 64 * 1024 * 1024;

/**
 * @typedef {object} Store
 * @property {string} folder   where this code version's entries live
 * @property {(kind: string, key: string) => any} read      the value written under the key, or undefined
 * @property {(kind: string, key: string, value: any) => void} write
 */

/** @type {Map<string, Store>} by cache folder */
const stores = new Map();
let temporaries = 0;

/**
 * The store in a cache folder (created on the first write).
 * @param {string} cacheFolder
 * @returns {Store}
 */
export function storeIn(cacheFolder) {
  let store = stores.get(cacheFolder);
  if (!store) {
    store = createStore(path.join(cacheFolder, codeVersion()));
    stores.set(cacheFolder, store);
  }
  return store;
}

/**
 * @param {string} folder
 * @returns {Store}
 */
function createStore(folder) {
  let writable = true;
  /** @type {Set<string>} sub-folders known to exist */
  const made = new Set();
  /**
   * @param {string} kind
   * @param {string} key
   */
  const fileOf = (kind, key) => path.join(folder, kind, key.slice(0, 2), `${key}.json`);
  return {
    folder,
    read(kind, key) {
      const text = readRegularFile(fileOf(kind, key), MAX_ENTRY_BYTES);
      if (text === null) return undefined;
      try {
        const entry = JSON.parse(text);
        return entry?.kind === kind && entry?.key === key ? entry.value : undefined;
      } catch {
        // Half-written by a tool that did not rename, truncated by a full disk, edited by hand: a miss.
        return undefined;
      }
    },
    write(kind, key, value) {
      if (!writable) return;
      const file = fileOf(kind, key);
      const dir = path.dirname(file);
      const temporary = `${file}.${process.pid}-${threadId}-${++temporaries}.tmp`;
       
      try {
        if (!made.has(dir)) {
          fs.mkdirSync(dir, { recursive: true });
          made.add(dir);
        }
        fs.writeFileSync(temporary, JSON.stringify({ kind, key, value }));
        fs.renameSync(temporary, file);
      } catch (error) {
        try {
          fs.rmSync(temporary, { force: true });
        } catch {
          // Nothing was written.
        }
        // A file system that refuses writes refuses the next ones too: stop trying for this run.
        const code = /** @type {NodeJS.ErrnoException} */ (error)?.code;
        if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM' || code === 'ENOSPC' || code === 'ENOTDIR' || code === 'EEXIST') writable = false;
      }
       
    },
  };
}

/**
 * The store of a project's facts, or null when the cache is off.
 * @param {string} projectRoot
 * @returns {Store | null}
 */
export function projectStore(projectRoot) {
  const folder = cacheFolderFor(projectRoot);
  return folder === null ? null : storeIn(folder);
}

/** Forgets the open stores (tests: a cache folder removed and made again). */
export function forgetStores() {
  stores.clear();
}
