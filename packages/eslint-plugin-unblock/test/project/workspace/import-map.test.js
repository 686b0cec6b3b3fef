/**
 * The import map read on its own thread must be the one read on the linting thread: the
 * caller index takes whichever is ready, and its verdicts rest on it.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fixturesDir } from '../lint-fixture.js';
import { readImportMap } from '../../../rules/project/workspace/import-map.js';
import { requestImportMap } from '../../../rules/project/workspace/import-map-request.js';

/** @param {string} name */
function sourceFiles(name) {
  const root = path.join(fixturesDir, name);
  return fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js')).map((file) => path.join(root, file)).sort();
}

/**
 * A request the thread takes. Lints in other test files may leave one of theirs unanswered a
 * moment (their index asked no question); requestImportMap() then declines until it is done.
 * @param {string[]} files
 */
async function requestTaken(files) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const request = requestImportMap(files);
    if (request) return request;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the import-map thread took no request within 10 s');
}

/** @param {Map<string, string[]>} map */
const sorted = (map) => [...map].map(([file, importers]) => [file, [...importers].sort()]).sort();

describe('project index: the import map read beside the lint', function () {
  this.timeout(30_000);

  it('is the same map as the one read on the linting thread', async () => {
    const files = sourceFiles('route-through-index');
    const map = (await requestTaken(files)).take();
    assert.ok(map.size > 0, 'the fixture has imports');
    assert.deepEqual(sorted(map), sorted(readImportMap(files)));
  });

  it('never hands one project the map of another when a request is replaced before it is taken', async () => {
    const first = sourceFiles('route-through-index');
    const second = sourceFiles('express-route');
    const firstRequest = await requestTaken(first);
    const secondRequest = requestImportMap(second);
    // Taken in the other order: each must still get its own project's map, from the thread or read here.
    assert.deepEqual(sorted(secondRequest ? secondRequest.take() : readImportMap(second)), sorted(readImportMap(second)));
    assert.deepEqual(sorted(firstRequest.take()), sorted(readImportMap(first)));
  });

  it('sees a file created since the last request (the editor asks again after a save)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-import-map-'));
    try {
      fs.writeFileSync(path.join(dir, 'package.json'), '{}');
      const importer = path.join(dir, 'a.js');
      const created = path.join(dir, 'b.js');
      fs.writeFileSync(importer, "import { b } from './b.js';\nexport const a = () => b();\n");
      assert.deepEqual((await requestTaken([importer])).take().get(created), undefined, './b.js does not exist yet');
      fs.writeFileSync(created, 'export const b = () => 1;\n');
      assert.deepEqual((await requestTaken([importer, created])).take().get(created), [importer]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('with a persistent cache, trusts a kept file\'s imports while the listing\'s stamp for it is the kept one, and reads it again when it is not', () => {
    const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-import-map-stamps-')));
    try {
      fs.writeFileSync(path.join(dir, 'package.json'), '{}');
      const [a, b, c] = ['a.js', 'b.js', 'c.js'].map((name) => path.join(dir, name));
      fs.writeFileSync(a, "import { b } from './b.js';\nexport const a = () => b();\n");
      fs.writeFileSync(b, 'export const b = () => 1;\n');
      fs.writeFileSync(c, 'export const c = () => 2;\n');
      const stampOf = (/** @type {string} */ file) => {
        const stat = fs.statSync(file);
        return `${stat.mtimeMs}:${stat.size}`;
      };
      const cache = (/** @type {string[]} */ stamps) => ({ folder: path.join(dir, 'cache'), root: dir, layout: 'one layout', stamps });
      const files = [a, b, c];
      const keptStamps = files.map(stampOf);
      assert.deepEqual(readImportMap(files, cache(keptStamps)).get(c), undefined);
      // a.js now imports c.js too. A listing that still gives its kept stamp is taken at its word
      // (the stamp is all a stat would have told): the kept imports stand.
      fs.writeFileSync(a, "import { b } from './b.js';\nimport { c } from './c.js';\nexport const a = () => b() + c();\n");
      assert.deepEqual(readImportMap(files, cache(keptStamps)).get(c), undefined);
      // The listing made after the edit has its new stamp: a.js is read again.
      assert.deepEqual(readImportMap(files, cache(files.map(stampOf))).get(c), [a]);
      // With no stamp from a listing, the file is stat'ed here, as before.
      assert.deepEqual(readImportMap(files, cache(['', '', ''])).get(c), [a]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
