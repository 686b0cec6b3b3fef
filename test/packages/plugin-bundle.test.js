/**
 * What the published package runs is the bundle (dist/, built by scripts/bundle.js), not the
 * sources the other tests run (they import them under the `unblock-source` export condition). The
 * bundle must lint exactly as the sources do, start its helper thread from dist/, and name the
 * project cache's folder as the sources do (the cache is keyed by the sources' hash, which the
 * bundle carries since the package ships no rules/ folder to hash).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import sourcePlugin from '../../packages/eslint-plugin-unblock/index.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const pluginDir = path.join(repoRoot, 'packages', 'eslint-plugin-unblock');

/**
 * Every message of every file under `cwd`, fixes and suggestions included.
 * @param {any} plugin
 * @param {string} cwd
 * @param {string | false} cache the project cache's folder, or false for none
 */
async function lintAll(plugin, cwd, cache = false) {
  const eslint = new ESLint({
    cwd,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.js', '**/*.ts'], plugins: { unblock: plugin }, rules: plugin.configs.recommended.rules, settings: { unblock: { cache } } },
      { files: ['**/*.js'], languageOptions: { ecmaVersion: 'latest', sourceType: 'module' } },
      { files: ['**/*.ts'], languageOptions: { parser: tsParser } },
    ],
  });
  const results = await eslint.lintFiles(['.']);
  return results.map((result) => ({
    file: path.relative(cwd, result.filePath),
    messages: result.messages.map(({ ruleId, line, column, message, fix, suggestions }) => ({ ruleId, line, column, message, fix, suggestions: suggestions?.map(({ desc, fix: edit }) => ({ desc, edit })) })),
  }));
}

/**
 * Starts a lint with no project cache, which writes what the lint before it left to write.
 * @param {any} plugin
 */
async function startAnotherLint(plugin) {
  const eslint = new ESLint({
    overrideConfigFile: true,
    overrideConfig: [{ plugins: { unblock: plugin }, rules: plugin.configs.recommended.rules, settings: { unblock: { cache: false } }, languageOptions: { ecmaVersion: 'latest', sourceType: 'module' } }],
  });
  await eslint.lintText('export async function f(g) {\n  await g();\n}\n', { filePath: path.join(os.tmpdir(), 'unblock-bundle-flush.js') });
}

describe('packages: the plugin as published (its bundle)', function () {
  this.timeout(120_000);
  /** @type {any} */
  let bundled;
  /** @type {string[]} */
  const made = [];

  before(async () => {
    // Built here, as `npm pack` builds it: a dist/ left from an older checkout would test nothing.
    execFileSync(process.execPath, [path.join(pluginDir, 'scripts', 'bundle.js')], { stdio: 'pipe' });
    bundled = (await import(pathToFileURL(path.join(pluginDir, 'dist', 'index.js')).href)).default;
  });
  after(async () => {
    // The last lint's kept verdicts and summaries are written when the next lint starts, or at the process's exit:
    // written now, or the exit would make the removed cache folders again.
    for (const plugin of [sourcePlugin, bundled]) await startAnotherLint(plugin);
    for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is what package.json exports to users (the source entry only under the repository\'s own condition)', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(pluginDir, 'package.json'), 'utf8'));
    assert.equal(manifest.exports['.'].default, './dist/index.js');
    assert.equal(manifest.exports['./tooling'].default, './dist/tooling.js');
    assert.ok(manifest.files.includes('dist'));
    assert.deepEqual(Object.keys(bundled.rules), Object.keys(sourcePlugin.rules));
    assert.deepEqual(bundled.meta, sourcePlugin.meta, 'the version is read from the package.json beside it');
  });

  for (const fixtures of ['fixtures', 'packages/eslint-plugin-unblock/test/project/fixtures']) {
    it(`reports what the sources report on ${fixtures}/, with the same fixes and suggestions`, async () => {
      const cwd = path.join(repoRoot, fixtures);
      const fromSources = await lintAll(sourcePlugin, cwd);
      assert.ok(fromSources.some((result) => result.messages.some((message) => message.ruleId?.startsWith('unblock/'))), 'the fixtures have reports to compare');
      assert.deepEqual(await lintAll(bundled, cwd), fromSources);
    });
  }

  it('fills the project cache in the folder the sources use, with its helper thread bundled beside it', async () => {
    assert.ok(fs.existsSync(path.join(pluginDir, 'dist', 'import-map-thread.js')), 'the thread the bundle starts (else it reads the import map on the lint thread)');
    // A copy: the project index of the fixture's own folder is already built in this process.
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-bundle-project-'));
    fs.cpSync(path.join(repoRoot, 'packages/eslint-plugin-unblock/test/project/fixtures/route-messages'), cwd, { recursive: true });
    const fromSources = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-bundle-cache-'));
    const fromBundle = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-bundle-cache-'));
    made.push(cwd, fromSources, fromBundle);
    const expected = await lintAll(sourcePlugin, cwd, fromSources);
    assert.deepEqual(await lintAll(bundled, cwd, fromBundle), expected);
    const folders = (/** @type {string} */ dir) => fs.readdirSync(dir).sort();
    assert.deepEqual(folders(fromBundle), folders(fromSources), 'the same code version names the folder');
    assert.ok(fs.existsSync(path.join(fromBundle, folders(fromBundle)[0], 'imports')), 'import facts kept');
  });
});
