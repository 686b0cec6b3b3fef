/**
 * The p-map / p-limit rewrites change timing only: each loop runs as a real
 * module before and after the rewrite, the rewrite loading the real package
 * (p-map 7 and p-limit 7 for ES modules; p-map 4 and p-limit 3, installed
 * under the aliases p-map-4 / p-limit-3, for CommonJS), against stub async
 * work whose earlier items take longer. Results (in input order), the error
 * thrown, and the most calls in flight at once are compared.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { limitedOutput } from './limited-helpers.js';
import { createWork } from './loop-helpers.js';

const require = createRequire(import.meta.url);

/**
 * Loads a module's text and returns its function `f`. ES modules import the
 * real packages by their resolved URL; CommonJS modules get a `require` that
 * hands out the CommonJS majors.
 * @param {string} code
 * @param {'esm' | 'cjs'} format
 * @returns {Promise<(items: unknown, work: (item: unknown) => Promise<string>) => Promise<unknown>>}
 */
async function load(code, format) {
  if (format === 'esm') {
    const linked = code.replace(/from '(p-map|p-limit)'/g, (_, name) => `from '${import.meta.resolve(name)}'`);
    const module = await import(`data:text/javascript;base64,${Buffer.from(linked).toString('base64')}`);
    return module.f;
  }
  const packages = { 'p-map': require('p-map-4'), 'p-limit': require('p-limit-3') };
  const fakeRequire = (/** @type {string} */ name) => {
    if (!(name in packages)) throw new Error(`unexpected require(${name})`);
    return packages[/** @type {'p-map' | 'p-limit'} */ (name)];
  };
  const module = { exports: /** @type {any} */ ({}) };
  new Function('require', 'module', 'exports', code)(fakeRequire, module, module.exports);
  return module.exports;
}

/**
 * @param {(items: unknown, work: (item: unknown) => Promise<string>) => Promise<unknown>} f
 * @param {unknown} items
 * @param {(item: unknown) => Promise<string>} work
 */
async function run(f, items, work) {
  try {
    const value = await f(items, work);
    return { value: value instanceof Map ? [...value] : value, error: null };
  } catch (error) {
    return { value: undefined, error: /** @type {Error} */ (error).message };
  }
}

/**
 * @param {string} body the function's body, with the loop
 * @param {{ project: string, format: 'esm' | 'cjs', items: unknown[], options?: object, failing?: unknown[], expectedPeak: number, helper: RegExp }} setup
 */
async function compare(body, { project, format, items, options = {}, failing = [], expectedPeak, helper }) {
  const before = format === 'esm'
    ? `export async function f(items, work) {\n${body}\n}\n`
    : `async function f(items, work) {\n${body}\n}\nmodule.exports = f;\n`;
  // `work` is a parameter the analysis cannot see into: declared a read, it stands for independent work
  // (unknown, it would keep the loop sequential).
  const after = limitedOutput(before, 'runBoundedWith', { project, options: { readVerbs: ['work'], ...options }, sourceType: format === 'esm' ? 'module' : 'commonjs' });
  assert.match(after, helper, 'the rewrite loads the helper');
  const count = items.length;
  const original = createWork(count, new Set(failing));
  const rewritten = createWork(count, new Set(failing));
  const resultBefore = await run(await load(before, format), items, original.work);
  const resultAfter = await run(await load(after, format), items, rewritten.work);
  assert.deepEqual(resultAfter, resultBefore, `results differ after the rewrite:\n${after}`);
  assert.equal(original.stats.peak, 1, 'the original loop runs one call at a time');
  if (failing.length === 0) assert.deepEqual(new Set(rewritten.stats.calls), new Set(original.stats.calls), 'the same calls are made');
  assert.equal(rewritten.stats.peak, expectedPeak, `calls in flight after the rewrite:\n${after}`);
  return after;
}

const twelve = 'abcdefghijkl'.split('');
const PUSH = `  const out = [];
  for (const item of items) {
    const result = await work(item);
    out.push(result.toUpperCase());
  }
  return out;`;

describe('p-map / p-limit rewrites keep results, order and errors, and bound the calls in flight', () => {
  it('p-map 7 in an ES module, default limit 10: results in input order', async () => {
    await compare(PUSH, { project: 'esm-p-map', format: 'esm', items: twelve, expectedPeak: 10, helper: /^import pMap from 'p-map';/ });
  });

  it('p-limit 7 in an ES module, maxConcurrency 3', async () => {
    await compare(PUSH, { project: 'esm-p-limit', format: 'esm', items: twelve, options: { maxConcurrency: 3 }, expectedPeak: 3, helper: /^import pLimit from 'p-limit';/ });
  });

  it('p-map 4 in CommonJS: `require(\'p-map\')` is the function itself', async () => {
    await compare(PUSH, { project: 'cjs-p-map-4', format: 'cjs', items: twelve, options: { maxConcurrency: 4 }, expectedPeak: 4, helper: /^const pMap = require\('p-map'\);/ });
  });

  it('p-limit 3 in CommonJS: `require(\'p-limit\')` is the function itself', async () => {
    await compare(PUSH, { project: 'cjs-p-limit-3', format: 'cjs', items: twelve, options: { maxConcurrency: 4 }, expectedPeak: 4, helper: /^const pLimit = require\('p-limit'\);/ });
  });

  it('a failing iteration rejects with its error (p-map and p-limit)', async () => {
    const failing = ['e'];
    await compare(PUSH, { project: 'esm-p-map', format: 'esm', items: twelve, options: { maxConcurrency: 3 }, failing, expectedPeak: 3, helper: /p-map/ });
    await compare(PUSH, { project: 'esm-p-limit', format: 'esm', items: twelve, options: { maxConcurrency: 3 }, failing, expectedPeak: 3, helper: /p-limit/ });
  });

  it('entries into a Map, last write wins on duplicate keys', async () => {
    await compare(`  const byKey = new Map();
  for (const item of items) {
    byKey.set(item.key, await work(item.name));
  }
  return byKey;`, {
      project: 'esm-p-map', format: 'esm', options: { maxConcurrency: 2 }, expectedPeak: 2, helper: /p-map/,
      items: [{ key: 'x', name: 'a' }, { key: 'y', name: 'b' }, { key: 'x', name: 'c' }, { key: 'z', name: 'd' }],
    });
  });

  it('an indexed loop walks every index of a copy (p-map passes the index)', async () => {
    await compare(`  const out = [];
  for (let i = 0; i < items.length; i++) {
    out.push(await work(items[i]));
  }
  return out;`, { project: 'esm-p-map', format: 'esm', items: twelve, options: { maxConcurrency: 5 }, expectedPeak: 5, helper: /pMap\(Array\.from\(items\)/ });
  });

  it('conditional collection and continue (results gathered per item, flattened in order)', async () => {
    await compare(`  const out = [];
  for (const item of items) {
    if (item === 'c') continue;
    const result = await work(item);
    if (result.endsWith('a') || result.endsWith('f')) out.push(result);
  }
  return out;`, { project: 'esm-p-limit', format: 'esm', items: twelve, options: { maxConcurrency: 3 }, expectedPeak: 3, helper: /p-limit/ });
  });

  // Why the rule offers p-map >= 5 and p-limit >= 4 to ES modules only: from CommonJS, `require` of them either throws
  // (ERR_REQUIRE_ESM, Node before 20.19 / 22.12) or, with require(esm), returns the module namespace — not a function.
  it('the ES-module-only majors cannot be called through require', () => {
    for (const name of ['p-map', 'p-limit']) {
      let loaded;
      try {
        loaded = require(name);
      } catch (error) {
        assert.equal(/** @type {any} */ (error).code, 'ERR_REQUIRE_ESM');
        continue;
      }
      assert.notEqual(typeof loaded, 'function', `require('${name}') is not the function`);
      assert.equal(typeof loaded.default, 'function');
    }
  });
});
