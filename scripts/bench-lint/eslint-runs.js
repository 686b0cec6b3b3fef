/**
 * ESLint runs for `npm run bench:lint`: the flat config for a corpus of mixed JavaScript
 * (CommonJS or ES modules, per package) and TypeScript, and one timed lint of a file list,
 * with per-rule times taken from ESLint's `stats` (what TIMING=1 prints) when asked for them.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import nodePlugin from 'eslint-plugin-n';
import js from '@eslint/js';
import globals from 'globals';
import unblock from './measured-plugin.js';
import { ownPeakRssMb } from './peak-memory.js';

export const UNBLOCK_RULES = Object.keys(unblock.rules).map((id) => `unblock/${id}`);
export const REFERENCE_RULES = ['no-await-in-loop', 'n/no-sync'];

/**
 * @typedef {object} CodeRoot
 * @property {string} dir folder (relative to the ESLint cwd) holding one package's code
 * @property {'module' | 'commonjs'} sourceType what its .js files are
 */

/**
 * @param {string} packageDir an unpacked package folder
 * @returns {'module' | 'commonjs'} what Node runs its .js files as
 */
export function packageSourceType(packageDir) {
  const { type } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  return type === 'module' ? 'module' : 'commonjs';
}

/**
 * @typedef {object} RunExtras
 * @property {boolean} [recommended] eslint:recommended on too (what a real config adds Unblock to)
 * @property {false | string} [cache] the persistent project cache: off, or its folder (default: the plugin's default place)
 */

/**
 * @param {string[]} rules rule ids to turn on (empty: parse only)
 * @param {CodeRoot[]} roots
 * @param {RunExtras} [extras]
 * @returns {import('eslint').Linter.Config[]}
 */
export function configWith(rules, roots, { recommended = false, cache } = {}) {
  const ruleEntries = { ...(recommended ? js.configs.recommended.rules : {}), ...Object.fromEntries(rules.map((id) => [id, /** @type {const} */ ('warn')])) };
  const shared = {
    plugins: { unblock, n: nodePlugin },
    linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: /** @type {const} */ ('off') },
    rules: ruleEntries,
    ...(cache === undefined ? {} : { settings: { unblock: { cache } } }),
  };
  return [
    { files: ['**/*.js', '**/*.mjs'], languageOptions: { ecmaVersion: 'latest', sourceType: 'module' }, ...shared },
    { files: ['**/*.cjs'], languageOptions: { ecmaVersion: 'latest', sourceType: 'commonjs' }, ...shared },
    ...roots.map((root) => ({ files: [`${root.dir}/**/*.js`], languageOptions: { sourceType: root.sourceType } })),
    // n/no-sync asks for type information on TypeScript files; compare it on JavaScript only.
    { files: ['**/*.ts'], languageOptions: { parser: tsParser }, ...shared, rules: withoutRule(ruleEntries, 'n/no-sync') },
    // eslint:recommended's no-undef needs Node's globals, as a server's config gives them.
    ...(recommended ? [{ languageOptions: { globals: { ...globals.node } } }] : []),
  ];
}

/**
 * @param {import('eslint').Linter.RulesRecord} rules
 * @param {string} id
 */
function withoutRule(rules, id) {
  return Object.fromEntries(Object.entries(rules).filter(([rule]) => rule !== id));
}

/**
 * @typedef {object} LintRun
 * @property {number} wallMs
 * @property {number} cpuMs CPU time of the whole process during the lint, every thread included (the import map's helper thread too)
 * @property {number} peakRssMb the process's own peak resident memory (loading ESLint and the rules included; peak-memory.js)
 * @property {number} parseMs ESLint's parse time (0 unless the run asked for `stats`)
 * @property {Record<string, number>} ruleMs each rule's time (empty unless the run asked for `stats`)
 * @property {number} reports
 * @property {number} unparsable
 * @property {Array<{ file: string, ruleId: string, line: number, column: number, message: string }>} messages
 */

/**
 * @param {object} args
 * @param {string} args.cwd
 * @param {string[]} args.files absolute paths
 * @param {string[]} args.rules
 * @param {CodeRoot[]} args.roots
 * @param {boolean} [args.recommended]
 * @param {false | string} [args.cache]
 * @param {boolean} [args.stats] time the parse and each rule (ESLint's `stats`); off, parseMs and ruleMs are 0.
 *   Leave it off where CPU time is compared: with it on, ESLint wraps every listener of every rule in a timer, which on a
 *   20,000-file monorepo made eslint:recommended alone take about a fifth more CPU than an `eslint` run in CI does,
 *   and so made every overhead over it read smaller
 * @returns {Promise<LintRun>}
 */
export async function lintAll({ cwd, files, rules, roots, recommended, cache, stats = false }) {
  // node_modules is ignored by default; un-ignore it, in case it is the codebase under test.
  const eslint = new ESLint({ cwd, ignorePatterns: ['!**/node_modules/'], overrideConfigFile: true, overrideConfig: configWith(rules, roots, { recommended, cache }), stats });
  const started = process.hrtime.bigint();
  const cpuBefore = process.cpuUsage();
  const results = await eslint.lintFiles(files);
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  /** @type {Record<string, number>} */
  const ruleMs = {};
  let parseMs = 0;
  let unparsable = 0;
  /** @type {LintRun['messages']} */
  const messages = [];
  for (const result of results) {
    if (result.messages.some((message) => message.fatal)) unparsable++;
    for (const message of result.messages) {
      if (message.ruleId && !message.fatal) messages.push({ file: result.filePath, ruleId: message.ruleId, line: message.line, column: message.column, message: message.message });
    }
    for (const pass of result.stats?.times.passes ?? []) {
      parseMs += pass.parse.total;
      for (const [id, time] of Object.entries(pass.rules ?? {})) ruleMs[id] = (ruleMs[id] ?? 0) + time.total;
    }
  }
  const peakRssMb = ownPeakRssMb();
  return { wallMs, cpuMs, peakRssMb, parseMs, ruleMs, reports: messages.length, unparsable, messages };
}

/**
 * lintAll in a fresh Node process (scripts/bench-lint/lint-child.js): a cold run, as in CI.
 * @param {Parameters<typeof lintAll>[0]} args
 * @param {{ stderr?: (text: string) => void }} [options] stderr: handed what the process writes there (else it is passed through)
 * @returns {Promise<LintRun>}
 */
export function lintAllInChild(args, { stderr } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [new URL('./lint-child.js', import.meta.url).pathname], { stdio: ['pipe', 'pipe', stderr ? 'pipe' : 'inherit'] });
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => { output += chunk; });
    if (stderr) {
      child.stderr?.setEncoding('utf8');
      child.stderr?.on('data', stderr);
    }
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve(JSON.parse(output));
      else reject(new Error(`the lint process ended with ${signal ?? `exit code ${code}`}`));
    });
    child.stdin.end(JSON.stringify(args));
  });
}

/**
 * @param {LintRun} run
 * @param {string[]} ids
 */
export function ruleTotal(run, ids) {
  return ids.reduce((sum, id) => sum + (run.ruleMs[id] ?? 0), 0);
}
