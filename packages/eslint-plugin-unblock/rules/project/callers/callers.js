/**
 * The callers half of the project index: for every function in a project,
 * the places that call it (a function, or a module's top level), across
 * files, plus the entry points where requests, jobs and start-up enter.
 * Built lazily, once per project root and lint run, from the project's own
 * source files (never node_modules, never tests: a test calls anything).
 * A project too big for the budget has no caller index: every verdict is
 * then unknown and the rules keep their single-file behaviour.
 */
import path from 'node:path';
import { projectFilesOf, listProjectFiles, MAX_PROJECT_FILES } from '../workspace/project-files.js';
import { readImportMap } from '../workspace/import-map.js';
import { requestImportMap } from '../workspace/import-map-request.js';
import { createModuleView } from '../modules/module-view.js';
import { scanModule, functionKey } from './call-sites.js';
import { scanWithCache, scanFacts, addScanFacts } from './scan-cache.js';
import { projectStore } from '../cache/store.js';
import { cacheFolderFor } from '../cache/settings.js';
import { optionalRequire } from '../bounds/optional-require.js';
import { noteImporters, noteIndexed, noteScanUsed } from './caller-inputs.js';
import { moduleTextHash } from '../modules/module-cache.js';

/**
 * @typedef {{ hash: string | null, shape: string | null }} ScanMark  a module scanned for callers: the hash of the text
 *   the scan read, and the shape of what it found (scan-shape.js; null: not known, no cache keeps it)
 */

/**
 * @typedef {{ kind: 'request' | 'startup', label: string, file: string, transaction?: boolean, fallback?: boolean,
 *   router?: import('../frameworks/routing/framework.js').RouterOfRoute }} EntryFact
 *   an entry point as the index keeps it (fallback: see ../frameworks/routing/framework.js EntryPoint; router: the
 *   router a route is registered on, for the prefix its mounts add, route-prefix.js)
 */

/**
 * @typedef {import('../../language/syntax/ast.js').Node} Node
 * @typedef {import('../../language/syntax/ast.js').VisitorKeys} VisitorKeys
 */
/**
 * @template {string} T
 * @typedef {import('../../language/syntax/ast.js').NodeOf<T>} NodeOf
 */

/**
 * @typedef {object} CallSite
 * @property {string | null} caller  key of the calling function, null for a module's top level
 * @property {any | null} callerNode  the calling function (of a site read from the persistent cache: its `range` alone, all a key needs)
 * @property {string | null} callerName  its name as declared (`main`, `init`, a method's key)
 * @property {string | null} callerClass  the class whose method it is
 * @property {string} file
 * @property {import('../modules/module-view.js').ModuleView} view  the module the call is made in
 * @property {boolean} deferred  the function is handed over from there, to run any number of times later
 *   (`emitter.on('x', fn)`, `retry(fn)`): it runs per request when handed over on a request, but handed over
 *   at start-up it may still run per event
 * @property {any | null} call  the call that runs it, when it is called directly (its arguments are the parameters)
 * @property {import('./function-frames.js').Frame} frame  the frame the call is made from (what its names hold)
 *
 * @typedef {object} CallerIndex
 * @property {Map<string, CallSite[]>} callers  function key → the places that call it (in the files scanned so far)
 * @property {boolean} complete  every file that can call a function is scanned when it is asked about (false for
 *   the index of one file alone: other files may call what it exports)
 * @property {Map<string, EntryFact>} entries function key → entry point
 * @property {string | null} layout  what decides how the project's imports resolve (../workspace/project-layout.js; null:
 *   the index of one file alone)
 * @property {Map<string, string[]>} entryScans function key → the modules whose scans set its entry point (a route
 *   module handed its handlers registers them in another module: routes-through-parameters.js)
 * @property {(file: string) => void} scanFilesImporting  scans a file and the files that import it (once each)
 * @property {(file: string) => string[]} filesImporting  the project files that import a file, directly or
 *   through index files (none known for the index of one file alone)
 * @property {() => void} prefetchImports  starts reading who imports whom beside the lint, for the first question
 * @property {(file: string) => boolean} importedOnlyByTests  no project file imports it, and a test file does
 *   (a test helper); the test files are listed and their imports read on the first question
 * @property {(file: string) => string[]} testFilesImporting  the test files that import a file directly
 * @property {(file: string, key: string) => CallSite[]} sitesOf  the call sites of a function of `file` in the files
 *   that may call it (the file and its importers): not those another question's scan found elsewhere, so that an
 *   answer is the same whichever questions came before it (a file's verdict kept between runs is made again alone)
 * @property {(file: string, key: string) => EntryFact | undefined} entryOf  the entry point a function of `file` is,
 *   registered in the file or one of its importers
 *
 * Each answer is noted as an input of the work being recorded (caller-inputs.js): the files found to
 * import a file, and the scan of each module whose call sites the answer rests on.
 */


/** @type {Map<string, { version: number, index: CallerIndex | null }>} */
const byRoot = new Map();

/**
 * The caller index of the project `file` belongs to, or null. It starts
 * empty: files are read, parsed and scanned only when a question needs them.
 * Built again when a project file changed on disk (../workspace/project-files.js checks).
 * @param {string} file absolute path of a linted file
 */
export function callerIndexFor(file) {
  const index = currentIndex(file);
  noteIndexed(file, index);
  return index;
}

/**
 * @param {string} file
 * @returns {CallerIndex | null}
 */
function currentIndex(file) {
  const project = projectFilesOf(file);
  if (!project) return null;
  const cached = byRoot.get(project.root);
  if (cached && cached.version === project.version) return cached.index;
  const index = project.files ? createIndex(project.root, project.files, project.layout, project.stamps) : null;
  byRoot.set(project.root, { version: project.version, index });
  return index;
}

/**
 * Prepares the caller index of `file`'s project before any question: its import map is read
 * on a thread of its own meanwhile. Called once a file with awaits is analysed.
 * @param {string} file absolute path
 */
export function prefetchCallerIndex(file) {
  if (path.isAbsolute(file)) callerIndexFor(file)?.prefetchImports();
}

/** @type {WeakMap<object, CallerIndex>} per linted tree: the index of that file alone */
const singleFileIndexes = new WeakMap();

/**
 * The caller index of one file alone, read from the tree being linted: for a file
 * outside any project, one not on disk (a test case, an editor buffer), or a
 * project too big to index. Only calls within the file are seen.
 * @param {string} file
 * @param {NodeOf<'Program'>} program the linted file's tree
 * @param {VisitorKeys} visitorKeys its parser's visitor keys
 * @returns {CallerIndex}
 */
export function singleFileIndex(file, program, visitorKeys) {
  let index = singleFileIndexes.get(program);
  if (!index) {
    const view = createModuleView(file, program);
    let scannedOnce = false;
    /** @type {CallerIndex} */
    const created = {
      callers: new Map(),
      entries: new Map(),
      entryScans: new Map(),
      layout: null,
      complete: false,
      prefetchImports() {},
      importedOnlyByTests: () => false,
      filesImporting: () => [],
      testFilesImporting: () => [],
      sitesOf: (_file, key) => created.callers.get(key) ?? [],
      entryOf: (_file, key) => created.entries.get(key),
      scanFilesImporting() {
        if (scannedOnce) return;
        scannedOnce = true;
        try {
          scanModule(view, created, visitorKeys);
        } catch {
          // A shape the scan does not expect: every verdict stays unknown.
        }
      },
    };
    index = created;
    singleFileIndexes.set(program, index);
  }
  return index;
}

/** Forgets every caller index (the editor calls this when a file is saved, created or deleted). */
export function forgetCallerIndexes() {
  byRoot.clear();
}

/**
 * @param {string} root the folder the files were listed from
 * @param {string[]} files the project's source files, tests left out
 * @param {string} layout what decides how its imports resolve (../workspace/project-layout.js)
 * @param {ReadonlyMap<string, string>} stamps each file's stamp when listed (../workspace/project-files.js)
 * @returns {CallerIndex}
 */
function createIndex(root, files, layout, stamps) {
  /** @type {Map<string, ScanMark>} the files scanned for callers, and what each scan read and gave */
  const scanned = new Map();
  /** @param {string} file */
  const noteScanOf = (file) => noteScanUsed(file, scanned.get(file)?.hash ?? null, scanned.get(file)?.shape ?? null);
  /** @type {Map<string, string[]> | null} file → the project files that import it, read once on the first question */
  let importers = null;
  /** @type {import('../workspace/import-map-request.js').ImportMapRequest | null} the map being read beside the lint */
  let request = null;
  /** @type {Map<string, string[]> | null} file → the test files that import it, read on the first question about tests */
  let testImporters = null;
  /** @returns {import('../workspace/import-map.js').ImportMapCache | null} where the persistent cache keeps the import facts */
  const importCache = () => {
    const folder = cacheFolderFor(root);
    // The listing's stamps, in the files' order: the map trusts a kept fact whose stamp they repeat, without a stat.
    return folder === null ? null : { folder, root, layout, stamps: files.map((file) => stamps.get(file) ?? '') };
  };
  const importersOf = () => (importers ??= request ? request.take() : readImportMap(files, importCache()));
  const importing = filesThatMayCall(importersOf);
  /** @param {string} file */
  const filesImporting = (file) => importing(file).importers;
  /** @param {string} file */
  const mayCall = (file) => importing(file).all;
  /** @param {string} file */
  const testFilesImporting = (file) => {
    testImporters ??= readImportMap(listProjectFiles(root, undefined, { tests: true }) ?? []);
    const found = testImporters.get(file) ?? [];
    noteImporters(file, found, true);
    return found;
  };
  /** @type {CallerIndex} */
  const index = {
    callers: new Map(),
    entries: new Map(),
    entryScans: new Map(),
    layout,
    // Without the parser no file that may call a function can be read: what calls it is not known.
    complete: optionalRequire('oxc-parser') !== null,
    prefetchImports() {
      if (!importers && !request) request = requestImportMap(files, importCache());
    },
    importedOnlyByTests(file) {
      if (filesImporting(file).length > 0) return false;
      return testFilesImporting(file).length > 0;
    },
    // Only the file itself and the files that import it can call it: directly, or through index files that pass it on
    // (`export * from`, or CommonJS's `Controllers.activitypub = require('./activitypub')`), folder by folder.
    filesImporting,
    testFilesImporting,
    sitesOf(file, key) {
      const callers = mayCall(file);
      const sites = (index.callers.get(key) ?? []).filter((site) => callers.has(site.file));
      for (const site of sites) noteScanOf(site.file);
      return sites;
    },
    entryOf(file, key) {
      const callers = mayCall(file);
      const scans = (index.entryScans.get(key) ?? []).filter((module) => callers.has(module));
      for (const module of scans) noteScanOf(module);
      return scans.length > 0 ? index.entries.get(key) : undefined;
    },
    scanFilesImporting(file) {
      for (const candidate of [file, ...filesImporting(file)]) {
        if (!scanned.has(candidate)) {
          const mark = { hash: moduleTextHash(candidate), shape: /** @type {string | null} */ (null) };
          scanned.set(candidate, mark);
          mark.shape = scanCandidate(root, index, candidate, layout);
        }
        // The answers rest on the scan of every module that may call into the file, made now or earlier in the run.
        noteScanOf(candidate);
      }
    },
  };
  return index;
}

/**
 * The files that import a file (importersThroughIndexes), and with it those that may call into it,
 * worked out once per file and index; each answer is noted as an input of the work being recorded.
 * The list handed out is the same each time: who uses it must not change it.
 * @param {() => Map<string, string[]>} importersOf
 * @returns {(file: string) => { importers: string[], all: Set<string> }}
 */
function filesThatMayCall(importersOf) {
  /** @type {Map<string, { importers: string[], all: Set<string> }>} */
  const known = new Map();
  return (file) => {
    let found = known.get(file);
    if (!found) {
      const importers = importersThroughIndexes(importersOf(), file);
      known.set(file, (found = { importers, all: new Set([file, ...importers]) }));
    }
    noteImporters(file, found.importers);
    return found;
  };
}

/**
 * Scans a module for callers into `index`, whichever file was asked about: a scan records every
 * call it can resolve, into any module, so each module is scanned once per run and its facts are
 * one cache entry (scan-cache.js). Following only the imports on the way to the file asked about
 * read fewer modules, but made the scan differ with the question: a much-imported module was
 * scanned again for each file (uptime-kuma's server.js 16 times a run), and its cached scans,
 * one per set of imports followed, rarely matched the next run's questions.
 * @param {string} root
 * @param {CallerIndex} index
 * @param {string} candidate
 * @param {string} layout the project's layout
 * @returns {string | null} the scan's shape (scan-shape.js), when it is kept in a project cache
 */
function scanCandidate(root, index, candidate, layout) {
  try {
    // What this scan found in an earlier run, where its inputs have not changed (scan-cache.js).
    const store = projectStore(root);
    if (store) return scanWithCache(store, index, candidate, layout);
    addScanFacts(index, scanFacts(candidate), candidate);
  } catch {
    // A shape the scan does not expect: that file's calls stay unknown, the rest of the index stands.
  }
  return null;
}

/** Index files followed up from a file: `a/b/c/index.js` passes `c/x.js` on to what imports `a/b`. */
const MAX_INDEX_HOPS = 3;

/**
 * The files that import `file`, and those that import an index file importing it, up to MAX_INDEX_HOPS
 * index files in a row.
 * @param {Map<string, string[]>} importers file → the files that import it
 * @param {string} file
 */
export function importersThroughIndexes(importers, file) {
  const found = new Set(importers.get(file) ?? []);
  let indexes = [...found].filter(isIndexFile);
  for (let hop = 0; hop < MAX_INDEX_HOPS && indexes.length > 0; hop++) {
    const next = [];
    for (const importer of indexes.flatMap((index) => importers.get(index) ?? [])) {
      if (found.has(importer) || importer === file) continue;
      found.add(importer);
      if (isIndexFile(importer)) next.push(importer);
    }
    indexes = next;
  }
  return [...found];
}

/** @param {string} file */
function isIndexFile(file) {
  return /^index\.[cm]?[jt]sx?$/.test(path.basename(file));
}

export { functionKey, MAX_PROJECT_FILES };
