import assert from 'node:assert/strict';
import { fileMatches, testFileGlobs } from '../../../rules/project/workspace/file-globs.js';

describe('analysis/file-globs', () => {
  const cwd = '/repo';

  it('matches paths relative to ESLint\'s working directory, given relative or absolute', () => {
    assert.equal(fileMatches('src/user.spec.ts', cwd, testFileGlobs), true);
    assert.equal(fileMatches('/repo/test/helpers.js', cwd, testFileGlobs), true);
    assert.equal(fileMatches('/repo/packages/api/integration-tests/seed.js', cwd, testFileGlobs), true);
    assert.equal(fileMatches('/repo/src/routes/users.js', cwd, testFileGlobs), false);
  });

  it('matches a file outside the working directory by its absolute path', () => {
    assert.equal(fileMatches('/elsewhere/test/a.js', cwd, testFileGlobs), true);
    assert.equal(fileMatches('/elsewhere/src/a.js', cwd, testFileGlobs), false);
  });

  it('ignores case, so createMigration.ts is a migration', () => {
    assert.equal(fileMatches('db/createMigration.ts', cwd, ['**/*migrat*']), true);
  });

  it('never matches ESLint\'s placeholder names or an empty glob list', () => {
    assert.equal(fileMatches('<input>', cwd, ['**/*']), false);
    assert.equal(fileMatches('test/a.js', cwd, []), false);
  });

  it('answers right when rules ask about different files in turn (the answer is cached per file)', () => {
    const globs = ['**/test/**'];
    for (let i = 0; i < 3; i++) {
      assert.equal(fileMatches('/repo/test/a.js', cwd, globs), true);
      assert.equal(fileMatches('/repo/src/a.js', cwd, globs), false);
    }
    assert.equal(fileMatches('/repo/src/a.js', '/repo/src', ['a.js']), true, 'a new working directory is a new question');
  });
});
