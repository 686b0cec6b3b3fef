/**
 * oxc-parser parses and serializes by recursion on the native stack: a module a few thousand levels
 * deep (callbacks in callbacks, arrays in arrays) overflowed it, and the lint died of SIGSEGV with no
 * message. Such a module is now measured before it is parsed (rules/project/modules/nesting-depth.js)
 * and, past the bound, not parsed: calls into it stay unknown, and one line says so once a run.
 * The deep modules are generated here; each lint runs in a child process, which a crash cannot take
 * the test run with.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lintInChild } from '../../packages/eslint-plugin-unblock/test/support/lint-in-child.js';
import { makeProject, removeAll } from '../../packages/eslint-plugin-unblock/test/support/temp-project.js';
import { nestingWithin, MAX_NESTING } from '../../packages/eslint-plugin-unblock/rules/project/modules/nesting-depth.js';

/** A module whose export is awaited twice by server.js, nested `depth` levels below it. */
const deepCallbacks = (/** @type {number} */ depth) => `export async function first(p) { return p; }\nf(function () {${'f(function () {'.repeat(depth)}${'});'.repeat(depth)}});\n`;
const deepArray = (/** @type {number} */ depth) => `export async function second(p) { return p; }\nexport const tree = ${'['.repeat(depth)}${']'.repeat(depth)};\n`;
const server = `import { readFileSync } from 'node:fs';
import { first } from './lib/callbacks.js';
import { second } from './lib/array.js';
export async function load(p) {
  const a = await first(p);
  const b = await second(p);
  return [a, b, readFileSync(p, 'utf8')];
}
`;

/** Texts of every shape the parser nests on, `count` deep. */
const SHAPES = {
  callbacks: (/** @type {number} */ count) => `${'f(function(){'.repeat(count)}${'})'.repeat(count)}`,
  'array literals': (/** @type {number} */ count) => `x = ${'['.repeat(count)}${']'.repeat(count)}`,
  'template substitutions': (/** @type {number} */ count) => `x = ${'`${'.repeat(count)}1${'}`'.repeat(count)}`,
  'type arguments': (/** @type {number} */ count) => `let x: ${'Array<'.repeat(count)}number${'>'.repeat(count)};`,
  'arrows on separate lines': (/** @type {number} */ count) => `x = ${'a =>\n'.repeat(count * 4)}1`,
  ternaries: (/** @type {number} */ count) => `x = ${'a ? b\n: '.repeat(count * 4)}c`,
  'else-if chains': (/** @type {number} */ count) => `if (a) x;\n${'else if (a) x;\n'.repeat(count * 4)}`,
  'unary operators': (/** @type {number} */ count) => `x = ${'!'.repeat(count * 32)}1`,
};

describe('robustness: modules nested too deeply for the native parser', function () {
  this.timeout(60_000);
  after(removeAll);

  it('lints a file that imports a module of 3,000 nested callbacks and one of a 20,000-deep array, with one line saying so', async () => {
    const dir = makeProject({ 'package.json': '{ "type": "module" }', 'server.js': server, 'lib/callbacks.js': deepCallbacks(3000), 'lib/array.js': deepArray(20_000) });
    const result = await lintInChild(dir, ['server.js'], { memoryKb: 1_000_000_000 });
    assert.equal(result.status, 'done', JSON.stringify(result));
    if (result.status !== 'done') return;
    assert.ok('server.js' in result.reports);
    const deep = result.warnings.filter((warning) => warning.includes('nested deeper than'));
    assert.equal(deep.length, 1, `one line a run: ${JSON.stringify(result.warnings)}`);
    assert.match(deep[0], /^unblock: \S*lib\/(callbacks|array)\.js is nested deeper than \d+ levels: not parsed .*\.$/);
    assert.ok(!deep[0].includes('\n'));
  });

  for (const [shape, make] of Object.entries(SHAPES)) {
    it(`refuses ${shape} nested past the bound, and takes them 50 deep`, () => {
      assert.equal(nestingWithin(make(MAX_NESTING + 1)), false);
      assert.equal(nestingWithin(make(50)), true);
    });
  }

  it('takes every source file of the plugin, the extension and the fixtures', () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const refused = ['packages', 'extension/src', 'fixtures']
      .flatMap((folder) => fs.readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile() && /\.[cm]?[jt]sx?$/.test(entry.name) && !entry.parentPath.includes('node_modules'))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .filter((file) => fs.statSync(file).size < 400_000 && !nestingWithin(fs.readFileSync(file, 'utf8')));
    assert.deepEqual(refused, []);
  });
});
