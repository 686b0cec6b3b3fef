/**
 * What a package declares about p-map / p-limit, read from the fixture
 * packages under test/no-loop-waterfall/report/fixtures/limited (the repository's own
 * node_modules holds p-map 7.1.1 and p-limit 7.3.3 above them).
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { concurrencyPackagesOf, loadedMajor } from '../../../rules/project/workspace/concurrency-packages.js';
import { limitedFixtures } from '../../no-loop-waterfall/report/limited-helpers.js';

/** @param {string} project */
const factsOf = (project) => concurrencyPackagesOf(path.join(limitedFixtures, project, 'src', 'routes.js'));

describe('concurrency packages of a file', () => {
  it('reads the nearest package.json above the file: its type and runtime dependencies', () => {
    assert.deepEqual(factsOf('esm-p-map'), { type: 'module', helpers: [{ name: 'p-map', major: 7 }] });
    assert.deepEqual(factsOf('both'), { type: 'module', helpers: [{ name: 'p-map', major: 7 }, { name: 'p-limit', major: 7 }] });
    assert.deepEqual(factsOf('cjs-p-limit-3'), { type: 'commonjs', helpers: [{ name: 'p-limit', major: 3 }] });
  });

  it('ignores devDependencies and other packages', () => {
    assert.deepEqual(factsOf('dev-only')?.helpers, []);
    assert.deepEqual(factsOf('neither')?.helpers, []);
  });

  // The copy above the fixture is p-map 7, which ^4.0.0 excludes: `npm ci` in that package would install 4.
  it('an installed copy outside the declared range does not decide: the range does', () => {
    assert.deepEqual(factsOf('cjs-p-map-4')?.helpers, [{ name: 'p-map', major: 4 }]);
  });

  it('a declared range decides only when it allows a single major', () => {
    const root = path.join(limitedFixtures, 'neither');
    const missing = 'p-map-that-is-not-installed';
    assert.equal(loadedMajor(root, missing, '^4.0.0'), 4);
    assert.equal(loadedMajor(root, missing, '~5.1.0'), 5);
    assert.equal(loadedMajor(root, missing, '7.2.0'), 7);
    assert.equal(loadedMajor(root, missing, '4.x || 5.x'), null);
    assert.equal(loadedMajor(root, missing, '>=4'), null);
    assert.equal(loadedMajor(root, missing, '*'), null);
    assert.equal(loadedMajor(root, missing, 'workspace:*'), null);
    assert.equal(loadedMajor(root, missing, 'github:sindresorhus/p-map'), null);
  });

  it('the installed copy decides when it satisfies the range', () => {
    assert.equal(loadedMajor(path.join(limitedFixtures, 'neither'), 'p-map', '*'), 7);
  });

  it('no package.json above the file: nothing', () => {
    assert.equal(concurrencyPackagesOf(path.join(path.parse(process.cwd()).root, 'no-such-folder', 'x.js')), null);
  });
});
