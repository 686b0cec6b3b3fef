/**
 * Tests live with their package and mirror its source folders (ARCHITECTURE.md, "Tests"): every
 * folder of either package that holds code has a test folder holding at least one test file.
 * The plugin's `rules/<folder>/` is tested in `test/<folder>/` (the rules' own entries,
 * `rules/<id>.js`, in `test/rules/`); the bench's `<folder>/` in `test/<folder>/`.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Source folders whose code is tested from elsewhere, each with where and why. A folder leaves
 * this list when it gets its own test folder.
 * @type {Record<string, Record<string, string>>}
 */
const EXCEPTIONS = {
  'packages/eslint-plugin-unblock': {
    // The package's doors: index.js is checked rule by rule by test/rules/meta.test.js, tooling.js by
    // every test of a tool (test/no-await-waterfall/await-sites.test.js, the bench's tests).
    '.': 'index.js and tooling.js: test/rules/meta.test.js and the tools\' tests',
    // The bundle is held to the sources by the repository's packaging test, which builds it.
    scripts: 'bundle.js: test/packages/plugin-bundle.test.js at the repository root',
    // One file of AST helpers every analysis calls; no behaviour of its own to test apart.
    'rules/language/syntax': 'ast.js: through every rule test',
    // The helper threads are tested through the import map they serve.
    'rules/threads': 'test/project/workspace/import-map.test.js',
    // The loop rule's own analysis is tested through its rule tests and its report/ folder.
    'rules/no-loop-waterfall': 'test/rules/no-loop-waterfall*.test.js, test/no-loop-waterfall/report/',
    // One call in a body, as the evidence sources see it: tested through each source.
    'rules/project/body-calls': 'test/project/evidence/',
    // The cache's entry schemas: tested by the cache's tests (hostile entries, edits).
    'rules/project/cache/schemas': 'test/project/cache/',
  },
  'packages/unblock-bench': {
    // The function bench's emit and extract steps: tested through the harness's tests.
    'harness/emit': 'test/harness/',
    'harness/extract': 'test/harness/',
    // The load runs: every end-to-end bench test runs them.
    run: 'test/end-to-end.test.js, test/processes/',
  },
};

/** Source folders that are not code of the package. */
const SKIP = new Set(['node_modules', 'dist', 'types', 'test']);

/**
 * @param {string} root the package's folder
 * @param {string} [rel] a folder under it
 * @returns {string[]} the folders under root (root as '.') that hold a .js file
 */
function codeFolders(root, rel = '.') {
  const entries = fs.readdirSync(path.join(root, rel), { withFileTypes: true });
  const here = entries.some((entry) => entry.isFile() && entry.name.endsWith('.js')) ? [rel] : [];
  const below = entries
    .filter((entry) => entry.isDirectory() && !SKIP.has(entry.name) && !entry.name.startsWith('.'))
    .flatMap((entry) => codeFolders(root, rel === '.' ? entry.name : `${rel}/${entry.name}`));
  return [...here, ...below];
}

/**
 * @param {string} pkg the package's folder, from the repository root
 * @param {string} folder a source folder in it
 */
function testFolderOf(pkg, folder) {
  if (pkg === 'packages/eslint-plugin-unblock') {
    if (folder === 'rules') return 'test/rules';
    if (folder.startsWith('rules/')) return `test/${folder.slice('rules/'.length)}`;
  }
  return folder === '.' ? 'test' : `test/${folder}`;
}

/** @param {string} dir */
function holdsTests(dir) {
  return fs.existsSync(dir) && fs.readdirSync(dir).some((name) => name.endsWith('.test.js'));
}

describe('every source folder has its test folder', () => {
  for (const [pkg, exceptions] of Object.entries(EXCEPTIONS)) {
    it(pkg, () => {
      const root = path.join(repo, pkg);
      const folders = codeFolders(root);
      const missing = folders.filter((folder) => !(folder in exceptions) && !holdsTests(path.join(root, testFolderOf(pkg, folder))));
      assert.deepEqual(missing.map((folder) => `${folder} → ${testFolderOf(pkg, folder)}`), [], 'source folders with no test folder');
      // An exception whose folder is gone or now has its tests is stale.
      const stale = Object.keys(exceptions).filter((folder) => !folders.includes(folder) || holdsTests(path.join(root, testFolderOf(pkg, folder))));
      assert.deepEqual(stale, [], 'exceptions that no longer apply');
    });
  }
});
