/**
 * Keeps the project cache bounded (#45 item 7). Every edit of a module makes new entries (a scan and
 * a linted file's summaries are keyed by the hash of the text they were read from) and leaves the
 * old ones behind, never to be asked for again: 200 rounds of edits took a cache from 0.86 to 8.2 MB.
 * Once per process and cache folder, before its first write, the folder is pruned:
 *
 * - an entry that can no longer be used goes: one whose recorded inputs name a project file that is
 *   gone or whose text no longer has the hash recorded (its key names the old text, or its facts were
 *   read from it), a linted file's call summaries once that file has another text or is gone (its
 *   functions moved or were deleted: the entry is keyed by the old text), one that does not parse,
 *   and a temporary file a process left behind;
 * - then, while the entries add up to more than the cap (50 MB by default, `UNBLOCK_CACHE_MAX_MB`),
 *   the oldest go first (by the time they were written; those this process used or wrote go last),
 *   down to 80% of the cap, so that the next runs do not prune again at once.
 *
 * A pruned entry is a miss: the fact is read again and kept again, and the reports are the same. An
 * input that names a file outside the project is not read (the project's store does not open it);
 * the entry stays to the cap (another project may share a named cache folder). The import facts (one
 * entry per project, rewritten in place) are left to the cap as well.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isWithin } from '../bounds/lint-bounds.js';
import { readRegularFile, readModuleText } from '../bounds/read-regular-file.js';
import { contentHash } from './content-hash.js';

/** The cap when the environment names none. */
export const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;
/** Pruning for the cap goes down to this share of it. */
const LOW_WATER = 0.8;
/** An entry bigger than this is not read to be checked (store.js reads none that big either). */
const MAX_ENTRY_BYTES = 64 * 1024 * 1024;
/** A temporary file older than this was left by a process that stopped between writing and renaming. */
const STALE_TEMPORARY_MS = 10 * 60 * 1000;
/** A module bigger than this is hashed as no text: module-cache.js MAX_MODULE_BYTES (not imported: the helper thread loads stats.js). */
const MAX_MODULE_BYTES = 400_000;
/** The kinds whose entries carry the inputs they were read from (inputs.js). */
const WITH_INPUTS = new Set(['scan', 'summaries', 'verdicts']);

/**
 * The cap on a cache folder's entries, in bytes: `UNBLOCK_CACHE_MAX_MB` (a number of megabytes), else 50 MB.
 * @returns {number}
 */
export function maxCacheBytes() {
  const text = process.env.UNBLOCK_CACHE_MAX_MB;
  const megabytes = text === undefined || text.trim() === '' ? NaN : Number(text);
  return Number.isFinite(megabytes) && megabytes >= 0 ? Math.floor(megabytes * 1024 * 1024) : DEFAULT_MAX_BYTES;
}

/**
 * @typedef {{ file: string, id: string, kind: string, size: number, mtimeMs: number }} Entry
 */

/**
 * Prunes a code version's folder of the cache. Never throws: a file that cannot be read or removed stays.
 * @param {string} folder a code version's folder (store.js)
 * @param {string} root the project whose files the entries' inputs are checked against
 * @param {{ maxBytes?: number, used?: ReadonlySet<string> }} [options] used: entries this process read or
 *   wrote, as `kind/key`: dropped for the cap last
 * @returns {{ removed: number, bytes: number }} entries removed, and the bytes of those left
 */
export function pruneCacheFolder(folder, root, { maxBytes = maxCacheBytes(), used = new Set() } = {}) {
  /** @type {Map<string, string | null>} */
  const hashes = new Map();
  /** @type {Entry[]} */
  const kept = [];
  let removed = 0;
  for (const entry of entriesIn(folder)) {
    if (entry.file.endsWith('.tmp')) {
      if (Date.now() - entry.mtimeMs > STALE_TEMPORARY_MS && remove(entry.file)) removed++;
      continue;
    }
    if (WITH_INPUTS.has(entry.kind) && !used.has(entry.id) && !stillUsable(entry, root, hashes)) {
      if (remove(entry.file)) {
        removed++;
        continue;
      }
    }
    kept.push(entry);
  }
  let bytes = kept.reduce((sum, entry) => sum + entry.size, 0);
  if (bytes > maxBytes) {
    // The oldest first; what this process used or wrote last.
    kept.sort((a, b) => Number(used.has(a.id)) - Number(used.has(b.id)) || a.mtimeMs - b.mtimeMs);
    const target = maxBytes * LOW_WATER;
    for (const entry of kept) {
      if (bytes <= target) break;
      if (remove(entry.file)) {
        removed++;
        bytes -= entry.size;
      }
    }
  }
  return { removed, bytes };
}

/**
 * The bytes of a code version's entries (for the stats line).
 * @param {string} folder
 */
export function cacheBytes(folder) {
  let bytes = 0;
  for (const entry of entriesIn(folder)) if (!entry.file.endsWith('.tmp')) bytes += entry.size;
  return bytes;
}

/**
 * The files of a code version's folder, `<kind>/<key>.json` (and temporaries beside them): real
 * folders and regular files only (a link planted in the cache is not followed).
 * @param {string} folder
 * @returns {Entry[]}
 */
function entriesIn(folder) {
  /** @type {Entry[]} */
  const entries = [];
  for (const kind of foldersIn(folder)) {
    const dir = path.join(folder, kind);
    let names;
    try {
      names = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const name of names) {
      if (!name.isFile() || !(name.name.endsWith('.json') || name.name.endsWith('.tmp'))) continue;
      const file = path.join(dir, name.name);
      const stat = fs.lstatSync(file, { throwIfNoEntry: false });
      if (!stat?.isFile()) continue;
      entries.push({ file, id: `${kind}/${name.name.slice(0, -'.json'.length)}`, kind, size: stat.size, mtimeMs: stat.mtimeMs });
    }
  }
  return entries;
}

/** @param {string} dir */
function foldersIn(dir) {
  try {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/**
 * Whether an entry could still be used: it parses, no module it read inside the project is gone, no
 * module it read whole has another text now, and a scan's key still names a module's text. A scan is
 * kept under the hash of its module's path and text, and always reads that module (its shape): when
 * no module it read has that key now, the module changed, and the entry will not be asked for again.
 * A name read of a module that changed may still hold (the code moved), and so may a verdict that
 * used the scan of a module that changed (the new scan may find the same calls): such an entry stays
 * (it is checked, and kept with the new hash, when asked for).
 * @param {Entry} entry
 * @param {string} root
 * @param {Map<string, string | null>} hashes
 */
function stillUsable(entry, root, hashes) {
  if (entry.size > MAX_ENTRY_BYTES) return false;
  const text = readRegularFile(entry.file, MAX_ENTRY_BYTES);
  if (text === null) return true; // gone meanwhile, or unreadable: not ours to judge
  let value;
  try {
    value = JSON.parse(text)?.value;
  } catch {
    return false;
  }
  const inputs = value?.inputs;
  if (!Array.isArray(inputs)) return false;
  if ((entry.kind === 'summaries' || entry.kind === 'verdicts') && !lintedFileHolds(value.of, root, hashes)) return false;
  const key = entry.id.slice(entry.kind.length + 1);
  let reachable = entry.kind !== 'scan';
  /** @type {Set<string>} */
  const outside = new Set();
  for (const input of inputs) {
    if (!Array.isArray(input) || !(input[0] === 'module' || input[0] === 'name' || input[0] === 'member' || input[0] === 'shape' || input[0] === 'scan')) continue;
    const [, file, hash] = input;
    if (typeof file !== 'string' || !path.isAbsolute(file)) continue;
    if (!isWithin(file, root)) {
      outside.add(file);
      continue;
    }
    if (!hashes.has(file)) hashes.set(file, textHash(file));
    const now = hashes.get(file) ?? null;
    // A module read whole holds only with that text. A name read of it, or its scan used (which holds while a scan
    // of the text now has the same shape, ../callers/scan-cache.js), may hold after an edit.
    if ((input[0] === 'module' && now !== hash) || (now === null && hash !== null)) return false;
    if (!reachable && contentHash(`${file}\0${now ?? ''}`) === key) reachable = true;
  }
  // A scan of a module outside this project (a cache folder shared by projects) is not judged here.
  return reachable || outside.size > 0;
}

/**
 * Whether the linted file a summaries entry was read for still has the text it is keyed by. Its key
 * names that text, and the file's own text is no input of its summaries: without this, each edit of a
 * linted file left its last entry behind, with inputs that all still hold, until the cap took it.
 * @param {unknown} of the entry's `of`: [file, hash of its text] (missing in older entries: kept)
 * @param {string} root
 * @param {Map<string, string | null>} hashes
 */
function lintedFileHolds(of, root, hashes) {
  if (!Array.isArray(of) || typeof of[0] !== 'string' || !path.isAbsolute(of[0]) || !isWithin(of[0], root)) return true;
  const file = of[0];
  if (!hashes.has(file)) hashes.set(file, textHash(file));
  const now = hashes.get(file) ?? null;
  // No text: gone (stale), or too big to hash (module-cache.js would not hash it either: not ours to judge).
  return now === null ? fs.existsSync(file) : now === of[1];
}

/**
 * The hash module-cache.js gives a module's text: null when it is missing, not a regular file, or too big.
 * @param {string} file
 * @returns {string | null}
 */
function textHash(file) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return null;
  }
  const text = stat.isFile() && stat.size <= MAX_MODULE_BYTES ? readModuleText(file, MAX_MODULE_BYTES) : null;
  return text === null ? null : contentHash(text);
}

/** @param {string} file */
function remove(file) {
  try {
    fs.unlinkSync(file);
    return true;
  } catch (error) {
    // Removed by another process meanwhile: gone all the same.
    return /** @type {NodeJS.ErrnoException} */ (error)?.code === 'ENOENT';
  }
}
