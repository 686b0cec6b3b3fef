/**
 * The bench and the README's codemod apply Unblock's rewrites and nothing else (issue #44, item 2):
 * ESLint 9+ reports an `eslint-disable` comment for a rule the config does not run as unused, and
 * `--fix` deletes it. A project whose only lint-fixable text is such comments has nothing to change.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { buildAfterSource, loadPlugin, runComparison } from '../../index.js';
import { FIXTURES, QUICK, REPO, childPids } from '../helpers.js';

const CLI = path.join(REPO, 'packages', 'unblock-bench', 'cli.js');
const APP = path.join(FIXTURES, 'unrelated-directives');
const RULES = ['unblock/no-await-waterfall', 'unblock/no-loop-waterfall', 'unblock/no-blocking-sync-call'];

/** The app's files as they are on disk, by name. */
function appSources() {
  return Object.fromEntries(['server.js', 'greeting.js'].map((name) => [name, fs.readFileSync(path.join(APP, name), 'utf8')]));
}

/**
 * The README's codemod config, with its imports pointed at this repository's packages (the
 * config is written to a folder outside it).
 */
function readmeCodemodConfig() {
  const readme = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8');
  const block = /```js\n(\/\/ eslint\.codemod\.mjs[^]*?)```/.exec(readme);
  assert.ok(block, 'the README shows the codemod config');
  const resolved = (/** @type {string} */ name) => JSON.stringify(import.meta.resolve(name));
  return block[1].replace(/from '(eslint-plugin-unblock|@typescript-eslint\/parser)'/g, (_, name) => `from ${resolved(name)}`);
}

describe('bench-runner: only the rules\' own fixes', function () {
  this.timeout(60_000);

  it('leaves disable comments for other rules in place (the "after" source is the "before")', async () => {
    const plugin = await loadPlugin();
    for (const [name, source] of Object.entries(appSources())) {
      const result = buildAfterSource(source, { rules: RULES, filename: name, plugin });
      assert.equal(result.source, source, name);
      assert.equal(result.changed, false, name);
      assert.equal(result.diff, '', name);
    }
  });

  it('applies no fix of a rule the file\'s own /* eslint */ comment turns on', async () => {
    const plugin = await loadPlugin();
    const source = `/* eslint prefer-const: "error" */
export default async function handler(req, res) {
  let body = 'ok';
  res.end(body);
}
`;
    const result = buildAfterSource(source, { rules: RULES, filename: 'server.js', plugin });
    assert.equal(result.source, source);
    assert.equal(result.changed, false);
  });

  it('the bench measures nothing on such an app: no file changed, "nothing-to-fix", no load run', async () => {
    const baseline = childPids();
    const result = await runComparison({ ...QUICK, fixture: APP });
    assert.equal(result.status, 'nothing-to-fix');
    assert.deepEqual(result.fix.files.map((/** @type {any} */ f) => [f.file, f.changed]), [['server.js', false], ['greeting.js', false]]);
    assert.deepEqual(result.fix.findings, []);
    assert.equal(result.fix.diff, '');
    assert.deepEqual(result.runs, []);
    assert.deepEqual(childPids(), baseline);
  });

  it('the CLI says there is nothing to change and exits 1', async () => {
    const cli = spawn(process.execPath, ['--conditions=unblock-source', CLI, APP, '--quiet'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    cli.stdout.on('data', (chunk) => (stdout += chunk));
    cli.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise((resolve) => cli.on('exit', resolve));
    assert.equal(code, 1, stderr);
    assert.match(stderr, /^unblock-bench: unrelated-directives: not measured: .* found nothing to change in server\.js and the 1 file it imports, so there is no "after" to compare\.\n$/);
    assert.doesNotMatch(stdout, /^fix: /m);
  });

  it('the README\'s codemod config, run with --fix, changes no file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-codemod-'));
    try {
      fs.cpSync(APP, path.join(dir, 'src'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }\n');
      fs.writeFileSync(path.join(dir, 'eslint.codemod.mjs'), readmeCodemodConfig());
      const eslint = new ESLint({ cwd: dir, overrideConfigFile: path.join(dir, 'eslint.codemod.mjs'), fix: true });
      const results = await eslint.lintFiles(['src']);
      assert.equal(results.length, 2, 'the app\'s files were linted');
      assert.deepEqual(results.filter((r) => r.output !== undefined).map((r) => path.basename(r.filePath)), [], 'files a fix would change');
      assert.deepEqual(results.flatMap((r) => r.messages.filter((m) => /unused eslint-disable/i.test(m.message))), [], 'no unused-directive report');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
