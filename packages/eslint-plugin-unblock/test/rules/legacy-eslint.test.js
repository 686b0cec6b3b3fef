/**
 * ESLint 8.57 (and ESLint 9 in eslintrc mode), both ways a project on it configures plugins: flat config (`eslint.config.js`, or
 * `ESLINT_USE_FLAT_CONFIG=true`) with `configs.recommended`, and eslintrc with
 * `extends: ['plugin:unblock/recommended-legacy']`, which ESLint 8 loads by `require()`-ing the
 * package by name. Each rule's own cases run on ESLint 8's flat tester (rule-tester.js); this
 * file holds the configs and the loading path to the same reports. The packed tarballs are
 * installed into ESLint 8 projects by test/packages/eslint-range.js.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import eslint8 from 'eslint8';
import eslint8Internals from 'eslint8/use-at-your-own-risk';
import eslint9Internals from 'eslint9/use-at-your-own-risk';
import plugin from '../../index.js';

const require = createRequire(import.meta.url);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const { ESLint: LegacyESLint } = eslint8;
const { FlatESLint } = eslint8Internals;
/** ESLint 9's eslintrc mode (`ESLINT_USE_FLAT_CONFIG=false`), which the same legacy config serves. */
const { LegacyESLint: LegacyESLint9 } = eslint9Internals;

/** One waterfall of two independent reads: the finding every install check expects. */
const WATERFALL = 'export async function load(db, id) {\n  const user = await db.getUser(id);\n  const orders = await db.getOrders(id);\n  return { user, orders };\n}\n';

/** @param {import('eslint').ESLint.LintResult[]} results */
const reportsOf = (results) => results.flatMap((result) => result.messages.map((message) => `${message.line}:${message.column} ${message.ruleId}`));

describe('ESLint 8.57 and eslintrc configs', () => {
  // An empty project of its own: a file under this repository's test/ would be test code, which the rules leave alone.
  /** @type {string} */
  let project;
  /** @type {string} */
  let FILE;
  before(() => {
    project = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-eslint8-'));
    FILE = path.join(project, 'src', 'orders.js');
  });
  after(() => fs.rmSync(project, { recursive: true, force: true }));

  it('require() of the package gives the plugin itself, as eslintrc loads it', () => {
    const required = require('eslint-plugin-unblock');
    assert.equal(required, plugin);
    assert.deepEqual(Object.keys(required.configs).sort(), ['recommended', 'recommended-legacy']);
  });

  it('the legacy config names the plugin by name and turns on every rule, as the flat one does', () => {
    const legacy = plugin.configs['recommended-legacy'];
    assert.deepEqual(legacy.plugins, ['unblock']);
    assert.deepEqual(legacy.rules, plugin.configs.recommended.rules);
    assert.deepEqual(Object.keys(legacy.rules ?? {}).sort(), Object.keys(plugin.rules).map((id) => `unblock/${id}`).sort());
  });

  /**
   * Lints `code` as `file` in eslintrc mode, with no config but the legacy one (and `sourceType`, if given):
   * no parserOptions of the test's own, so the legacy config must make `async`/`await` parse (eslintrc's default is ES5).
   * @param {any} ESLintClass ESLint 8's `ESLint` or ESLint 9's `LegacyESLint`
   * @param {string} code
   * @param {string} file
   * @param {{ sourceType?: 'module' }} [parserOptions]
   */
  const lintLegacy = async (ESLintClass, code, file, parserOptions = {}) => {
    const overrideConfig = { parserOptions, extends: ['plugin:unblock/recommended-legacy'] };
    const eslint = new ESLintClass({ cwd: project, resolvePluginsRelativeTo: repoRoot, useEslintrc: false, overrideConfig });
    return reportsOf(await eslint.lintText(code, { filePath: file }));
  };

  it('eslintrc: extends plugin:unblock/recommended-legacy reports the waterfall', async () => {
    assert.deepEqual(await lintLegacy(LegacyESLint, WATERFALL, FILE, { sourceType: 'module' }), ['2:3 unblock/no-await-waterfall']);
  });

  it('eslintrc: a CommonJS script parses under the legacy config alone', async () => {
    const script = WATERFALL.replace('export async function', 'async function').concat('module.exports = { load };\n');
    assert.deepEqual(await lintLegacy(LegacyESLint, script, FILE.replace(/\.js$/, '.cjs')), ['2:3 unblock/no-await-waterfall']);
  });

  it('ESLint 9 in eslintrc mode: the same legacy config reports the same waterfall', async () => {
    assert.deepEqual(await lintLegacy(LegacyESLint9, WATERFALL, FILE, { sourceType: 'module' }), ['2:3 unblock/no-await-waterfall']);
  });

  it('flat config: configs.recommended reports the same waterfall', async () => {
    const eslint = new FlatESLint({ cwd: project, overrideConfigFile: true, overrideConfig: [plugin.configs.recommended] });
    assert.deepEqual(reportsOf(await eslint.lintText(WATERFALL, { filePath: FILE })), ['2:3 unblock/no-await-waterfall']);
  });
});
