/**
 * The source files of a linted file's project (its workspace when it is one of a monorepo's
 * packages), for the caller index: never node_modules, never tests (a test calls anything),
 * only regular files inside the project (a link to a device, a FIFO, or a file outside is not
 * the project's code and must never be read).
 *
 * The list is checked against the disk before a lint trusts it: the modification times of its
 * folders (a file added, removed or renamed) and of its files (a call added elsewhere). An editor
 * or a lint server (eslint_d) keeps the index for hours; a verdict must follow the files, not a
 * timer. The check costs a stat per file. After a pause in linting (an editor after an edit,
 * eslint_d at its next command) it runs at once where it costs under 2 ms, else at most once per
 * 50 times its cost; while lints follow one another without a pause, at most once per 500 times
 * its cost: a command-line run of a large project spent 1-2% of its CPU on it (Ghost), and now 0.2%.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileMatches, testFileGlobs } from './file-globs.js';
import { crossFileBudgetLeft, lintGeneration, lintPauses, isWithin, lintWarning } from '../bounds/lint-bounds.js';
import { projectRootsOf } from '../bounds/project-root.js';
import { clearResolutions } from '../modules/resolve-import.js';
import { layoutCollector } from './project-layout.js';

/**
 * Projects with more source files than this are not indexed: their callers across files are not
 * read, and the rules report what one file shows. Said once per project and process, in one line
 * (warnOverLimit), so that a rule that reports nothing there is not taken for a clean project.
 * The index reads every file once for its imports (a text pass) and parses only the importers of
 * what it is asked about, so it costs little more than the lint itself: on bench:monorepo's generated
 * monorepo (docs/project-cache.md, Big monorepos) 6,500 files indexed peaked at 623 MB against 609 MB
 * not indexed, and 20,000 indexed cost +18% CPU and 1.52× the memory of eslint:recommended alone. The
 * limit is the largest size measured there, not a size found to cost too much.
 */
export const MAX_PROJECT_FILES = 20_000;
/** The projects already said to be over the limit, in this process. */
const warnedOverLimit = new Set();
const MAX_WARNED = 1000;
const SOURCE_FILE = /\.(?:[cm]?js|[cm]?ts|tsx|jsx)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'coverage', 'bower_components', 'vendor']);
/** A check this cheap runs before every lint that follows a pause. */
const ALWAYS_CHECK_MS = 2;
/** Otherwise at most once per this many times its cost after a pause in linting (../bounds/lint-bounds.js)… */
const CHECK_SPACING = 50;
/** …and at most once per this many times its cost while lints follow one another without a pause. */
const BUSY_CHECK_SPACING = 500;

/**
 * @typedef {object} ProjectFiles
 * @property {string} root        the folder the files were listed from
 * @property {string[] | null} files  null when there are more than MAX_PROJECT_FILES
 * @property {number} version     changes whenever a file or folder changed on disk
 * @property {string} layout      what decides how imports resolve, as a fingerprint (project-layout.js)
 * @property {ReadonlyMap<string, string>} stamps  each file's (and folder's) modification time and size when listed,
 *   as `mtimeMs:size`: what the import map compares its kept facts with, instead of a stat per file again
 *
 * @typedef {object} Snapshot
 * @property {string[] | null} files
 * @property {Map<string, string>} stamps  folder or file → its modification time and size, as listed
 * @property {number} version
 * @property {number} generation  the lint generation it was last checked in
 * @property {number} checkedAt   performance.now() at the end of the last check
 * @property {number} cost        milliseconds the last listing or check took
 * @property {number} pauses      lintPauses() at the last listing or check
 * @property {string} layout
 */

/** @type {Map<string, Snapshot>} by root */
const snapshots = new Map();
let versions = 0;

/**
 * The project files of a linted file, checked against the disk; null when it has no project, or
 * its lint may not ask about other files (too big, out of time: see ../bounds/lint-bounds.js).
 * @param {string} file absolute path of the linted file
 * @returns {ProjectFiles | null}
 */
export function projectFilesOf(file) {
  if (!crossFileBudgetLeft(file)) return null;
  const roots = projectRootsOf(file);
  if (!roots) return null;
  const root = roots.callerRoot;
  let snapshot = snapshots.get(root);
  if (!snapshot || (isDue(snapshot) && !unchanged(snapshot))) {
    // A file added, moved or removed may change what an import resolves to.
    if (snapshot) clearResolutions();
    snapshot = listSnapshot(root);
    snapshots.set(root, snapshot);
  }
  return { root, files: snapshot.files, version: snapshot.version, layout: snapshot.layout, stamps: snapshot.stamps };
}

/** @param {Snapshot} snapshot */
function isDue(snapshot) {
  const generation = lintGeneration();
  if (snapshot.generation === generation) return false;
  // After a pause (an editor after an edit), a cheap check runs at once; lints that follow one
  // another without a pause (a command-line run) space even a cheap one out, which on a project of
  // 200 files was a stat per file before each of its 200 lints (2% of uptime-kuma's CPU).
  const paused = lintPauses() !== snapshot.pauses;
  const spacing = paused ? (snapshot.cost < ALWAYS_CHECK_MS ? 0 : CHECK_SPACING) : BUSY_CHECK_SPACING;
  if (performance.now() - snapshot.checkedAt < spacing * snapshot.cost) return false;
  snapshot.generation = generation;
  return true;
}

/**
 * Whether nothing listed changed: every folder and file has the time and size it was listed with.
 * A folder's time changes when an entry in it is added, removed or renamed.
 * @param {Snapshot} snapshot
 */
function unchanged(snapshot) {
  const started = performance.now();
  let same = snapshot.files !== null;
  if (same) {
    for (const [entry, stamp] of snapshot.stamps) {
      if (stampOf(entry) !== stamp) {
        same = false;
        break;
      }
    }
  }
  snapshot.checkedAt = performance.now();
  snapshot.cost = snapshot.checkedAt - started;
  snapshot.pauses = lintPauses();
  return same;
}

/**
 * Lists a project's source files with the stamps that tell when the list is stale.
 * @param {string} root
 * @returns {Snapshot}
 */
function listSnapshot(root) {
  const started = performance.now();
  /** @type {Map<string, string>} */
  const stamps = new Map();
  const layout = layoutCollector(root);
  const files = listProjectFiles(root, stamps, { layout });
  if (files === null) warnOverLimit(root);
  const checkedAt = performance.now();
  return { files, stamps, version: ++versions, generation: lintGeneration(), checkedAt, cost: checkedAt - started, pauses: lintPauses(), layout: files ? layout.fingerprint() : '' };
}

/**
 * Says, once per project in a process, that a project is over the index's limit and what that turns off.
 * @param {string} root
 */
function warnOverLimit(root) {
  if (warnedOverLimit.has(root) || warnedOverLimit.size >= MAX_WARNED) return;
  warnedOverLimit.add(root);
  const shown = JSON.stringify(root).slice(1, -1);
  const limit = MAX_PROJECT_FILES.toLocaleString('en-US');
  lintWarning(
    `unblock: ${shown} has more than ${limit} source files, over the index's limit of ${limit}, so it is not indexed: callers across files are not read, ` +
      `and the rules report only what one file shows (no-blocking-sync-call reports a blocking call only where a handler registered in the same file runs it, not in a helper that routes in other files call); ` +
      `run ESLint in each workspace package's folder (each is then a project of its own, indexed up to ${limit} files) to have its callers read.`,
    'UNBLOCK_PROJECT_TOO_BIG',
  );
}

/**
 * The project's source files, or null when there are too many. Links are followed to regular
 * files inside the project only; linked folders are not entered (a link may point back up).
 * @param {string} root
 * @param {Map<string, string>} [stamps] filled with each folder's and file's stamp
 * @param {{ tests?: boolean, layout?: import('./project-layout.js').LayoutCollector }} [options] tests: list the test
 *   files instead (to find test helpers); layout: told each folder's entries (project-layout.js)
 * @returns {string[] | null}
 */
export function listProjectFiles(root, stamps = new Map(), { tests = false, layout } = {}) {
  const realRoot = realPath(root) ?? root;
  /** @type {string[]} */
  const files = [];
  /** @type {string[]} */
  const folders = [root];
  while (folders.length > 0) {
    const dir = /** @type {string} */ (folders.pop());
    let entries;
    try {
      stamps.set(dir, stampOf(dir));
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    layout?.folder(dir, entries);
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) folders.push(full);
        continue;
      }
      if (!(entry.isFile() || entry.isSymbolicLink()) || !SOURCE_FILE.test(entry.name) || /\.d\.[cm]?ts$|\.min\.js$/.test(entry.name)) continue;
      if (fileMatches(full, root, testFileGlobs) !== tests) continue;
      const stamp = regularStamp(full, entry.isSymbolicLink() ? realRoot : null);
      if (stamp === null) continue;
      stamps.set(full, stamp);
      files.push(full);
      if (files.length > MAX_PROJECT_FILES) return null;
    }
  }
  return files;
}

/**
 * The stamp of a regular file; for a link, only when it leads to a regular file inside the project.
 * @param {string} file
 * @param {string | null} realRoot the project's real path, for a link
 * @returns {string | null}
 */
function regularStamp(file, realRoot) {
  if (realRoot !== null) {
    const target = realPath(file);
    if (target === null || !isWithin(target, realRoot)) return null;
  }
  const stat = statOf(file);
  return stat?.isFile() ? `${stat.mtimeMs}:${stat.size}` : null;
}

/**
 * @param {string} entry a folder or file
 * @returns {string} its modification time and size; '' when it is gone
 */
function stampOf(entry) {
  const stat = statOf(entry);
  return stat ? `${stat.mtimeMs}:${stat.size}` : '';
}

/** @param {string} entry */
function statOf(entry) {
  try {
    return fs.statSync(entry, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}

/** @param {string} entry */
function realPath(entry) {
  try {
    return fs.realpathSync.native(entry);
  } catch {
    return null;
  }
}

/** Forgets every listing (the editor calls this when a file is saved, created or deleted). */
export function forgetProjectFiles() {
  snapshots.clear();
}
