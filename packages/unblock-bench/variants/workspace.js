import { cp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BenchError, oneLine } from '../errors.js';
import { makeOwnedTempDir } from '../processes/temp-folders.js';

/**
 * @typedef {object} FixtureCopy
 * @property {string} root temporary directory (removed by `dispose`)
 * @property {string} dir the copy of the fixture directory
 * @property {string} entryPath the entry module in the copy, at the same relative place as the original
 * @property {() => Promise<void>} dispose
 */

/**
 * Copies the fixture directory to a temporary directory and writes the given sources over the
 * files the fix changed, so the fixture's relative imports (`./db.js`, templates) still resolve.
 * The copy also gets the nearest package.json's "type" and a link to the nearest node_modules so
 * that module format and bare imports behave as they do in place. Both variants run from such a
 * copy: a server that writes files (an upload folder, a SQLite file) writes them there, never in
 * the user's folder, and both start from the same files.
 * @param {{ dir: string, entryPath: string }} fixture
 * @param {Array<{ path: string, source: string }>} changedFiles absolute original path and new text of each changed or
 *   created file (worker modules); none for the "before" copy
 * @param {string} variant for the error message: "before", "after", "plain", "observed"
 * @returns {Promise<FixtureCopy>}
 */
export async function prepareFixtureCopy(fixture, changedFiles, variant) {
  const root = await makeOwnedTempDir('unblock-bench-');
  const dispose = () => rm(root, { recursive: true, force: true });
  try {
    const copy = path.join(root, 'fixture');
    await cp(fixture.dir, copy, {
      recursive: true,
      filter: (src) => path.basename(src) !== 'node_modules' && path.basename(src) !== '.git',
    });
    const entryPath = path.join(copy, path.relative(fixture.dir, fixture.entryPath));
    await Promise.all(changedFiles.map((file) => writeFile(path.join(copy, path.relative(fixture.dir, file.path)), file.source)));
    const pkg = await nearest(fixture.dir, 'package.json');
    if (pkg && !(await exists(path.join(copy, 'package.json')))) {
      const type = JSON.parse(await readFile(pkg, 'utf8')).type ?? 'commonjs';
      await writeFile(path.join(root, 'package.json'), JSON.stringify({ type }) + '\n');
    }
    const modules = await nearest(fixture.dir, 'node_modules');
    if (modules) await symlink(modules, path.join(root, 'node_modules'), 'junction');
    return { root, dir: copy, entryPath, dispose };
  } catch (error) {
    await dispose();
    throw new BenchError(`cannot prepare the "${variant}" copy of the fixture: ${oneLine(error)}`, { code: 'WORKSPACE_FAILED' });
  }
}

/**
 * The closest `name` in `dir` or one of its parents.
 * @param {string} dir
 * @param {string} name
 */
async function nearest(dir, name) {
  for (let current = dir; ; current = path.dirname(current)) {
    const candidate = path.join(current, name);
    if (await exists(candidate)) return candidate;
    if (path.dirname(current) === current) return null;
  }
}

/** @param {string} file */
async function exists(file) {
  return (await stat(file).catch(() => null)) !== null;
}
