/**
 * The persistent project cache: facts about a project's modules and the rules' verdicts on its
 * files, kept between lint runs, in `node_modules/.cache/unblock/` by default (settings.js says
 * where, and how to turn it off). An entry is keyed by the text it was read from (its hash) and
 * carries the inputs it depended on elsewhere (inputs.js); it is used only while all of them still
 * hold. Its users: the call-site scan (callers/scan-cache.js), the linted files' call summaries
 * (callees/summary-cache.js), the import map (../workspace/import-map.js) and each rule's reports
 * on a file (rules/verdicts/kept-verdicts.js); the module cache tells
 * the hash of a module's text (modules/module-cache.js). No index file on purpose: the caller
 * index follows a module's importers through an index file, and one that the project index's
 * modules all import made its searches over this repository's own code far longer.
 *
 * This file: the cache's files. One file per entry, `<folder>/<code version>/<kind>/<key>.json` (one folder
 * per kind: a first run writes a thousand entries, and on some file systems making a folder costs a
 * millisecond, as much as the entry; a folder of thousands of files is no burden to any of them),
 * written whole to a temporary name and renamed into place: a reader sees the old entry or the
 * new one, never half of one, and several lint processes (`eslint --concurrency`, a CI matrix
 * sharing a cache) may write the same entry at once (the last rename wins; both are complete).
 * Nothing here may break a lint: a folder that cannot be created or written (a read-only file
 * system, a CI cache restored without write access) turns writing off for the rest of the run;
 * an entry that cannot be read, does not parse, names another key or does not fit its kind's
 * schema (schemas/: wrong shapes, files outside the project) is a miss, counted (stats.js),
 * rebuilt and written again. Anyone who can write the folder can plant files in it, so a
 * temporary file is created only where nothing is, and a sub-folder that leads out of the cache
 * folder through a link is not written into. Before a process's first write into a project's
 * store, the folder is pruned of entries that can no longer be used and kept under its cap (prune.js).
 */
import fs from 'node:fs';
import path from 'node:path';
import { threadId, isMainThread } from 'node:worker_threads';
import { readRegularFile } from '../bounds/read-regular-file.js';
import { codeVersion } from './code-version.js';
import { cacheFolderFor } from './settings.js';
import { fitsSchema } from './schemas/by-kind.js';
import { countRefused, noteCacheFolder } from './stats.js';
import { pruneCacheFolder } from './prune.js';

/** An entry bigger than this is not read (a cache file is a few kB; anything larger is not ours). */
const MAX_ENTRY_BYTES = 64 * 1024 * 1024;

/**
 * @typedef {object} Store
 * @property {string} folder   where this code version's entries live
 * @property {(kind: string, key: string) => any} read      the value written under the key, or undefined
 * @property {(kind: string, key: string, value: any) => void} write
 * @property {(kind: string, key: string) => boolean} has  whether an entry file is there (not read, not checked)
 */

/** @type {Map<string, Store>} by cache folder and project root */
const stores = new Map();
let temporaries = 0;
/** Created only where nothing is, and never through a link planted at the name (`O_NOFOLLOW` where there is one). */
const EXCLUSIVE = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | (fs.constants.O_NOFOLLOW ?? 0);

/**
 * The store in a cache folder (created on the first write).
 * @param {string} cacheFolder
 * @param {string | null} [root] the project whose facts are read: an entry naming files outside it is refused
 * @returns {Store}
 */
export function storeIn(cacheFolder, root = null) {
  const id = `${cacheFolder}\0${root ?? ''}`;
  let store = stores.get(id);
  if (!store) {
    store = createStore(path.join(cacheFolder, codeVersion()), root);
    stores.set(id, store);
  }
  return store;
}

/**
 * @param {string} folder
 * @param {string | null} root
 * @returns {Store}
 */
function createStore(folder, root) {
  let writable = true;
  /** @type {Set<string>} sub-folders known to exist, inside the folder */
  const made = new Set();
  /** @type {Set<string>} the entries this process read back or wrote, as `kind/key`: pruned for the cap last */
  const used = new Set();
  // Pruned by the project's store on the linting thread only (the import map's helper thread has no project).
  const prunes = root !== null && isMainThread;
  if (prunes) noteCacheFolder(folder);
  /**
   * @param {string} kind
   * @param {string} key
   */
  const fileOf = (kind, key) => path.join(folder, kind, `${key}.json`);
  return {
    folder,
    has: (kind, key) => fs.existsSync(fileOf(kind, key)),
    read(kind, key) {
      const text = readRegularFile(fileOf(kind, key), MAX_ENTRY_BYTES);
      if (text === null) return undefined;
      const value = entryValue(text, kind, key, root);
      if (value === undefined) countRefused();
      else if (prunes) used.add(`${kind}/${key}`);
      return value;
    },
    write(kind, key, value) {
      if (!writable) return;
      // Before the first write of a process, what can no longer be used goes, and the oldest beyond the cap (prune.js).
      if (prunes) {
        used.add(`${kind}/${key}`);
        pruneOnce(folder, /** @type {string} */ (root), used);
      }
      const file = fileOf(kind, key);
      const dir = path.dirname(file);
      const temporary = `${file}.${process.pid}-${threadId}-${++temporaries}.tmp`;
      let created = false;
      try {
        if (!made.has(dir)) {
          makeFolders(path.dirname(folder), dir);
          made.add(dir);
        }
        const fd = fs.openSync(temporary, EXCLUSIVE, 0o644);
        created = true;
        try {
          fs.writeFileSync(fd, JSON.stringify({ kind, key, value }));
        } finally {
          fs.closeSync(fd);
        }
        fs.renameSync(temporary, file);
      } catch (error) {
        try {
          // Only what this write made: a file planted at the name stays as it was.
          if (created) fs.rmSync(temporary, { force: true });
        } catch {
          // Nothing was written.
        }
        // A file system that refuses writes refuses the next ones too: stop trying for this run.
        const code = /** @type {NodeJS.ErrnoException} */ (error)?.code;
        if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM' || code === 'ENOSPC' || code === 'ENOTDIR' || code === 'EEXIST' || code === 'ELOOP') writable = false;
      }
    },
  };
}

/** @type {Set<string>} the code version folders pruned in this process */
const pruned = new Set();

/**
 * Prunes a cache folder once per process (prune.js).
 * @param {string} folder
 * @param {string} root
 * @param {ReadonlySet<string>} used
 */
function pruneOnce(folder, root, used) {
  if (pruned.has(folder)) return;
  pruned.add(folder);
  try {
    pruneCacheFolder(folder, root, { used });
  } catch {
    // Nothing pruned: the entries stay, and are misses or hits as before.
  }
}

/**
 * Makes the folders from the cache folder down to `dir`, each a real folder: a link planted inside
 * the cache (`scan` pointing elsewhere) would take the writes out of it.
 * @param {string} base the cache folder (checked to stay inside the project by settings.js)
 * @param {string} dir a folder inside it
 */
function makeFolders(base, dir) {
  fs.mkdirSync(base, { recursive: true });
  let current = base;
  for (const part of path.relative(base, dir).split(path.sep)) {
    current = path.join(current, part);
    try {
      fs.mkdirSync(current);
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error)?.code !== 'EEXIST') throw error;
    }
    if (!fs.lstatSync(current).isDirectory()) throw Object.assign(new Error(`${current} is not a folder`), { code: 'ENOTDIR' });
  }
}

/**
 * The value of an entry's text, or undefined when it is not one to use.
 * @param {string} text
 * @param {string} kind
 * @param {string} key
 * @param {string | null} root
 */
function entryValue(text, kind, key, root) {
  let entry;
  try {
    entry = JSON.parse(text);
  } catch {
    // Half-written by a tool that did not rename, truncated by a full disk, edited by hand: a miss.
    return undefined;
  }
  // Another key's, or of the right kind and the wrong shape (an older plugin, a hand, a planted file): a miss.
  if (entry?.kind !== kind || entry?.key !== key || !fitsSchema(kind, entry.value, root)) return undefined;
  return entry.value;
}

/**
 * The store of a project's facts, or null when the cache is off.
 * @param {string} projectRoot
 * @returns {Store | null}
 */
export function projectStore(projectRoot) {
  const folder = cacheFolderFor(projectRoot);
  return folder === null ? null : storeIn(folder, projectRoot);
}

/** Forgets the open stores (tests: a cache folder removed and made again). */
export function forgetStores() {
  stores.clear();
  pruned.clear();
}
