/**
 * A project over the caller index's limit (MAX_PROJECT_FILES source files) is not indexed: its
 * callers across files are not read, and the rules report only what one file shows. That is said at
 * run time, once per project, in one line (#45 item 8), instead of a blocking rule that silently
 * reports nothing. The big tree is made at run time in a temporary folder and removed after.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { Linter } from 'eslint';
import plugin from '../../packages/eslint-plugin-unblock/index.js';
import { makeProject, removeAll, writeFiles } from '../../packages/eslint-plugin-unblock/test/support/temp-project.js';
import { setLintBudget } from '../../packages/eslint-plugin-unblock/rules/project/bounds/lint-bounds.js';
import { MAX_PROJECT_FILES, forgetProjectFiles } from '../../packages/eslint-plugin-unblock/rules/project/workspace/project-files.js';

const config = [{ plugins: { unblock: plugin }, languageOptions: { ecmaVersion: /** @type {const} */ ('latest'), sourceType: /** @type {const} */ ('module') }, rules: plugin.configs.recommended.rules }];

const reader = "import fs from 'node:fs';\nexport function readConfig(name) {\n  return fs.readFileSync(name, 'utf8');\n}\n";
const route = "import express from 'express';\nimport { readConfig } from '../lib/read.js';\nconst app = express();\napp.get('/config', (req, res) => res.send(readConfig(req.query.name)));\n";

/**
 * A project with `count` filler modules besides a route and the module it calls.
 * @param {number} count
 */
function projectWith(count) {
  /** @type {Record<string, string>} */
  const files = { 'package.json': '{"name":"big","type":"module","dependencies":{"express":"*"}}', 'lib/read.js': reader, 'routes/config.js': route };
  for (let i = 0; i < count; i++) files[`src/m${Math.floor(i / 500)}/f${i}.js`] = `export const v${i} = ${i};\n`;
  return makeProject(files);
}

describe('robustness: a project over the index limit says so', function () {
  this.timeout(120_000);
  /** @type {string[]} */
  let warnings = [];
  /** @type {ReturnType<typeof setLintBudget>} */
  let saved;
  beforeEach(() => {
    warnings = [];
    forgetProjectFiles();
    saved = setLintBudget({ warn: (message) => warnings.push(message) });
  });
  afterEach(() => setLintBudget(saved));
  after(removeAll);

  const lint = (/** @type {string} */ dir, /** @type {string} */ file, cwd = dir) => new Linter({ cwd }).verify(file === 'lib/read.js' ? reader : route, config, path.join(dir, file)).map((m) => m.ruleId);

  it('reads the callers of a project under the limit, without a word', () => {
    const dir = projectWith(10);
    assert.ok(lint(dir, 'lib/read.js').includes('unblock/no-blocking-sync-call'), 'the route calls it per request');
    assert.deepEqual(warnings, []);
  });

  it('indexes a project of as many source files as the limit, and not one more', () => {
    const dir = projectWith(MAX_PROJECT_FILES - 2);
    assert.ok(lint(dir, 'lib/read.js').includes('unblock/no-blocking-sync-call'), 'at the limit: the route in another file calls it per request');
    assert.deepEqual(warnings, []);
    writeFiles(dir, { 'src/one-more.js': 'export const more = 1;\n' });
    forgetProjectFiles();
    assert.ok(!lint(dir, 'lib/read.js').includes('unblock/no-blocking-sync-call'), 'one over: callers across files are not read');
    assert.equal(warnings.length, 1, JSON.stringify(warnings));
  });

  it("indexes a big monorepo's package when ESLint runs in that package's folder, as the warning says", () => {
    /** @type {Record<string, string>} */
    const files = {
      'package.json': '{"name":"mono","private":true,"workspaces":["packages/*"]}',
      'packages/app/package.json': '{"name":"app","type":"module","dependencies":{"express":"*"}}',
      'packages/app/lib/read.js': reader,
      'packages/app/routes/config.js': route,
      'packages/filler/package.json': '{"name":"filler","type":"module"}',
    };
    for (let i = 0; i <= MAX_PROJECT_FILES; i++) files[`packages/filler/src/m${Math.floor(i / 500)}/f${i}.js`] = `export const v${i} = ${i};\n`;
    const dir = makeProject(files);
    const app = path.join(dir, 'packages', 'app');
    assert.ok(!lint(app, 'lib/read.js', dir).includes('unblock/no-blocking-sync-call'), 'from the root: the workspace is over the limit');
    assert.equal(warnings.length, 1, JSON.stringify(warnings));
    assert.ok(lint(app, 'lib/read.js', app).includes('unblock/no-blocking-sync-call'), "from the package's folder: its route's call is found");
    assert.equal(warnings.length, 1, 'nothing more said');
  });

  it('says once, in one line, that a project over the limit is read one file at a time', () => {
    const dir = projectWith(MAX_PROJECT_FILES + 10);
    lint(dir, 'lib/read.js');
    lint(dir, 'routes/config.js');
    forgetProjectFiles(); // listed again (an editor after a save): still said only once
    lint(dir, 'lib/read.js');
    assert.equal(warnings.length, 1, JSON.stringify(warnings));
    assert.ok(!warnings[0].includes('\n'), 'one line');
    assert.equal(
      warnings[0],
      `unblock: ${dir} has more than 20,000 source files, over the index's limit of 20,000, so it is not indexed: callers across files are not read, ` +
        "and the rules report only what one file shows (no-blocking-sync-call reports a blocking call only where a handler registered in the same file runs it, not in a helper that routes in other files call); " +
        "run ESLint in each workspace package's folder (each is then a project of its own, indexed up to 20,000 files) to have its callers read.",
    );
  });
});
