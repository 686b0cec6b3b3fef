import { cp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BenchError, oneLine } from './errors.js';
import { makeOwnedTempDir } from './temp-folders.js';

/**
 * @typedef {object} AfterWorkspace
 * @property {string} root temporary directory (removed by `dispose`)
 * @property {string} entryPath the "after" module, at the same relative place as the original
 * @property {() => Promise<void>} dispose
 */

/**
 * Copies the fixture directory to a temporary directory and writes the "after" sources over the
 * files the fix changed, so the fixture's relative imports (`./db.js`, templates) still resolve.
 * The copy also gets the nearest package.json's "type" and a link to the nearest node_modules so
 * that module format and bare imports behave as they do in place.
 * @param {{ dir: string, entryPath: string }} fixture
 * @param {Array<{ path: string, source: string }>} afterFiles absolute original path and new text of each changed or created file (worker modules)
 * @returns {Promise<AfterWorkspace>}
 */
export async function prepareAfterWorkspace(fixture, afterFiles) {
  const root = await makeOwnedTempDir('unblock-bench-');
  const dispose = () => rm(root, { recursive: true, force: true });
  try {
    const copy = path.join(root, 'fixture');
    await cp(fixture.dir, copy, {
      recursive: true,
      filter: (src) => path.basename(src) !== 'node_modules' && path.basename(src) !== '.git',
    });
    const entryPath = path.join(copy, path.relative(fixture.dir, fixture.entryPath));
    await Promise.all(afterFiles.map((file) => writeFile(path.join(copy, path.relative(fixture.dir, file.path)), file.source)));
    const pkg = await nearest(fixture.dir, 'package.json');
    if (pkg && !(await exists(path.join(copy, 'package.json')))) {
      const type = JSON.parse(await readFile(pkg, 'utf8')).type ?? 'commonjs';
      await writeFile(path.join(root, 'package.json'), JSON.stringify({ type }) + '\n');
    }
    const modules = await nearest(fixture.dir, 'node_modules');
    if (modules) await symlink(modules, path.join(root, 'node_modules'), 'junction');
    return { root, entryPath, dispose };
  } catch (error) {
    await dispose();
    throw new BenchError(`cannot prepare the "after" copy of the fixture: ${oneLine(error)}`, { code: 'WORKSPACE_FAILED' });
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
