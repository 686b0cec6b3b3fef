#!/usr/bin/env node
/**
 * npm run bench:lint — what the Unblock rules cost on a large real codebase.
 *
 * Lints the JavaScript and TypeScript under node_modules three times in one
 * run: with no rules (parse-only baseline), with the Unblock rules, and with
 * the reference rules (core no-await-in-loop, eslint-plugin-n no-sync), then
 * prints per-rule times as ESLint's TIMING=1 would (taken from its `stats`),
 * and how the cost grows with file size on generated files.
 *
 * Options: --limit N (lint at most N files), --no-growth (skip the size series).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import nodePlugin from 'eslint-plugin-n';
import unblock from '../index.js';
import { generateHandlers } from './generated-code.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAX_BYTES = 500_000;
const args = process.argv.slice(2);
const limit = args.includes('--limit') ? Number(args[args.indexOf('--limit') + 1]) : Infinity;
const unblockRules = Object.keys(unblock.rules).map((id) => `unblock/${id}`);
const referenceRules = ['no-await-in-loop', 'n/no-sync'];

/** @returns {string[]} */
function collectFiles() {
  /** @type {string[]} */
  const files = [];
  /** @param {string} dir */
  const visit = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '.bin' && entry.name !== '.cache') visit(full);
      } else if (/\.(c|m)?js$|\.ts$/.test(entry.name) && !entry.name.endsWith('.min.js') && fs.statSync(full).size <= MAX_BYTES) {
        files.push(full);
      }
    }
  };
  visit(path.join(root, 'node_modules'));
  return files.sort().slice(0, limit);
}

/**
 * @param {string[]} rules rule ids to turn on (empty: parse only)
 * @returns {import('eslint').Linter.Config[]}
 */
function configWith(rules) {
  const ruleEntries = Object.fromEntries(rules.map((id) => [id, /** @type {const} */ ('warn')]));
  const shared = {
    plugins: { unblock, n: nodePlugin },
    linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: /** @type {const} */ ('off') },
    rules: ruleEntries,
  };
  return [
    { files: ['**/*.js', '**/*.mjs'], languageOptions: { ecmaVersion: 'latest', sourceType: 'module' }, ...shared },
    { files: ['**/*.cjs'], languageOptions: { ecmaVersion: 'latest', sourceType: 'commonjs' }, ...shared },
    // n/no-sync asks for type information on TypeScript files; compare it on JavaScript only.
    { files: ['**/*.ts'], languageOptions: { parser: tsParser }, ...shared, rules: withoutRule(ruleEntries, 'n/no-sync') },
  ];
}

/**
 * @param {Record<string, 'warn'>} rules
 * @param {string} id
 */
function withoutRule(rules, id) {
  return Object.fromEntries(Object.entries(rules).filter(([rule]) => rule !== id));
}

/**
 * @param {string[]} files
 * @param {string[]} rules
 */
async function lintAll(files, rules) {
  // node_modules is ignored by default; un-ignore it, it is the codebase under test here.
  const eslint = new ESLint({ cwd: root, ignorePatterns: ['!**/node_modules/'], overrideConfigFile: true, overrideConfig: configWith(rules), stats: true });
  const started = process.hrtime.bigint();
  const results = await eslint.lintFiles(files);
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  /** @type {Record<string, number>} */
  const ruleMs = {};
  let parseMs = 0;
  let reports = 0;
  let unparsable = 0;
  for (const result of results) {
    if (result.messages.some((message) => message.fatal)) unparsable++;
    reports += result.messages.filter((message) => message.ruleId && !message.fatal).length;
    for (const pass of result.stats?.times.passes ?? []) {
      parseMs += pass.parse.total;
      for (const [id, time] of Object.entries(pass.rules ?? {})) ruleMs[id] = (ruleMs[id] ?? 0) + time.total;
    }
  }
  return { wallMs, parseMs, ruleMs, reports, unparsable };
}

/** @param {number} ms */
const fmt = (ms) => `${ms.toFixed(0).padStart(8)} ms`;

async function main() {
  const files = collectFiles();
  const lines = files.reduce((sum, file) => sum + fs.readFileSync(file, 'utf8').split('\n').length, 0);
  console.log(`Unblock lint benchmark — ${os.cpus().length} cores, Node ${process.version}`);
  console.log(`${files.length} files, ${lines.toLocaleString('en')} lines of JS/TS under node_modules\n`);

  // A first pass warms the file cache and the parsers' JIT so the three measured runs are comparable.
  await lintAll(files.slice(0, 300), []);
  const baseline = await lintAll(files, []);
  const withUnblock = await lintAll(files, unblockRules);
  const withReference = await lintAll(files, referenceRules);

  const unblockRuleMs = unblockRules.reduce((sum, id) => sum + (withUnblock.ruleMs[id] ?? 0), 0);
  console.log('run                         wall time     parse time    rule time    reports');
  console.log(`no rules (parse only)    ${fmt(baseline.wallMs)} ${fmt(baseline.parseMs)} ${fmt(0)}  ${String(baseline.reports).padStart(8)}`);
  console.log(`Unblock rules            ${fmt(withUnblock.wallMs)} ${fmt(withUnblock.parseMs)} ${fmt(unblockRuleMs)}  ${String(withUnblock.reports).padStart(8)}`);
  console.log(`reference rules          ${fmt(withReference.wallMs)} ${fmt(withReference.parseMs)} ${fmt(referenceRules.reduce((s, id) => s + (withReference.ruleMs[id] ?? 0), 0))}  ${String(withReference.reports).padStart(8)}`);
  console.log(`\nUnblock rules add ${((unblockRuleMs / withUnblock.parseMs) * 100).toFixed(1)}% to parse time (rule time / parse time; target < 10%)`);
  console.log(`wall-clock difference: ${(((withUnblock.wallMs - baseline.wallMs) / baseline.wallMs) * 100).toFixed(1)}% (noisier: includes GC and file reads)`);
  console.log(`${baseline.unparsable} files did not parse (reported, never thrown)\n`);

  const loop = withReference.ruleMs['no-await-in-loop'] ?? 0;
  console.log('Rule                          | Time (ms) | vs no-await-in-loop');
  console.log(':-----------------------------|----------:|-------------------:');
  for (const [id, ms] of [...unblockRules.map((id) => [id, withUnblock.ruleMs[id] ?? 0]), ...referenceRules.map((id) => [id, withReference.ruleMs[id] ?? 0])]) {
    console.log(`${String(id).padEnd(30)}| ${Number(ms).toFixed(1).padStart(9)} | ${loop > 0 ? `${(Number(ms) / loop).toFixed(2)}x` : 'n/a'}`.padEnd(20));
  }

  if (!args.includes('--no-growth')) await growth();
}

/** Cost against file size: generated handler files of growing length, rules only. */
async function growth() {
  console.log('\nGrowth with file size (generated async handlers with waterfalls and blocking calls):');
  console.log('   lines |  parse ms | Unblock rules ms | rules ms per 1k lines');
  for (const count of [100, 500, 1000, 2000]) {
    const code = generateHandlers(count);
    const lineCount = code.split('\n').length;
    const eslint = new ESLint({ cwd: root, ignore: false, overrideConfigFile: true, overrideConfig: configWith(unblockRules), stats: true });
    // Best of three: the series is about shape, not noise.
    let best = { parse: Infinity, rules: Infinity };
    for (let i = 0; i < 3; i++) {
      const [result] = await eslint.lintText(code, { filePath: path.join(root, 'generated.js') });
      const pass = result.stats.times.passes[0];
      const rules = unblockRules.reduce((sum, id) => sum + (pass.rules?.[id]?.total ?? 0), 0);
      if (rules < best.rules) best = { parse: pass.parse.total, rules };
    }
    console.log(`${String(lineCount).padStart(8)} | ${best.parse.toFixed(1).padStart(9)} | ${best.rules.toFixed(1).padStart(16)} | ${((best.rules / lineCount) * 1000).toFixed(2).padStart(8)}`);
  }
}

main().catch((error) => {
  console.error(`bench:lint failed: ${error.message}`);
  process.exitCode = 1;
});
