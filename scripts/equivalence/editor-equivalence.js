#!/usr/bin/env node
/**
 * Report-for-report equivalence of the ways to lint TypeScript with the Unblock rules, on more than
 * 4,000 real TypeScript files (Ghost's, those rebuilt from the source maps of pinned @strapi
 * packages, see scripts/corpus/, and the four labeled TypeScript backends of ../shared/realcode when
 * its score.mjs has extracted them). The reference is ESLint's Linter with typescript-eslint's parser
 * and the recommended config. Candidates:
 *   engine  the extension's lint engine (extension/src/lint/run-lint.js) with typescript-eslint
 *   oxc     the same engine with the editor's parser (extension/src/lint/oxc-parser/), as the editor runs it
 *   oxlint  the oxlint CLI with the plugin through jsPlugins: reports, then --fix-suggestions output
 * A faster editor path is a new candidate here, and must show 0 differences before it ships.
 *
 * Usage: node scripts/equivalence/editor-equivalence.js [--limit N] [--only engine|oxc|oxlint]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import ts from 'typescript';
import plugin from '../../packages/eslint-plugin-unblock/index.js';
import { createLintRunner } from '../../extension/src/lint/run-lint.js';
import { createOxcParser } from '../../extension/src/lint/oxc-parser/index.js';
import { CORPORA, TYPESCRIPT_ONLY_CORPORA } from '../corpus/corpora.js';
import { DEFAULT_CACHE, ensureCorpus, listRebuiltTypeScript, listSourceFiles } from '../corpus/fetch.js';
import { applyOnePass } from '../oxlint/one-pass-fixes.js';
import { oxlintConfig, runOxlint } from '../oxlint/run-oxlint.js';

const args = process.argv.slice(2);
const limit = args.includes('--limit') ? Number(args[args.indexOf('--limit') + 1]) : Infinity;
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;

const REALCODE = path.join(os.tmpdir(), 'unblock-realcode');
const TS_BACKENDS = ['outline', 'ghostfolio', 'hoppscotch', 'umami'];

/**
 * @typedef {{ cwd: string, file: string, key: string }} Target a file relative to the folder it is linted from
 *   (the corpus cache, or a backend's root, so the project index sees its project); key names it in reports
 */

/** @returns {Target[]} every real TypeScript file of the pinned corpora and the extracted TypeScript backends */
function typeScriptFiles() {
  /** @type {Target[]} */
  const targets = [];
  for (const corpus of [...CORPORA, ...TYPESCRIPT_ONLY_CORPORA]) {
    ensureCorpus(corpus.name, { log: (line) => console.error(`  ${line}`) });
    for (const file of [...listSourceFiles(corpus.name).filter((name) => /\.tsx?$/.test(name)), ...listRebuiltTypeScript(corpus.name)]) {
      const relative = path.relative(DEFAULT_CACHE, file);
      targets.push({ cwd: DEFAULT_CACHE, file: relative, key: relative });
    }
  }
  const backends = fs.existsSync(REALCODE) ? fs.readdirSync(REALCODE).filter((dir) => TS_BACKENDS.some((name) => dir.startsWith(`${name}-`))).sort() : [];
  if (backends.length < TS_BACKENDS.length) console.error(`  (${backends.length} of the 4 TypeScript backends are extracted under ${REALCODE}: run node ../shared/realcode/score.mjs once for all)`);
  for (const dir of backends) {
    // The tarball holds <repo>/…: lint from the repo's root, as score.mjs does.
    const root = path.join(REALCODE, dir, dir.slice(0, dir.lastIndexOf('-')));
    const files = fs.readdirSync(root, { recursive: true }).map(String).filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts') && !name.split(path.sep).includes('node_modules'));
    for (const file of files.sort()) targets.push({ cwd: root, file, key: path.join('realcode', dir, file) });
  }
  return targets.slice(0, limit);
}

/**
 * What must be equal: position, rule, message, the autofix and every suggestion.
 * @param {import('eslint').Linter.LintMessage} m
 */
const normalize = (m) => JSON.stringify([m.line, m.column, m.endLine, m.endColumn, m.ruleId, m.message, m.fix ?? null, (m.suggestions ?? []).map((s) => [s.desc, s.fix])]);

/** Only the plugin's reports count (the editor shows only those); inline directives for rules
 * that are not loaded here ("Definition for rule … was not found") are ESLint's own noise. */
const fromUnblock = (/** @type {{ ruleId?: string | null, fatal?: boolean }} */ m) => m.fatal || Boolean(m.ruleId?.startsWith('unblock/'));

/** @type {Map<string, Linter>} */
const referenceLinters = new Map();

/**
 * The reference: ESLint + typescript-eslint, the plugin's recommended config.
 * @param {Target} target
 * @param {string} text
 */
function referenceLint({ cwd, file }, text) {
  let linter = referenceLinters.get(cwd);
  if (!linter) referenceLinters.set(cwd, (linter = new Linter({ cwd })));
  const jsx = file.endsWith('.tsx');
  return linter.verify(text, [{
    files: ['**/*.ts', '**/*.tsx'],
    ...plugin.configs.recommended,
    languageOptions: { parser: tsParser, sourceType: 'module', parserOptions: { ecmaFeatures: { jsx } } },
  }], { filename: path.join(cwd, file) }).filter(fromUnblock);
}

/**
 * @param {Linted[]} linted
 * @param {unknown} parser the TypeScript parser the engine is given
 */
function compareEngine(linted, parser) {
  const engine = createLintRunner({ Linter, plugin, loadTsParser: () => parser });
  const differing = [];
  const started = performance.now();
  for (const { cwd, file, key, text, reference } of linted) {
    const result = engine.lintText(text, { fileName: file, cwd, languageId: file.endsWith('.tsx') ? 'typescriptreact' : 'typescript', settings: { severity: {}, ruleOptions: {} } });
    const expected = reference.filter((m) => !m.fatal).map(normalize);
    const actual = (result?.messages ?? []).filter(fromUnblock).map((m) => normalize(/** @type {any} */ (m)));
    // A text that does not parse: the engine says so (parseError) with the reference's message.
    const fatal = reference.find((m) => m.fatal);
    const sameFatal = fatal ? result?.parseError?.message === fatal.message : !result?.parseError;
    if (!sameFatal || JSON.stringify(actual) !== JSON.stringify(expected)) differing.push(key);
  }
  return { differing, ms: performance.now() - started };
}

/** @typedef {Target & { text: string, reference: import('eslint').Linter.LintMessage[] }} Linted */

/**
 * @param {Linted[]} linted
 */
async function compareOxlint(linted) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-equivalence-'));
  try {
    for (const { key, text } of linted) {
      fs.mkdirSync(path.dirname(path.join(dir, key)), { recursive: true });
      fs.writeFileSync(path.join(dir, key), text);
    }
    const rules = plugin.configs.recommended.rules;
    const { reports, wallMs } = await runOxlint({ targets: ['.'], cwd: dir, config: oxlintConfig(rules) });
    /** @param {{ file: string, line: number, column: number, ruleId: string, message: string }} r */
    const key = (r) => `${r.file}:${r.line}:${r.column} ${r.ruleId} ${r.message}`;
    const expected = new Set(linted.flatMap(({ key: file, reference }) => reference.filter((m) => !m.fatal).map((m) => key({ ...m, file }))));
    const actual = new Set(reports.map((r) => key({ ...r, file: path.relative(dir, r.file) })));
    const onlyReference = [...expected].filter((k) => !actual.has(k));
    const onlyOxlint = [...actual].filter((k) => !expected.has(k));
    await runOxlint({ targets: ['.'], cwd: dir, config: oxlintConfig(rules), extraArgs: ['--fix-suggestions'] });
    const fixDiffs = linted.filter(({ key: file, text, reference }) => fs.readFileSync(path.join(dir, file), 'utf8') !== applyOnePass(text, reference)).map(({ key: file }) => file);
    return { reports: actual.size, onlyReference, onlyOxlint, fixDiffs, wallMs };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** @param {string[]} items */
const firstFew = (items) => items.slice(0, 15).map((item) => `    ${item}`).join('\n');

async function main() {
  if (limit !== Infinity && (!Number.isInteger(limit) || limit < 1)) throw new Error('--limit must be a whole number of at least 1');
  if (only && only !== 'engine' && only !== 'oxc' && only !== 'oxlint') throw new Error('--only must be engine, oxc or oxlint');
  fs.mkdirSync(DEFAULT_CACHE, { recursive: true });
  process.chdir(DEFAULT_CACHE);
  const files = typeScriptFiles();
  const started = performance.now();
  const linted = files.map((target) => {
    const text = fs.readFileSync(path.join(target.cwd, target.file), 'utf8');
    return { ...target, text, reference: referenceLint(target, text) };
  });
  const referenceMs = performance.now() - started;
  const lines = linted.reduce((sum, { text }) => sum + text.split('\n').length, 0);
  const reports = linted.reduce((sum, { reference }) => sum + reference.filter((m) => !m.fatal).length, 0);
  const unparsable = linted.filter(({ reference }) => reference.some((m) => m.fatal)).map(({ key }) => key);
  const withFixes = linted.filter(({ text, reference }) => applyOnePass(text, reference) !== text).length;
  console.log(`Reference (ESLint + typescript-eslint): ${files.length} TypeScript files, ${lines.toLocaleString('en')} lines, ${reports} reports, ${withFixes} files with a fix or suggestion, ${unparsable.length} files that do not parse; ${(referenceMs / 1000).toFixed(1)} s`);
  if (unparsable.length > 0) console.log(firstFew(unparsable));
  if (!only || only === 'engine') {
    const { differing, ms } = compareEngine(linted, tsParser);
    console.log(`engine (the extension's lint, typescript-eslint): ${differing.length} files differ (reports, positions, messages, fixes, suggestions or parse errors); ${(ms / 1000).toFixed(1)} s`);
    if (differing.length > 0) console.log(firstFew(differing));
  }
  if (!only || only === 'oxc') {
    const parser = createOxcParser({ fallback: tsParser, ts });
    const { differing, ms } = compareEngine(linted, parser);
    console.log(`oxc (the extension's lint with its oxc parser): ${differing.length} files differ (reports, positions, messages, fixes, suggestions or parse errors); ${(ms / 1000).toFixed(1)} s`);
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
