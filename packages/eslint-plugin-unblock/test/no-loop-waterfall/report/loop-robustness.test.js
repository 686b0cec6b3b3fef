/**
 * Robustness on odd input: every shape of loop head and body the parsers
 * accept lints without throwing, and every suggested rewrite still parses.
 * (Real code from installed packages is covered for all rules by
 * test/rules/real-code.test.js.)
 */
import assert from 'node:assert/strict';
import * as espree from 'espree';
import tsParser from '@typescript-eslint/parser';
import { lintLoops } from './loop-helpers.js';

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
