/**
 * The simple-git table (rules/effects/libraries/simple-git.js): a repository's commands take its
 * lock files, so commands on one repository keep their order, like queries on one connection;
 * commands on two repositories are independent, and the methods say what each does. Motivated by
 * Wiki.js's git storage (`removeRemote` per remote: concurrent removals fail on `config.lock`).
 */
import assert from 'node:assert/strict';
import { Linter } from 'eslint';
import { lintLibraryCode, code } from './lint-library.js';
import loopRule from '../../../rules/no-loop-waterfall.js';

const header = ["import simpleGit from 'simple-git';", "const content = simpleGit('/srv/content');", "const themes = simpleGit('/srv/themes');"];

/** @param {string} first @param {string} second */
const twoCommands = (first, second) => code([...header,
  'export async function history(req, res) {',
  `  const a = await ${first};`,
  `  const b = await ${second};`,
  '  res.json({ a, b });',
  '}']);

describe('library table: simple-git', () => {
  it('reads of two repositories are reported, each known by the table', () => {
    const reports = lintLibraryCode(twoCommands('content.log({ maxCount: 20 })', 'themes.tags()'));
    assert.equal(reports.length, 1);
    assert.ok(reports[0].operations.every((line) => /read/.test(line)), reports[0].operations.join('\n'));
  });

  it('commands on one repository keep their order, reads too', () => {
    assert.deepEqual(lintLibraryCode(twoCommands('content.log()', 'content.tags()')), []);
  });

  it('a write keeps its place (a required handle, as older code writes it)', () => {
    const required = code(["const git = require('simple-git/promise');", "const repo = git('/srv/wiki');", "const other = git('/srv/other');",
      'exports.sync = async function sync(name) {',
      "  await repo.addConfig('user.name', name);",
      '  const tags = await other.tags();',
      '  return tags;',
      '};']);
    assert.deepEqual(lintLibraryCode(required), []);
  });

  it('a loop of writes on one repository is not reported, even with includeWrites', () => {
    // Reduced from Wiki.js storage/git: each removal rewrites .git/config under config.lock.
    const purge = code(["const sgit = require('simple-git/promise');",
      'class Storage {',
      '  async purge(dir) {',
      '    const git = sgit(dir);',
      '    const remotes = await git.getRemotes();',
      '    for (const remote of remotes) {',
      '      await git.removeRemote(remote.name);',
      '    }',
      '  }',
      '}',
      'module.exports = Storage;']);
    const messages = new Linter().verify(purge, [{
      languageOptions: { ecmaVersion: 'latest', sourceType: 'commonjs' },
      plugins: { unblock: { rules: { 'no-loop-waterfall': loopRule } } },
      rules: { 'unblock/no-loop-waterfall': ['warn', { includeWrites: true }] },
    }], 'storage.js');
    assert.deepEqual(messages.map((m) => m.message), []);
  });
});
