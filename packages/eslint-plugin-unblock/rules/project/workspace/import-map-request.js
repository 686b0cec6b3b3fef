/**
 * The project's import map read beside the lint. requestImportMap() hands the file list to
 * import-map-thread.js as soon as a file with awaits is analysed; the request's take() waits
 * for the answer when the first question about callers needs it (on Ghost 1.4 s later, long
 * after the map is ready). One request at a time. With no thread, a thread that failed or did
 * not answer in time, or a request replaced by a newer one, take() reads the map here instead.
 */
import { startHelperThread, send, receive, entryBeside } from '../../threads/helper-thread.js';
import { readImportMap } from './import-map.js';
import { rememberResolutions } from '../modules/resolve-import.js';
import { knownBounds } from '../bounds/lint-bounds.js';
import { countRefused } from '../cache/stats.js';

/**
 * 10,000 files of bench:monorepo's generated monorepo were read in 0.9 s (in the page cache), so
 * 20,000 (MAX_PROJECT_FILES) leave a slow disk room under this; past it, the map is read here.
 */
const ANSWER_TIMEOUT_MS = 30_000;

/** @type {import('../../threads/helper-thread.js').HelperThread | null | undefined} undefined: not started; null: none */
let thread;
/** The request the thread is working on or has answered, not yet taken. */
let outstanding = 0;
let lastRequest = 0;

/**
 * @typedef {{ take: () => Map<string, string[]> }} ImportMapRequest
 */

/**
 * @param {string[]} files the project's source files
 * @param {import('./import-map.js').ImportMapCache | null} [cache] the persistent cache's place for the project's import facts
 * @returns {ImportMapRequest | null} null when no thread can take it now (read the map here when needed)
 */
export function requestImportMap(files, cache = null) {
  if (thread === undefined) {
    thread = startHelperThread(entryBeside('./import-map-thread.js', import.meta.url), () => {
      thread = null;
    });
  }
  if (!thread) return null;
  // A request nobody took (its index was forgotten): drop its answer if it is there, else wait for no one.
  if (outstanding !== 0) {
    if (!receive(thread, 0)) return null;
    outstanding = 0;
  }
  const id = ++lastRequest;
  // The thread resolves imports as this one would: within the same lint folders.
  send(thread, { id, files, bounds: knownBounds(), cache });
  outstanding = id;
  return { take: () => takeAnswer(id, files, cache) };
}

/**
 * @param {number} id
 * @param {string[]} files
 * @param {import('./import-map.js').ImportMapCache | null} cache
 * @returns {Map<string, string[]>}
 */
function takeAnswer(id, files, cache) {
  const own = thread && outstanding === id ? thread : null;
  if (!own) return readImportMap(files, cache);
  outstanding = 0;
  const answer = /** @type {{ id: number, importers: Array<[string, string[]]>, resolutions: Array<[string, string, string | null]>, refused?: number } | null | undefined} */ (receive(own, ANSWER_TIMEOUT_MS)?.answer);
  if (!answer || answer.id !== id) {
    // No answer in time (a late one would be taken for the next request's) or a failed one: no more requests.
    thread = null;
    return readImportMap(files, cache);
  }
  rememberResolutions(answer.resolutions);
  if (answer.refused) countRefused(answer.refused);
  return new Map(answer.importers);
}
