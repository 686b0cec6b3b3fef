/**
 * A file's lint has a bound: a linted file over 400,000 characters (generated code) is analysed on
 * its own, one over 1,000,000 is not analysed at all, and a lint that has spent its time on other files (10 s by default) answers its
 * remaining cross-file questions "unknown". Either way one line names the file. The time budget
 * is set to zero here, so that no test depends on how fast the machine is.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { Linter } from 'eslint';
import plugin from '../../packages/eslint-plugin-unblock/index.js';
import { makeProject, removeAll } from '../../packages/eslint-plugin-unblock/test/support/temp-project.js';
import { setLintBudget, MAX_CROSS_FILE_CHARS, MAX_LINTED_CHARS } from '../../packages/eslint-plugin-unblock/rules/project/bounds/lint-bounds.js';
import { format, handler } from './support/format-helpers.js';

const config = [{ plugins: { unblock: plugin }, languageOptions: { ecmaVersion: /** @type {const} */ ('latest'), sourceType: /** @type {const} */ ('module') }, rules: { 'unblock/no-await-waterfall': /** @type {const} */ ('warn') } }];


describe('robustness: the lint of a file has a time and size budget', () => {
  /** @type {string[]} */
  let warnings = [];
  /** @type {ReturnType<typeof setLintBudget>} */
  let saved;
  beforeEach(() => {
    warnings = [];
    saved = setLintBudget({ warn: (message) => warnings.push(message) });
  });
  afterEach(() => setLintBudget(saved));
  after(removeAll);

  const lint = (/** @type {string} */ dir, /** @type {string} */ text) => new Linter({ cwd: dir }).verify(text, config, path.join(dir, 'handler.js')).map((m) => m.ruleId);

  it('reads the callees of a file within its budget (no warning)', () => {
    const dir = makeProject({ 'package.json': '{}', 'format.js': format });
    assert.deepEqual(lint(dir, handler), []);
    assert.deepEqual(warnings, []);
  });

  it('analyses a file over the size budget on its own, and says so in one line naming it', () => {
    const dir = makeProject({ 'package.json': '{}', 'format.js': format });
    const big = `${handler}/*${' '.repeat(MAX_CROSS_FILE_CHARS)}*/\n`;
    // Unread, the two calls' names decide: they may run together.
    assert.deepEqual(lint(dir, big), ['unblock/no-await-waterfall']);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], /^unblock: handler\.js has \d+ characters \(over 400000\): analysed on its own, without other files\.$/);
  });

  it('does not analyse a file over the lint size limit, and says so once for all the rules', () => {
    const dir = makeProject({ 'package.json': '{}', 'format.js': format });
    const huge = `${handler}/*${' '.repeat(MAX_LINTED_CHARS)}*/\n`;
    const all = [{ ...config[0], rules: plugin.configs.recommended.rules }];
    assert.deepEqual(new Linter({ cwd: dir }).verify(huge, all, path.join(dir, 'handler.js')), []);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], /^unblock: handler\.js has \d+ characters \(over 1000000\): not analysed \(generated code\?\)\.$/);
  });

  it('answers "unknown" once the time budget is spent, and says so once', () => {
    const dir = makeProject({ 'package.json': '{}', 'format.js': format });
    setLintBudget({ budgetMs: 0 });
    assert.deepEqual(lint(dir, handler), ['unblock/no-await-waterfall']);
    assert.deepEqual(warnings, ['unblock: handler.js spent over 0 s on other files: the rest of it is analysed on its own.']);
  });
});
