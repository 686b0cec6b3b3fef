/**
 * unblock-bench: a fixture.json with `"kind": "factory"` names the module (`entry`) and the export
 * (`export`, default `default`) that the bench calls once to create its server. That function is
 * start-up code, and so is what it calls outside the request handlers it sets up, even when
 * nothing in the project calls it: preparing an app for the bench (exporting a `createServer()`
 * only the bench calls) must not turn a start-up `hashSync` into a request-path report.
 *
 * The fixture.json is looked for in the file's folder and every folder above it up to the project
 * root (the workspace root in a monorepo), so one next to the file's package or at the project
 * root counts. Its `entry` must resolve to this very file; anything else in it is the bench's.
 * The file's format is fixture-schema.js's.
 */
import path from 'node:path';
import { exportedFunctions } from './exported-functions.js';
import { projectRootsOf } from '../../bounds/project-root.js';
import { readRegularFile } from '../../bounds/read-regular-file.js';
import { lintGeneration, isWithin } from '../../bounds/lint-bounds.js';
import { FIXTURE_FILE, factoryOf } from './fixture-schema.js';

/** A fixture.json bigger than this is not the bench's. */
const MAX_FIXTURE_BYTES = 200_000;

/** @type {Map<string, { generation: number, factory: { entry: string, exportName: string } | null }>} folder → its fixture.json's factory */
const byFolder = new Map();

/** @type {import('../routing/framework.js').Framework} */
export default {
  name: 'unblock-bench',
  declared(view) {
    if (!path.isAbsolute(view.file)) return [];
    const roots = projectRootsOf(view.file);
    if (!roots) return [];
    const names = new Set();
    for (let folder = path.dirname(view.file); isWithin(folder, roots.callerRoot); folder = path.dirname(folder)) {
      const factory = factoryIn(folder);
      if (factory && path.resolve(folder, factory.entry) === view.file) names.add(factory.exportName);
      if (folder === roots.callerRoot || path.dirname(folder) === folder) break;
    }
    if (names.size === 0) return [];
    return exportedFunctions(view)
      .filter(({ name }) => names.has(name))
      .map(({ name, fn }) => ({ fn, kind: /** @type {const} */ ('startup'), label: `the bench's server factory ${name === 'default' ? 'default export' : name}()` }));
  },
};

/**
 * The factory a folder's fixture.json names, or null (no file, not JSON, not a factory fixture).
 * Read once per lint generation: an editor lints again after the file is saved.
 * @param {string} folder
 */
function factoryIn(folder) {
  const generation = lintGeneration();
  const cached = byFolder.get(folder);
  if (cached && cached.generation === generation) return cached.factory;
  const factory = factoryOf(readRegularFile(path.join(folder, FIXTURE_FILE), MAX_FIXTURE_BYTES));
  if (byFolder.size > 10_000) byFolder.clear();
  byFolder.set(folder, { generation, factory });
  return factory;
}
