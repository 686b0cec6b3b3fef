/**
 * The project index reads other files with two native helpers, oxc-parser and oxc-resolver. Where
 * one cannot load (a platform npm installed no binding for, a .vsix built for another platform),
 * the rules analyse each file alone. That used to happen silently: findings that other files would
 * have cleared came back, with nothing saying why. Now the first failure of each helper says so in
 * one line, naming the package, the platform and what is lost: a process warning under ESLint, a
 * warning returned with the lint in the editor (which writes it to its log). The bindings are hidden
 * in a child process by a resolve hook, so the helpers' own loaders fail as they would there.
 */
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { makeProject, removeAll } from '../../packages/eslint-plugin-unblock/test/support/temp-project.js';
import { lintInChild } from '../../packages/eslint-plugin-unblock/test/support/lint-in-child.js';
import { describeLoadError } from '../../packages/eslint-plugin-unblock/rules/project/bounds/optional-require.js';
import { runJsonChild } from '../support/run-json-child.js';
import { format, handler } from './support/format-helpers.js';

const HIDE_BINDINGS = ['--import', fileURLToPath(new URL('./support/hide-native-bindings.js', import.meta.url))];
const RUNNER_CHILD = fileURLToPath(new URL('../extension/support/lint-runner-child.js', import.meta.url));
const platform = `${process.platform}-${process.arch}`;

const project = () => makeProject({ 'package.json': '{ "type": "module" }', 'handler.js': handler, 'other.js': handler.replace('page', 'other'), 'format.js': format });

/**
 * The one line each helper gives, whatever this machine's binding package is called.
 * @param {string} name
 */
const lostLine = (name) => new RegExp(`^unblock: ${name} could not be loaded on ${platform} \\(@${name}/binding-[\\w-]+ is missing\\): cross-file analysis off${name === 'oxc-parser' ? ', no rewrites offered' : ''}; each file analysed alone\\.$`);

/**
 * @param {string[]} args
 * @returns {Promise<{ lints: Array<{ file: string, reports: string[], warnings: string[] }>, processWarnings: string[] }>}
 */
function runInChild(args) {
  return runJsonChild(args, 'the lint child');
}

describe('robustness: a native helper that cannot load is told, once', function () {
  // Child processes that load ESLint and the plugin; the time is a guard, never asserted.
  this.timeout(60_000);
  after(removeAll);

  it('under ESLint: one process warning per helper for the whole run, and each file is analysed alone', async () => {
    const dir = project();
    const normal = await lintInChild(dir, ['handler.js', 'other.js']);
    assert.equal(normal.status, 'done');
    if (normal.status !== 'done') return;
    assert.deepEqual(normal.reports, { 'handler.js': [], 'other.js': [] });
    assert.deepEqual(normal.warnings, []);

    const hidden = await lintInChild(dir, ['handler.js', 'other.js'], { nodeArgs: HIDE_BINDINGS });
    assert.equal(hidden.status, 'done', JSON.stringify(hidden));
    if (hidden.status !== 'done') return;
    // format.js is not read: the awaits' names decide, and the pair is reported in both files.
    assert.deepEqual(hidden.reports, { 'handler.js': ['unblock/no-await-waterfall'], 'other.js': ['unblock/no-await-waterfall'] });
    assert.equal(hidden.warnings.length, 2, hidden.warnings.join('\n'));
    assert.match(hidden.warnings[0], lostLine('oxc-parser'));
    assert.match(hidden.warnings[1], lostLine('oxc-resolver'));
  });

  it('in the editor\'s lint: returned with the first lint that builds an index, to its listener, and not again', async () => {
    const dir = project();
    const { lints, processWarnings } = await runInChild([...HIDE_BINDINGS, RUNNER_CHILD, dir, 'handler.js', 'other.js', 'handler.js']);
    assert.deepEqual(lints.map((lint) => lint.reports), [['unblock/no-await-waterfall'], ['unblock/no-await-waterfall'], ['unblock/no-await-waterfall']]);
    assert.equal(lints[0].warnings.length, 2, lints[0].warnings.join('\n'));
    assert.match(lints[0].warnings[0], lostLine('oxc-parser'));
    assert.match(lints[0].warnings[1], lostLine('oxc-resolver'));
    assert.deepEqual(lints.slice(1).map((lint) => lint.warnings), [[], []]);
    // The listener took them: nothing printed besides.
    assert.deepEqual(processWarnings, []);
  });

  it('names what failed: a binding that is there but does not load, else the missing binding package', () => {
    /** A NAPI-RS loader's error: one generic message, each attempt in the `cause` chain. */
    const napiError = (/** @type {string[]} */ attempts) => {
      const error = new Error('Cannot find native binding. npm has a bug related to optional dependencies (https://github.com/npm/cli/issues/4828).');
      let link = error;
      for (const message of attempts) link = /** @type {any} */ (link).cause = new Error(message);
      return error;
    };
    const missing = napiError(["Cannot find module '@oxc-parser/binding-wasm32-wasi'", "Cannot find module './parser.wasi.cjs'", "Cannot find module '@oxc-parser/binding-darwin-arm64'\nRequire stack:\n- /x/bindings.js", "Cannot find module './parser.darwin-arm64.node'"]);
    assert.equal(describeLoadError(missing), '@oxc-parser/binding-darwin-arm64 is missing');
    const unloadable = napiError(["Cannot find module '@oxc-parser/binding-wasm32-wasi'", "/lib/libc.so.6: version `GLIBC_2.32' not found (required by /x/parser.linux-x64-gnu.node)", "Cannot find module './parser.linux-x64-gnu.node'"]);
    assert.equal(describeLoadError(unloadable), "/lib/libc.so.6: version `GLIBC_2.32' not found (required by /x/parser.linux-x64-gnu.node)");
    assert.equal(describeLoadError(Object.assign(new Error("Cannot find module 'oxc-parser'\nRequire stack:\n- /x/a.js"), { code: 'MODULE_NOT_FOUND' })), "Cannot find module 'oxc-parser'");
  });
});
