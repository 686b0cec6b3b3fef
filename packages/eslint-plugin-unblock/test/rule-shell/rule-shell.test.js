/**
 * The shell every rule is made with (rules/rule-shell/): a file whose text cannot hold
 * anything a rule reports costs that rule no listener and no analysis, and the options are
 * merged once, not once per file and rule.
 */
import assert from 'node:assert/strict';
import { Linter } from 'eslint';
import plugin from '../../index.js';
import { createRule } from '../../rules/rule-shell/create-rule.js';
import { lintGeneration, lintPauses } from '../../rules/project/bounds/lint-bounds.js';

/**
 * The context ESLint builds for a file with this text, taken from a real lint.
 * @param {string} text
 * @param {string} [filename]
 * @returns {any}
 */
function contextFor(text, filename = 'file.js') {
  /** @type {any} */
  let captured;
  const probe = { meta: { type: /** @type {const} */ ('problem'), schema: [] }, create(/** @type {any} */ context) { captured = context; return {}; } };
  new Linter().verify(text, [{ plugins: { probe: { rules: { probe } } }, rules: { 'probe/probe': 'warn' } }], filename);
  return captured;
}

/** @param {string} id @param {string} text */
const listenersOf = (id, text) => Object.keys(plugin.rules[id].create(contextFor(text)));

describe('rule shell: files a rule cannot report in', () => {
  it('the waterfall rules listen to nothing in a file without the word await', () => {
    const text = 'function load(ids) { for (const id of ids) fetch(id); return ids.map((id) => get(id)); }';
    assert.deepEqual(listenersOf('no-await-waterfall', text), []);
    assert.deepEqual(listenersOf('no-loop-waterfall', text), []);
  });

  it('they listen as before once the word is there, even in a comment only (the test is of text, not of code)', () => {
    assert.ok(listenersOf('no-await-waterfall', 'async function f() { await a(); }').includes('AwaitExpression'));
    assert.ok(listenersOf('no-loop-waterfall', 'async function f(xs) { for (const x of xs) await a(x); }').includes('AwaitExpression'));
    assert.ok(listenersOf('no-await-waterfall', '// await later\nf();').includes('Program:exit'));
  });

  it('the blocking-call rule listens to nothing in a file that names none of its modules or packages', () => {
    assert.deepEqual(listenersOf('no-blocking-sync-call', 'const data = readFileSync(path);'), []);
    assert.ok(listenersOf('no-blocking-sync-call', "const fs = require('node:fs'); fs.readFileSync(p);").includes('Program:exit'));
    assert.ok(listenersOf('no-blocking-sync-call', "import bcrypt from 'bcrypt'; bcrypt.hashSync(p, 10);").includes('Program:exit'));
  });

  it('the blocking-call rule tests the modules and packages its options name, not the defaults', () => {
    const rule = plugin.rules['no-blocking-sync-call'];
    const zlibOnly = { modules: ['zlib'], packages: [] };
    /** @param {string} text */
    const listeners = (text) => Object.keys(rule.create(Object.create(contextFor(text), { options: { value: [zlibOnly] } })));
    assert.deepEqual(listeners("const fs = require('fs'); fs.readFileSync(p);"), [], 'fs is not among the modules asked for');
    assert.deepEqual(listeners("import bcrypt from 'bcrypt'; bcrypt.hashSync(p, 10);"), [], 'nor is any package');
    assert.ok(listeners("const zlib = require('node:zlib'); zlib.gzipSync(b);").includes('Program:exit'));
    // An empty list names nothing: an empty string literal is no module.
    const nothing = Object.create(contextFor("const name = ''; fs.readFileSync(name);"), { options: { value: [{ modules: [], packages: [] }] } });
    assert.deepEqual(Object.keys(rule.create(nothing)), []);
  });

  it('a skipped file starts no lint generation (it reads nothing a later lint must check again); an analysed one does', () => {
    const before = lintGeneration();
    plugin.rules['no-await-waterfall'].create(contextFor('f();'));
    assert.equal(lintGeneration(), before);
    plugin.rules['no-await-waterfall'].create(contextFor('async function f() { await a(); }'));
    assert.equal(lintGeneration(), before + 1);
  });

  it('a pause before a skipped file still counts: the analysed file after it checks the project again', async () => {
    // Without this, an edit in a file with no await, then a lint of one with awaits, looked like
    // one busy command-line run, and the project listing was trusted for longer than after a pause.
    plugin.rules['no-await-waterfall'].create(contextFor('async function f() { await a(); }'));
    const before = lintPauses();
    await new Promise((resolve) => setTimeout(resolve, 300));
    plugin.rules['no-await-waterfall'].create(contextFor('f();'));
    assert.equal(lintPauses(), before + 1);
    plugin.rules['no-await-waterfall'].create(contextFor('async function f() { await a(); }'));
    assert.equal(lintPauses(), before + 1, 'no second pause right after it');
  });

  it('still reports in a file with awaits, and nothing in one without (same results as analysing every file)', () => {
    const linter = new Linter();
    const config = [plugin.configs.recommended];
    const waterfall = 'async function h() { const a = await getA(); const b = await getB(); return [a, b]; }';
    assert.deepEqual(linter.verify(waterfall, config).map((m) => m.ruleId), ['unblock/no-await-waterfall']);
    assert.deepEqual(linter.verify('function h() { const a = getA(); const b = getB(); return [a, b]; }', config), []);
  });
});

describe('rule shell: options', () => {
  /** @type {any[]} */
  const seen = [];
  const probe = createRule({
    id: 'probe-options',
    meta: { type: 'problem', docs: { description: 'probe', summary: 'probe' }, schema: [{ type: 'object' }], messages: {} },
    defaultOptions: { fix: false, max: 1 },
    create(_context, options) {
      seen.push(options);
      return {};
    },
  });
  const lint = (/** @type {any} */ ruleConfig, /** @type {string} */ text) =>
    new Linter().verify(text, [{ plugins: { p: { rules: { probe } } }, rules: { 'p/probe': ruleConfig } }], 'file.js');

  it('runs every file with the same merged defaults, frozen so no rule can change them for the next file', () => {
    seen.length = 0;
    lint('warn', 'a();');
    lint('warn', 'b();');
    assert.equal(seen.length, 2);
    assert.equal(seen[0], seen[1]);
    assert.deepEqual({ ...seen[0] }, { fix: false, max: 1 });
    assert.ok(Object.isFrozen(seen[0]));
  });

  it('merges the options a file is given over the defaults', () => {
    seen.length = 0;
    lint(['warn', { max: 3 }], 'a();');
    assert.deepEqual({ ...seen[0] }, { fix: false, max: 3 });
    lint('warn', 'b();');
    assert.deepEqual({ ...seen[1] }, { fix: false, max: 1 });
  });
});
