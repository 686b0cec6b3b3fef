/**
 * Robustness on real code: lint the JavaScript of a few large installed
 * packages with the rule and check that it never throws and that every
 * suggested rewrite still parses.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import * as espree from 'espree';
import tsParser from '@typescript-eslint/parser';
import rule from '../../rules/no-loop-waterfall.js';
import { lintLoops } from './loop-helpers.js';

const root = path.resolve(fileURLToPath(import.meta.url), '../../../node_modules');
// Packages with much async code (servers, clients, browser drivers, file tools).
const PACKAGES = ['undici', 'playwright-core', 'fs-extra', 'glob', 'mocha', 'autocannon', 'eslint'];
// Bounded so the run stays short on a shared machine; bundles and minified files add parse time, not cases.
const MAX_FILES = 400;
const MAX_BYTES = 120_000;

/** @param {string} dir */
function* javascriptFiles(dir) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules') yield* javascriptFiles(full);
    else if (entry.isFile() && /\.[cm]?js$/.test(entry.name) && !/\.min\.|bundle/i.test(entry.name)) yield full;
  }
}

const linter = new Linter({ configType: 'flat' });
/**
 * @param {'module' | 'commonjs'} sourceType
 * @returns {import('eslint').Linter.Config[]}
 */
const config = (sourceType) => [
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    plugins: { unblock: { rules: { 'no-loop-waterfall': rule } } },
    rules: { 'unblock/no-loop-waterfall': ['warn', { maxConcurrency: 4 }] },
    languageOptions: { ecmaVersion: 'latest', sourceType },
    // The packages' own eslint comments name rules that are not loaded here.
    linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'off' },
  },
];

describe('no-loop-waterfall on installed packages', function () {
  this.timeout(120_000);

  it('never throws, and every suggestion parses', () => {
    let files = 0;
    /** @type {string[]} */
    const broken = [];
    outer: for (const name of PACKAGES) {
      for (const file of javascriptFiles(path.join(root, name))) {
        if (files >= MAX_FILES) break outer;
        const text = fs.readFileSync(file, 'utf8');
        if (text.length > MAX_BYTES) continue;
        files++;
        // Files under node_modules are ignored by default: lint under a neutral name.
        const filename = `linted${path.extname(file)}`;
        /** @type {'module' | 'commonjs'} */
        let sourceType = file.endsWith('.cjs') ? 'commonjs' : 'module';
        let messages = linter.verify(text, config(sourceType), filename);
        if (messages.some((message) => message.fatal) && sourceType === 'module') {
          sourceType = 'commonjs';
          messages = linter.verify(text, config(sourceType), filename);
        }
        if (messages.some((message) => message.fatal)) continue;
        // A rule that throws makes verify() throw; other messages are the linter's own notes.
        for (const message of messages.filter((candidate) => candidate.ruleId === 'unblock/no-loop-waterfall')) {
          for (const suggestion of message.suggestions ?? []) {
            const output = text.slice(0, suggestion.fix.range[0]) + suggestion.fix.text + text.slice(suggestion.fix.range[1]);
            try {
              espree.parse(output, { ecmaVersion: 'latest', sourceType: sourceType === 'commonjs' ? 'script' : 'module', ecmaFeatures: { globalReturn: sourceType === 'commonjs' } });
            } catch (error) {
              broken.push(`${path.relative(root, file)}:${message.line} ${suggestion.messageId}: ${/** @type {Error} */ (error).message}`);
            }
          }
        }
      }
    }
    assert.ok(files > 200, `expected to lint many files, linted ${files}`);
    assert.deepEqual(broken, []);
  });
});

/** Odd but valid inputs: each must lint without throwing, and each suggestion must parse. */
const ODD_INPUTS = [
  'async function f(xs) { for (const x of xs); }',
  'async function f(xs) { for (const x of xs) {} }',
  'async function f(xs) { for (const x of (xs, xs)) await g(x); }',
  'async function f(xs) { for (const x of await xs) await g(x); }',
  'async function f(xs) { for (const { a = 1, ...rest } of xs) await g(a, rest); }',
  'async function f(xs) { for (const [a, , b] of xs) await g(a, b); }',
  'async function f(xs) { a: b: for (const x of xs) { if (x) continue a; await g(x); } }',
  'async function f(xs) { for (const x of xs) { switch (x) { case 1: continue; default: break; } await g(x); } }',
  'async function f(xs) { for (const x of xs) { l: { if (x) break l; } await g(x); } }',
  'async function f(xs) { for (const x of xs) await g(`${x}\n  ${await h(x)}`); }',
  'async function f(xs) { for (const x of xs) { await g(x) } }',
  'async function f(xs) { const out = []\nfor (const x of xs) out.push(await g(x))\nreturn out }',
  'async function f(o) { for (const k in o) { o[k] = await g(k); } }',
  'async function f(xs) { for (let i = 0; i < xs.length; i += 1) { await g(xs[i]); } }',
  'async function f(xs) { for (let i = 0; i < xs.length; i = 1 + i) await g(xs[i], i); }',
  'async function f(xs) { for (let i = 0, j = 1; i < xs.length; i++) await g(xs[i]); }',
  'async function f(xs) { xs.forEach(async function (x) { await g(x); }, this); }',
  'async function f(xs) { xs?.forEach(async (x) => { await g(x); }); }',
  'async function f(xs) { xs["forEach"](async (x) => { await g(x); }); }',
  'async function f(xs) { xs.forEach(async (x) => await g(x)); }',
  'async function f(xs) { xs.forEach(); xs.forEach(1); }',
  'async function* f(xs) { for (const x of xs) await g(x); }',
  'class A { async m(xs) { for (const x of xs) await super.g(x, this); } }',
  'class A { static { for (const x of xs) x; } }',
  'async function f(xs) { for (const x of xs) { await using r = g(x); } }',
  'for (const x of xs) await g(x);',
  'async function f(xs) { for (const x of xs) { const m = new Map(); m.set(x, await g(x)); } }',
  'async function f(xs, Promise) { for (const x of xs) await g(x); }',
];

const ODD_TS_INPUTS = [
  'async function f(xs: string[]) { for (const x of xs as readonly string[]) await g(x); }',
  'async function f(xs?: string[]) { for (const x of xs!) await g(x); }',
  'async function f(xs: Array<{ id: string }>) { const byId: Record<string, T> = {}; for (const x of xs) { byId[x.id] = await g<T>(x); } }',
  'async function f(xs: Set<string>) { xs.forEach(async (x: string): Promise<void> => { await g(x); }); }',
  'async function f(xs: string[]) { for (const x of xs) { const y = <T>await g(x); type L = typeof y; await h(y satisfies L); } }',
  'enum E { A } async function f(xs: E[]) { for (const x of xs) await g(x as E); }',
];

describe('no-loop-waterfall on odd input', () => {
  it('never throws, and every suggestion parses (espree)', () => {
    for (const code of ODD_INPUTS) {
      for (const message of lintLoops(code, { options: { maxConcurrency: 2 } })) {
        assert.ok(!message.fatal, `${code}: ${message.message}`);
        for (const suggestion of message.suggestions ?? []) {
          const output = code.slice(0, suggestion.fix.range[0]) + suggestion.fix.text + code.slice(suggestion.fix.range[1]);
          assert.doesNotThrow(() => espree.parse(output, { ecmaVersion: 'latest', sourceType: 'module' }), output);
        }
      }
    }
  });

  it('never throws, and every suggestion parses (typescript-eslint)', () => {
    for (const code of ODD_TS_INPUTS) {
      for (const message of lintLoops(code, { options: { maxConcurrency: 2 }, typescript: true })) {
        assert.ok(!message.fatal, `${code}: ${message.message}`);
        for (const suggestion of message.suggestions ?? []) {
          const output = code.slice(0, suggestion.fix.range[0]) + suggestion.fix.text + code.slice(suggestion.fix.range[1]);
          assert.doesNotThrow(() => tsParser.parse(output, { ecmaVersion: 'latest', sourceType: 'module' }), output);
        }
      }
    }
  });
});
