/**
 * Every Unblock rule, run over the installed packages' real code: no rule
 * may throw on any file, and every suggestion (and the `fix: true` autofix)
 * must leave code that still parses.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import plugin from '../../index.js';

const nodeModules = fileURLToPath(new URL('../../../../node_modules/', import.meta.url));
/** Packages with lots of real async and sync Node code, plus TypeScript declarations. */
const PACKAGES = [
  'eslint9', 'mocha', 'autocannon', '@babel', '@typescript-eslint', 'typescript-eslint',
  '@azure', '@typespec', 'undici', 'fs-extra', 'glob', 'cross-spawn', 'graceful-fs', 'tmp', 'semver',
  '@vscode/vsce', 'playwright-core/lib/server',
];
const MAX_BYTES = 400_000;
/** Options that take each rule down more of its paths: cheap calls too, the bounded loop rewrite too. */
const WIDEST_OPTIONS = {
  'no-blocking-sync-call': { includeCheap: true, includeUnknownCallers: true },
  'no-loop-waterfall': { maxConcurrency: 4 },
};

/**
 * JavaScript of every kind, TypeScript sources, and the declaration files of
 * one package (they are type-only: one package covers their syntax).
 * @param {string} file
 */
function isSource(file) {
  if (file.endsWith('.d.ts')) return file.includes(`${path.sep}@typescript-eslint${path.sep}types${path.sep}`);
  return /\.(c|m)?js$|\.ts$/.test(file);
}

/** @returns {string[]} */
function realFiles() {
  /** @type {string[]} */
  const files = [];
  /** @param {string} dir */
  const visit = (dir) => {
    let entries;
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (isSource(full) && fs.statSync(full).size <= MAX_BYTES) files.push(full);
    }
  };
  for (const name of PACKAGES) visit(path.join(nodeModules, name));
  return files.sort();
}

/**
 * @param {string} file
 * @param {boolean} fix
 * @returns {import('eslint').Linter.Config[]}
 */
function configFor(file, fix) {
  const typescript = file.endsWith('.ts');
  const sourceType = file.endsWith('.mjs') ? 'module' : file.endsWith('.cjs') ? 'commonjs' : typescript ? 'module' : undefined;
  return [
    {
      files: ['**/*.js', '**/*.cjs', '**/*.mjs', '**/*.ts'],
      plugins: { unblock: plugin },
      languageOptions: { ecmaVersion: 'latest', ...(sourceType ? { sourceType } : {}), ...(typescript ? { parser: tsParser } : {}) },
      linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'off' },
      rules: /** @type {import('eslint').Linter.RulesRecord} */ (
        Object.fromEntries(Object.keys(plugin.rules).map((id) => [`unblock/${id}`, ['warn', { ...WIDEST_OPTIONS[id], ...(fix ? { fix: true } : {}) }]]))
      ),
    },
  ];
}

/**
 * Parses with the same parser and source type the file was linted with.
 * @param {Linter} linter
 * @param {string} file
 * @param {string} code
 */
function parseErrors(linter, file, code) {
  const config = configFor(file, false).map((entry) => ({ ...entry, rules: {} }));
  return linter.verify(code, config, file).filter((message) => message.fatal);
}

describe('all rules on real code (robustness)', function () {
  this.timeout(300000);

  it('never throw, and every suggestion and autofix parses', () => {
    const files = realFiles();
    assert.ok(files.length > 1000, `expected a large codebase, found ${files.length} files`);
    const linter = new Linter();
    /** @type {Record<string, { reports: number, suggestions: number }>} */
    const perRule = {};
    let parsed = 0;
    for (const absolute of files) {
      const code = fs.readFileSync(absolute, 'utf8');
      // Config arrays ignore node_modules/ by default; lint under a neutral name.
      const file = path.join('real-code', path.relative(nodeModules, absolute).replaceAll('node_modules', 'deps'));
      // Linter rethrows a rule's exception with the file name and line: that fails this test.
      let messages = linter.verify(code, configFor(file, false), file);
      assert.ok(!messages.some((message) => /no matching configuration/i.test(message.message)), `${file} was not linted`);
      if (messages.some((message) => message.fatal)) {
        // A `.js` file may be a script that is not valid as a module; try it as one.
        if (file.endsWith('.js')) messages = linter.verify(code, configFor(file.replace(/\.js$/, '.cjs'), false), file);
        if (messages.some((message) => message.fatal)) continue;
      }
      parsed++;
      const unblockMessages = messages.filter((message) => message.ruleId?.startsWith('unblock/'));
      for (const message of unblockMessages) {
        const stats = (perRule[message.ruleId] ??= { reports: 0, suggestions: 0 });
        stats.reports++;
        for (const suggestion of message.suggestions ?? []) {
          stats.suggestions++;
          const output = code.slice(0, suggestion.fix.range[0]) + suggestion.fix.text + code.slice(suggestion.fix.range[1]);
          const errors = parseErrors(linter, file, output);
          assert.deepEqual(errors, [], `${message.ruleId} suggestion at ${file}:${message.line} does not parse:\n${suggestion.fix.text}`);
        }
      }
      if (unblockMessages.some((message) => message.suggestions?.length)) {
        const fixed = linter.verifyAndFix(code, configFor(file, true), file);
        const errors = fixed.messages.filter((message) => message.fatal);
        assert.deepEqual(errors, [], `autofix of ${file} does not parse`);
      }
    }
    assert.ok(parsed > files.length * 0.9, `parsed only ${parsed} of ${files.length} files`);
    console.log(`      linted ${parsed} of ${files.length} files: ${JSON.stringify(perRule)}`);
    assert.ok(perRule['unblock/no-blocking-sync-call']?.reports >= 20, `the packages call fs and crypto synchronously: ${JSON.stringify(perRule)}`);
    assert.ok(perRule['unblock/no-await-waterfall']?.suggestions > 0, `no waterfall rewrite was exercised: ${JSON.stringify(perRule)}`);
  });
});
