/**
 * The pinned corpus picks server-side source only, and rebuilds TypeScript from source maps
 * without writing outside its folder. Run on small packages laid out like the real ones.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { corpusByName } from '../../scripts/corpus/corpora.js';
import { listSourceFiles } from '../../scripts/corpus/fetch.js';
import { rebuildTypeScriptFromMaps } from '../../scripts/corpus/source-maps.js';
import { writeTree } from '../support/write-tree.js';

describe('real-code corpus (scripts/corpus)', () => {
  /** @type {string} */
  let cache;
  beforeEach(() => {
    cache = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-corpus-'));
  });
  afterEach(() => fs.rmSync(cache, { recursive: true, force: true }));

  it('lists Ghost server code and leaves out browser bundles, tests, fixtures and minified files', () => {
    const root = path.join(cache, corpusByName('ghost').dir, 'package');
    writeTree(root, {
      'core/server/api/posts.js': 'x', 'core/server/services/Mail.ts': 'x', 'core/boot.js': 'x',
      'core/built/admin/vendor.js': 'x', 'core/frontend/src/cards/js/gallery.js': 'x', 'core/frontend/public/stats.min.js': 'x',
      'core/server/data/schema/fixtures/fixtures.js': 'x', 'core/server/lib/image.test.js': 'x', 'core/server/types.d.ts': 'x',
      'core/server/node_modules/dep/index.js': 'x', 'content/themes/casper/assets/main.js': 'x',
    });
    const listed = listSourceFiles('ghost', { cacheDir: cache }).map((file) => path.relative(root, file));
    assert.deepEqual(listed, ['core/boot.js', 'core/server/api/posts.js', 'core/server/services/Mail.ts']);
  });

  it('lists directus dist/ without its test helpers or bundler runtime', () => {
    const root = path.join(cache, corpusByName('directus').dir, 'package');
    writeTree(root, { 'dist/services/items.js': 'x', 'dist/test-utils/knex.js': 'x', 'dist/_virtual/rolldown_runtime.js': 'x', 'dist/app.d.ts': 'x' });
    assert.deepEqual(listSourceFiles('directus', { cacheDir: cache }).map((file) => path.relative(root, file)), ['dist/services/items.js']);
  });

  it('rebuilds TypeScript from sourcesContent, once per source, never outside the package', () => {
    const root = path.join(cache, 'pkg');
    const map = { version: 3, sources: ['../src/a.ts', '../src/a.ts', '../../outside.ts', '../node_modules/dep/x.ts', '../src/b.js'], sourcesContent: ['A', 'A', 'O', 'N', 'B'] };
    writeTree(root, { 'dist/a.js.map': JSON.stringify(map), 'dist/a.mjs.map': JSON.stringify(map), 'dist/broken.js.map': '{' });
    const out = path.join(cache, 'out');
    const written = rebuildTypeScriptFromMaps(root, out);
    assert.deepEqual(written.map((file) => path.relative(out, file)), ['src/a.ts']);
    assert.equal(fs.readFileSync(written[0], 'utf8'), 'A');
    assert.equal(fs.existsSync(path.join(cache, 'outside.ts')), false);
  });

  it('names the known corpora when asked for an unknown one', () => {
    assert.throws(() => corpusByName('nope'), /unknown corpus "nope" \(known: ghost, directus, strapi, strapi-admin/);
  });
});
