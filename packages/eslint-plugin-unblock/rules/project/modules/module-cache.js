/**
 * Reads and parses the files a linted file imports, at most once per path
 * and modification time (as eslint-plugin-import's export map does), with
 * oxc-parser: about ten times faster than the ESLint parsers, and its
 * output is the same ESTree / TS-ESTree shape the analysis walks.
 * A file that cannot be read or parsed, or is too big to be hand-written
 * code, gives null: the calls into it stay unknown.
 */
import fs from 'node:fs';
import path from 'node:path';
import { optionalRequire } from '../bounds/optional-require.js';
import { nestingWithin, MAX_NESTING } from './nesting-depth.js';
import { createModuleView } from './module-view.js';
import { lintGeneration, lintWarning, isWithin } from '../bounds/lint-bounds.js';
import { readModuleText, BYTE_ORDER_MARK_BYTES } from '../bounds/read-regular-file.js';
import { contentHash } from '../cache/content-hash.js';
import { noteInput, recordingNow } from '../cache/inputs.js';
import { watchReads, noteLoaded } from './module-reads.js';

/** Larger files are generated (bundles, parsers, schemas): not worth reading for effects. */
export const MAX_MODULE_BYTES = 400_000;
/** Modules whose stamp and hash are kept in memory; the oldest go first. */
const MAX_MODULES = 3000;
/**
 * Parsed trees kept in memory, the least recently used dropped first (the module's stamp and hash
 * stay, and it is parsed again if asked for). A run scans hundreds of modules for callers once
 * each; holding every tree to the end made each collection promote and mark them. The modules
 * asked about again and again (a logger, a database layer) are used recently, and stay.
 */
export const MAX_TREES = 200;

/**
 * @typedef {object} CacheEntry
 * @property {number} mtimeMs
 * @property {number} size
 * @property {number} generation the lint generation it was last checked against the disk in: a stat is
 *   trusted for the rest of one file's lint, and checked again by the next lint (an editor lints after a save)
 * @property {string | null} hash the hash of the text read (null: none: missing, not a regular file, too big)
 * @property {boolean} parsed the text was parsed (an entry made only to hash the text is not, nor one whose tree was dropped)
 * @property {import('./module-view.js').ModuleView | null} view
 */

/** @type {Map<string, CacheEntry>} */
const cache = new Map();
/** @type {Set<string>} the files whose entry holds a tree, least recently used first */
const withTree = new Set();

/**
 * The module view of a project file, or null.
 * @param {string} file absolute path
 * @returns {import('./module-view.js').ModuleView | null}
 */
export function loadModule(file) {
  const entry = currentEntry(file, true);
  if (entry.view) usedTree(file);
  // A kept fact that read this module is trusted later only while it reads the same (cache/inputs.js):
  // without a view, while its text is the same; with one, while it parses the same way and each name
  // read of it stands for the same code (module-reads.js notes those as they are read).
  if (recordingNow()) {
    if (entry.view) noteLoaded(entry.view);
    else noteInput(['module', file, entry.hash]);
  }
  return entry.view;
}

/**
 * The module view of a project file, or null, without noting it as read: for checking kept facts
 * (../workspace/input-check.js), not for making them.
 * @param {string} file absolute path
 * @returns {import('./module-view.js').ModuleView | null}
 */
export function currentModuleView(file) {
  const entry = currentEntry(file, true);
  if (entry.view) usedTree(file);
  return entry.view;
}

/**
 * Whether a module's tree is still the one the module cache holds for it (its text unchanged since
 * this lint checked the disk); the tree then counts as used. For results kept with the tree's
 * nodes (../callees/summary-memo.js).
 * @param {import('./module-view.js').ModuleView} view
 */
export function viewIsCurrent(view) {
  if (currentEntry(view.file, false).view !== view) return false;
  usedTree(view.file);
  return true;
}

/**
 * Whether the module cache still holds this tree, without looking at the disk.
 * @param {import('./module-view.js').ModuleView} view
 */
export function viewIsKept(view) {
  return cache.get(view.file)?.view === view;
}

/**
 * The hash of the text loadModule() would parse (null when it would read none), without parsing it:
 * what the persistent cache compares to trust facts read from this file.
 * @param {string} file absolute path
 * @returns {string | null}
 */
export function moduleTextHash(file) {
  return currentEntry(file, false).hash;
}

/**
 * The hash of a linted text when it is the file's text on disk, else null. A file not read yet in
 * this lint is read and compared as text, and hashed once (its hash is then the module's, as
 * moduleTextHash gives it): a warm run asks this of every linted file before anything else reads it.
 * @param {string} file absolute path
 * @param {string} text
 * @returns {string | null}
 */
export function hashIfOnDisk(file, text) {
  const cached = cache.get(file);
  if (cached && cached.generation === lintGeneration()) {
    const hash = contentHash(text);
    return hash === cached.hash ? hash : null;
  }
  let disk;
  let stat;
  try {
    stat = fs.statSync(file);
    // An editor's unsaved buffer mostly differs in length from the file: then it is not read at every keystroke.
    const bytes = Buffer.byteLength(text);
    if (stat.size !== bytes && stat.size !== bytes + BYTE_ORDER_MARK_BYTES) return null;
    disk = stat.isFile() && stat.size <= MAX_MODULE_BYTES ? readModuleText(file, MAX_MODULE_BYTES) : null;
  } catch {
    return null;
  }
  if (disk !== text) return null;
  const hash = contentHash(text);
  if (!cached || cached.mtimeMs !== stat.mtimeMs || cached.size !== stat.size) remember(file, { mtimeMs: stat.mtimeMs, size: stat.size, generation: lintGeneration(), hash, parsed: false, view: null });
  else checkedNow(file, cached);
  return hash;
}

/**
 * @param {string} file
 * @param {boolean} parse the view is wanted, not only the hash
 * @returns {CacheEntry}
 */
function currentEntry(file, parse) {
  const generation = lintGeneration();
  const cached = cache.get(file);
  if (cached && cached.generation === generation && (cached.parsed || !parse)) return cached;
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return remember(file, { mtimeMs: -1, size: -1, generation, hash: null, parsed: true, view: null });
  }
  if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size && (cached.parsed || !parse)) {
    checkedNow(file, cached);
    return cached;
  }
  const text = stat.isFile() && stat.size <= MAX_MODULE_BYTES ? readModuleText(file, MAX_MODULE_BYTES) : null;
  const hash = text === null ? null : contentHash(text);
  const view = parse && text !== null && hash !== null ? parseModule(file, text, hash) : null;
  return remember(file, { mtimeMs: stat.mtimeMs, size: stat.size, generation, hash, parsed: parse || text === null, view });
}

/**
 * Notes that an entry was checked against the disk in this lint. Its tree, if it holds one, then
 * counts as used: it moves to the recent end, after every tree of earlier lints, which usedTree
 * relies on.
 * @param {string} file
 * @param {CacheEntry} entry
 */
function checkedNow(file, entry) {
  entry.generation = lintGeneration();
  if (entry.view && withTree.delete(file)) withTree.add(file);
}

/**
 * @param {string} file
 * @param {CacheEntry} entry
 */
function remember(file, entry) {
  forgetEntry(file);
  if (cache.size >= MAX_MODULES) forgetEntry(cache.keys().next().value ?? '');
  cache.set(file, entry);
  return entry;
}

/** @param {string} file */
function forgetEntry(file) {
  cache.delete(file);
  withTree.delete(file);
}

/**
 * Marks a file's tree as the most recently used, and drops the least recently used trees beyond
 * MAX_TREES. Never a tree read during the current file's lint: the analysis of one file compares
 * nodes by identity (a summary per function node, a handler's module against the one scanned), so
 * a module must stay the same tree until the lint ends.
 * @param {string} file
 */
function usedTree(file) {
  withTree.delete(file);
  withTree.add(file);
  if (withTree.size <= MAX_TREES) return;
  const generation = lintGeneration();
  for (const oldest of withTree) {
    const entry = cache.get(oldest);
    // The trees of this lint come last (checkedNow): none from here on may go. A lint that reads more
    // than MAX_TREES modules would otherwise walk past all of them at every module it reads.
    if (entry?.generation === generation) return;
    withTree.delete(oldest);
    if (entry) {
      entry.view = null;
      entry.parsed = false;
    }
    if (withTree.size <= MAX_TREES) return;
  }
}

/**
 * @param {string} file
 * @param {string} text
 * @param {string} hash the text's hash
 */
function parseModule(file, text, hash) {
  const oxc = optionalRequire('oxc-parser');
  if (!oxc) return null;
  if (!nestingWithin(text)) {
    warnTooDeep(file);
    return null;
  }
  try {
    const result = parse(oxc, file, text);
    if (result.errors.some((/** @type {any} */ error) => error.severity === 'Error')) return null;
    const view = createModuleView(file, result.program);
    watchReads(view, text, hash);
    return view;
  } catch {
    return null;
  }
}

let warnedTooDeep = false;

/**
 * Says once a run that a module was not parsed for its depth: a module nested that deep is
 * generated or planted, and the reports that would have read it are made without it.
 * @param {string} file
 */
function warnTooDeep(file) {
  if (warnedTooDeep) return;
  warnedTooDeep = true;
  const name = isWithin(file, process.cwd()) ? path.relative(process.cwd(), file).split(path.sep).join('/') : file;
  lintWarning(`unblock: ${JSON.stringify(name).slice(1, -1)} is nested deeper than ${MAX_NESTING} levels: not parsed (the native parser could overflow its stack); calls into it are analysed as if it could not be read.`, 'UNBLOCK_TOO_DEEP');
}

/**
 * Through JSON, not raw transfer. Raw transfer builds the tree from the parser's memory with a large
 * generated deserializer, which V8 compiles again in every process: a lint run reads tens to a few
 * hundred other files (Ghost's core/: 92 with a warm cache, 442 with none), too few to pay that back.
 * In fresh processes, 50 / 200 / 450 / 1,000 of Ghost's files cost 64 / 144 / 359 / 646 ms of process
 * CPU by raw transfer against 34 / 79 / 218 / 435 ms through JSON, the main thread's share about equal
 * (`node scripts/bench-lint/oxc-transfer.js`); a warm lint of uptime-kuma spent about 135 ms of V8's
 * background threads optimizing the deserializer alone. Both give the same trees
 * (scripts/equivalence/raw-transfer.js). JSON also needs no large buffer, which a memory limit
 * (`ulimit -d`) can refuse. The editor's own parser, which parses the open file on every edit,
 * keeps raw transfer (extension/src/lint/oxc-parser).
 */
const OPTIONS = Object.freeze({ range: true, preserveParens: false, sourceType: 'unambiguous' });

/** The options the project index parses with. */
export function parseOptions() {
  return OPTIONS;
}

/**
 * @param {any} oxc the oxc-parser module
 * @param {string} file
 * @param {string} text
 * @param {Record<string, unknown>} [extra] more options for this parse
 */
function parse(oxc, file, text, extra) {
  return oxc.parseSync(file, text, extra ? { ...OPTIONS, ...extra } : OPTIONS);
}

/**
 * Parses a text with oxc-parser as the project index does (its options),
 * plus `extra` options; null when oxc-parser cannot load here, throws, or the text is nested
 * too deeply to hand to it (nesting-depth.js).
 * @param {string} file a name whose extension picks the grammar (`.ts`, `.tsx`, `.jsx`)
 * @param {string} text
 * @param {Record<string, unknown>} [extra]
 * @returns {{ program: any, errors: any[] } | null}
 */
export function parseWithOxc(file, text, extra) {
  const oxc = optionalRequire('oxc-parser');
  if (!oxc || !nestingWithin(text)) return null;
  try {
    return parse(oxc, file, text, extra);
  } catch {
    return null;
  }
}

/** Visitor keys for the ASTs oxc-parser returns (ESTree plus TypeScript). */
export function foreignVisitorKeys() {
  return optionalRequire('oxc-parser')?.visitorKeys ?? {};
}

/**
 * Forgets one file (the editor calls this when a file changes on disk), or all.
 * @param {string} [file]
 */
export function forgetModule(file) {
  if (file === undefined) {
    cache.clear();
    withTree.clear();
  } else {
    forgetEntry(file);
  }
}
