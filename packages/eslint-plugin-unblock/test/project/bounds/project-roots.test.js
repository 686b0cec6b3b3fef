/**
 * Where a linted file's project starts (the nearest package.json), and how long that answer is
 * trusted: for the lints that follow one another without a pause (a command-line run, where the
 * walk up to the package.json was a few stats per file and rule), and asked of the disk again
 * after a pause (an editor after an edit).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { noteLint, lintPauses } from '../../../rules/project/bounds/lint-bounds.js';
import { projectRootsOf, forgetProjectRoots } from '../../../rules/project/bounds/project-root.js';

/** Starts the lint of one file, as the rule shell does for each file ESLint lints. @param {string} file @param {string} cwd */
const startLint = (file, cwd) => noteLint(/** @type {any} */ ({ sourceCode: {}, filename: file, cwd }));
const pause = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('project index: the project root of a linted file', () => {
  /** @type {string} */
  let dir;
  beforeEach(() => {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-roots-')));
    fs.mkdirSync(path.join(dir, 'app', 'src'), { recursive: true });
    forgetProjectRoots();
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is the folder of the nearest package.json, no higher than the lint folder', () => {
    const file = path.join(dir, 'app', 'src', 'a.js');
    startLint(file, dir);
    assert.equal(projectRootsOf(file), null, 'no package.json yet');
    fs.writeFileSync(path.join(dir, 'app', 'package.json'), '{}');
    forgetProjectRoots();
    startLint(file, dir);
    assert.deepEqual(projectRootsOf(file), { packageRoot: path.join(dir, 'app'), callerRoot: path.join(dir, 'app') });
  });

  it('is trusted while lints follow one another, and asked of the disk again after a pause', async () => {
    const first = path.join(dir, 'app', 'src', 'a.js');
    const second = path.join(dir, 'app', 'src', 'b.js');
    await pause();
    startLint(first, dir);
    assert.equal(projectRootsOf(first), null);
    const pausesBefore = lintPauses();
    fs.writeFileSync(path.join(dir, 'app', 'package.json'), '{}');
    // The next file of the same folder in the same run: the answer of a moment ago, without a stat.
    startLint(second, dir);
    assert.equal(lintPauses(), pausesBefore, 'no pause between the two lints');
    assert.equal(projectRootsOf(second), null);
    await pause();
    startLint(second, dir);
    assert.equal(projectRootsOf(second)?.packageRoot, path.join(dir, 'app'), 'after a pause the new package.json is seen');
  });
});
