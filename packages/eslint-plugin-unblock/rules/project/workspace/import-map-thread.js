/**
 * The project's import map read on a thread of its own (import-map-request.js sends the file
 * list as soon as a file with awaits is analysed; the first question about callers comes
 * later). The answer carries the resolutions made on the way, so that the linting thread does
 * not ask the resolver again.
 */
import { serveRequests } from '../../threads/serve-requests.js';
import { readImportMap } from './import-map.js';
import { resolutionEntries, clearResolutions } from '../modules/resolve-import.js';
import { rememberBounds } from '../bounds/lint-bounds.js';
import { keepLoadFailuresQuiet } from '../bounds/optional-require.js';
import { takeRefused } from '../cache/stats.js';

keepLoadFailuresQuiet();

serveRequests((/** @type {{ id: number, files: string[], bounds?: string[], cache?: import('./import-map.js').ImportMapCache | null }} */ { id, files, bounds = [], cache = null }) => {
  rememberBounds(bounds);
  // A new request means files may have changed since the last one (the editor asks again after a save):
  // resolve everything afresh (or as the persistent cache kept it, for an unchanged layout).
  clearResolutions();
  const importers = [...readImportMap(files, cache)];
  // A kept entry refused here is counted by the linting thread, which prints the cache's stats.
  return { id, importers, resolutions: resolutionEntries(), refused: takeRefused() };
});
