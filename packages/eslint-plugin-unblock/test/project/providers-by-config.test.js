/**
 * Providers chosen at run time: `require('./' + config.imageUploadType)` loads one of the modules
 * beside the requiring file, and a call on it is a call into each of them that has the method.
 * The fixture's names are its own; CodiMD's `copyFileSync` of every uploaded image (its
 * `lib/imageRouter/filesystem.js`, behind POST /uploadimage) motivated it. Its router is also the
 * module's export (`const storage = module.exports = Router()`), as CodiMD's is.
 */
import assert from 'node:assert/strict';
import { lintFixture } from './lint-fixture.js';

describe('project index: providers required by a name known at run time', () => {
  it('follows a call on a module required from a folder by a configured name', async () => {
    const reports = await lintFixture('providers-by-config', undefined, { sourceType: 'commonjs' });
    const local = reports['src/storage/local.js'];
    assert.equal(local.length, 1);
    assert.match(local[0].message, /reached from PUT \/files\/:name in src\/storage\/index\.js/);
  });

  it('does not follow a require of a package named at run time', async () => {
    const reports = await lintFixture('providers-by-config', undefined, { sourceType: 'commonjs' });
    assert.deepEqual(reports['src/exporters/csv.js'], []);
  });
});
