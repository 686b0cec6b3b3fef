#!/usr/bin/env node
/**
 * Report-for-report equivalence of the ways to lint TypeScript with the Unblock rules, on more than
 * 2,000 real TypeScript files (Ghost's, and those rebuilt from the source maps of pinned @strapi
 * packages; see scripts/corpus/). The reference is ESLint's Linter with typescript-eslint's parser
 * and the recommended config. Candidates:
 *   engine  the extension's lint engine (extension/src/lint/run-lint.js), as the editor runs it
 *   oxlint  the oxlint CLI with the plugin through jsPlugins: reports, then --fix-suggestions output
 * A faster editor path is a new candidate here, and must show 0 differences before it ships.
 *
 * Usage: node scripts/equivalence/editor-equivalence.js [--limit N] [--only engine|oxlint]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import plugin from '../../packages/eslint-plugin-unblock/index.js';
import { createLintRunner } from '../../extension/src/lint/run-lint.js';
import { CORPORA, TYPESCRIPT_ONLY_CORPORA } from '../corpus/corpora.js';
import { DEFAULT_CACHE, ensureCorpus, listRebuiltTypeScript, listSourceFiles } from '../corpus/fetch.js';
import { applyOnePass } from '../oxlint/one-pass-fixes.js';
import { oxlintConfig, runOxlint } from '../oxlint/run-oxlint.js';

const args = process.argv.slice(2);
const limit = args.includes('--limit') ? Number(args[args.indexOf('--limit') + 1]) : Infinity;
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;

/** @returns {string[]} every real TypeScript file of the pinned corpora, paths relative to the cache */
function typeScriptFiles() {
  const files = [];
  for (const corpus of [...CORPORA, ...TYPESCRIPT_ONLY_CORPORA]) {
    ensureCorpus(corpus.name, { log: (line) => console.error(`  ${line}`) });
    files.push(...listSourceFiles(corpus.name).filter((file) => /\.tsx?$/.test(file)), ...listRebuiltTypeScript(corpus.name));
  }
  return files.map((file) => path.relative(DEFAULT_CACHE, file)).slice(0, limit);
}

/**
 * What must be equal: position, rule, message, the autofix and every suggestion.
 * @param {import('eslint').Linter.LintMessage} m
 */
const normalize = (m) => JSON.stringify([m.line, m.column, m.endLine, m.endColumn, m.ruleId, m.message, m.fix ?? null, (m.suggestions ?? []).map((s) => [s.desc, s.fix])]);

/** Only the plugin's reports count (the editor shows only those); inline directives for rules
 * that are not loaded here ("Definition for rule … was not found") are ESLint's own noise. */
const fromUnblock = (/** @type {{ ruleId?: string | null, fatal?: boolean }} */ m) => m.fatal || Boolean(m.ruleId?.startsWith('unblock/'));

/**
 * The reference: ESLint + typescript-eslint, the plugin's recommended config.
 * @param {string} file relative to the cwd
 * @param {string} text
 */
function referenceLint(file, text) {
  const linter = new Linter();
  const jsx = file.endsWith('.tsx');
  return linter.verify(text, [{
    files: ['**/*.ts', '**/*.tsx'],
    ...plugin.configs.recommended,
    languageOptions: { parser: tsParser, sourceType: 'module', parserOptions: { ecmaFeatures: { jsx } } },
  }], { filename: file }).filter(fromUnblock);
}

/**
 * @param {Array<{ file: string, text: string, reference: import('eslint').Linter.LintMessage[] }>} linted
 */
function compareEngine(linted) {
  const engine = createLintRunner({ Linter, plugin, loadTsParser: () => tsParser });
  const differing = [];
  for (const { file, text, reference } of linted) {
    const result = engine.lintText(text, { fileName: file, languageId: file.endsWith('.tsx') ? 'typescriptreact' : 'typescript', settings: { severity: {}, ruleOptions: {} } });
    const expected = reference.filter((m) => !m.fatal).map(normalize);
    const actual = (result?.messages ?? []).filter(fromUnblock).map((m) => normalize(/** @type {any} */ (m)));
    if (JSON.stringify(actual) !== JSON.stringify(expected)) differing.push(file);
  }
  return differing;
}

/**
 * @param {Array<{ file: string, text: string, reference: import('eslint').Linter.LintMessage[] }>} linted
 */
async function compareOxlint(linted) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-equivalence-'));
  try {
    for (const { file, text } of linted) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    const rules = plugin.configs.recommended.rules;
    const { reports, wallMs } = await runOxlint({ targets: ['.'], cwd: dir, config: oxlintConfig(rules) });
    /** @param {{ file: string, line: number, column: number, ruleId: string, message: string }} r */
    const key = (r) => `${r.file}:${r.line}:${r.column} ${r.ruleId} ${r.message}`;
    const expected = new Set(linted.flatMap(({ file, reference }) => reference.filter((m) => !m.fatal).map((m) => key({ ...m, file }))));
    const actual = new Set(reports.map((r) => key({ ...r, file: path.relative(dir, r.file) })));
    const onlyReference = [...expected].filter((k) => !actual.has(k));
    const onlyOxlint = [...actual].filter((k) => !expected.has(k));
    await runOxlint({ targets: ['.'], cwd: dir, config: oxlintConfig(rules), extraArgs: ['--fix-suggestions'] });
    const fixDiffs = linted.filter(({ file, text, reference }) => fs.readFileSync(path.join(dir, file), 'utf8') !== applyOnePass(text, reference)).map(({ file }) => file);
    return { reports: actual.size, onlyReference, onlyOxlint, fixDiffs, wallMs };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** @param {string[]} items */
const firstFew = (items) => items.slice(0, 15).map((item) => `    ${item}`).join('\n');

async function main() {
  if (limit !== Infinity && (!Number.isInteger(limit) || limit < 1)) throw new Error('--limit must be a whole number of at least 1');
  if (only && only !== 'engine' && only !== 'oxlint') throw new Error('--only must be engine or oxlint');
  fs.mkdirSync(DEFAULT_CACHE, { recursive: true });
  process.chdir(DEFAULT_CACHE);
  const files = typeScriptFiles();
  const linted = files.map((file) => {
    const text = fs.readFileSync(file, 'utf8');
    return { file, text, reference: referenceLint(file, text) };
  });
  const lines = linted.reduce((sum, { text }) => sum + text.split('\n').length, 0);
  const reports = linted.reduce((sum, { reference }) => sum + reference.filter((m) => !m.fatal).length, 0);
  const unparsable = linted.filter(({ reference }) => reference.some((m) => m.fatal)).map(({ file }) => file);
  const withFixes = linted.filter(({ text, reference }) => applyOnePass(text, reference) !== text).length;
  console.log(`Reference (ESLint + typescript-eslint): ${files.length} TypeScript files, ${lines.toLocaleString('en')} lines, ${reports} reports, ${withFixes} files with a fix or suggestion, ${unparsable.length} files that do not parse`);
  if (unparsable.length > 0) console.log(firstFew(unparsable));
  if (!only || only === 'engine') {
    const differing = compareEngine(linted);
    console.log(`engine (the extension's lint): ${differing.length} files differ (reports, positions, messages, fixes or suggestions)`);
    if (differing.length > 0) console.log(firstFew(differing));
  }
  if (!only || only === 'oxlint') {
    const result = await compareOxlint(linted);
    console.log(`oxlint (jsPlugins): ${result.reports} reports in ${result.wallMs.toFixed(0)} ms; only in the reference ${result.onlyReference.length}, only in oxlint ${result.onlyOxlint.length}; ${result.fixDiffs.length} files whose --fix-suggestions output differs`);
    if (result.onlyReference.length + result.onlyOxlint.length + result.fixDiffs.length > 0) {
      console.log(firstFew([...result.onlyReference.map((k) => `reference only: ${k}`), ...result.onlyOxlint.map((k) => `oxlint only: ${k}`), ...result.fixDiffs.map((f) => `fix differs: ${f}`)]));
    }
  }
  console.log(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
}

main().catch((error) => {
  console.error(`equivalence check failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
