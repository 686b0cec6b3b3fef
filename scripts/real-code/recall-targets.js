#!/usr/bin/env node
/**
 * npm run real-code:recall-targets — the recall probe's targets (docs/recall-probe-targets.tsv):
 * request-path functions of three backends, chosen by reading their routes, that each hold awaits
 * a reviewer judged independent. Each backend is linted whole, in one lintFiles call, so that the
 * project index sees the callers; a target is found when a report of its expected rule overlaps
 * its lines, and missed otherwise. The corpora are not in the repository, so this is no test.
 *
 * Usage: node scripts/real-code/recall-targets.js [--apostrophe DIR] [--postiz DIR] [--reaction DIR]
 *          [--targets FILE] [--plugin DIR] [--unknown-callers]
 *   --plugin DIR        lint with the plugin checked out in DIR (to compare before/after a change)
 *   --unknown-callers   set includeUnknownCallers on both waterfall rules: a miss found this way
 *                       was missed only because no entry was found
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import { pluginEntryUrl } from '../plugin-entry.js';
import { BACKENDS, listBackendFiles } from './recall-backends.js';
import { enclosingLoopStart } from './loop-span.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const WATERFALL_RULES = ['no-await-waterfall', 'no-loop-waterfall'];

/**
 * @typedef {{ backend: string, file: string, first: number, last: number, rule: string, route: string, why: string }} Target
 * @typedef {{ file: string, line: number, endLine: number, rule: string, message: string }} Report
 * @typedef {{ roots: Record<string, string>, targets: string, plugin: string, unknownCallers: boolean }} Options
 */

/**
 * @param {string[]} argv
 * @returns {Options}
 */
function parseArgs(argv) {
  /** @type {Options} */
  const options = {
    roots: Object.fromEntries(BACKENDS.map((backend) => [backend.name, backend.defaultRoot])),
    targets: path.join(repoRoot, 'docs', 'recall-probe-targets.tsv'),
    plugin: repoRoot,
    unknownCallers: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const name = flag.replace(/^--/, '');
    if (flag === '--unknown-callers') options.unknownCallers = true;
    else if (flag === '--targets') options.targets = path.resolve(valueAfter(argv, i++));
    else if (flag === '--plugin') options.plugin = path.resolve(valueAfter(argv, i++));
    else if (name in options.roots) options.roots[name] = path.resolve(valueAfter(argv, i++));
    else throw new UsageError(`unknown option ${flag}`);
  }
  return options;
}

/**
 * @param {string[]} argv
 * @param {number} i  the index of the flag
 */
function valueAfter(argv, i) {
  const value = argv[i + 1];
  if (value === undefined || value.startsWith('--')) throw new UsageError(`${argv[i]} needs a value`);
  return value;
}

class UsageError extends Error {}

/**
 * The targets file: a header row, then one tab-separated target per line.
 * @param {string} file
 * @returns {Target[]}
 */
function readTargets(file) {
  if (!fs.existsSync(file)) throw new UsageError(`targets file ${file} does not exist`);
  const [, ...rows] = fs.readFileSync(file, 'utf8').split('\n').filter((line) => line.trim() !== '');
  return rows.map((row, index) => {
    const [backend, relative, first, last, rule, route, why] = row.split('\t');
    const target = { backend, file: relative, first: Number(first), last: Number(last), rule, route, why };
    if (!Number.isInteger(target.first) || !Number.isInteger(target.last) || !WATERFALL_RULES.includes(rule)) {
      throw new UsageError(`${file}: row ${index + 2} is not "backend, file, first line, last line, rule, route, why"`);
    }
    return target;
  });
}

/**
 * An ESLint instance configured as the probe's first round was: the three rules at warn, every
 * report carrying its proof in the message (the `explain` setting), so the entry can be shown.
 * @param {any} plugin
 * @param {string} root
 * @param {import('./recall-backends.js').Backend} backend
 * @param {boolean} unknownCallers
 */
function createLinter(plugin, root, backend, unknownCallers) {
  const waterfallOptions = unknownCallers ? [{ includeUnknownCallers: true }] : [];
  /** @type {import('eslint').Linter.RulesRecord} */
  const rules = {
    'unblock/no-await-waterfall': ['warn', ...waterfallOptions],
    'unblock/no-loop-waterfall': ['warn', ...waterfallOptions],
    'unblock/no-blocking-sync-call': 'warn',
  };
  const jsParser = backend.tsParsesJs ? { parser: tsParser } : {};
  return new ESLint({
    cwd: root,
    overrideConfigFile: true,
    allowInlineConfig: false,
    overrideConfig: [
      { files: ['**/*.js', '**/*.cjs', '**/*.mjs'], languageOptions: { sourceType: backend.sourceType, ecmaVersion: 'latest', ...jsParser } },
      { files: ['**/*.ts'], languageOptions: { parser: tsParser, parserOptions: { ecmaVersion: 'latest', sourceType: 'module' } } },
      { plugins: { unblock: plugin }, settings: { unblock: { explain: true } }, rules },
    ],
  });
}

/**
 * Lints the whole backend at once and keeps the waterfall rules' reports.
 * @param {ESLint} eslint
 * @param {string} root
 * @param {string[]} files
 * @returns {Promise<{ reports: Report[], fatal: number, seconds: number }>}
 */
async function lintBackend(eslint, root, files) {
  const started = performance.now();
  const results = await eslint.lintFiles(files.map((file) => path.join(root, file)));
  /** @type {Report[]} */
  const reports = [];
  let fatal = 0;
  for (const result of results) {
    for (const message of result.messages) {
      if (message.fatal) fatal++;
      const rule = message.ruleId?.replace(/^unblock\//, '');
      if (!rule || !WATERFALL_RULES.includes(rule)) continue;
      const file = path.relative(root, result.filePath).split(path.sep).join('/');
      reports.push({ file, line: message.line, endLine: message.endLine ?? message.line, rule, message: message.message });
    }
  }
  return { reports, fatal, seconds: (performance.now() - started) / 1000 };
}

/**
 * The report of the target's rule whose lines overlap the target's, if any. A loop report sits on
 * the loop's head, so a loop target reaches up to the head of the innermost loop around its awaits.
 * @param {Target} target
 * @param {Report[]} reports
 * @param {string} root
 * @returns {Report | undefined}
 */
function reportFor(target, reports, root) {
  const first = target.rule === 'no-loop-waterfall'
    ? enclosingLoopStart(fs.readFileSync(path.join(root, target.file), 'utf8'), target.first) ?? target.first
    : target.first;
  return reports.find((report) => report.file === target.file && report.rule === target.rule &&
    report.line <= target.last && report.endLine >= first);
}

/**
 * The proof's entry line of an explained message (`entry: GET /x (src/routes.js)`).
 * @param {string} message
 */
function entryOf(message) {
  const line = message.split('\n').find((text) => text.trim().startsWith('entry:'));
  return line ? line.trim() : 'entry: (not in the message)';
}

/**
 * Lints one backend and prints found or missed per target; returns how many were found.
 * @param {any} plugin
 * @param {import('./recall-backends.js').Backend} backend
 * @param {string} root
 * @param {Target[]} targets
 * @param {boolean} unknownCallers
 */
async function probeBackend(plugin, backend, root, targets, unknownCallers) {
  const files = listBackendFiles(backend, root);
  const eslint = createLinter(plugin, root, backend, unknownCallers);
  const { reports, fatal, seconds } = await lintBackend(eslint, root, files);
  console.log(`${backend.name} (${root}): ${files.length} files in ${seconds.toFixed(1)} s, ${reports.length} waterfall reports, ${fatal} parse errors`);
  let found = 0;
  for (const target of targets) {
    const place = `${target.file}:${target.first}-${target.last}`;
    const report = reportFor(target, reports, root);
    if (report) found++;
    const verdict = report ? `found   ${place} (${target.rule} at ${report.line}; ${entryOf(report.message)})` : `missed  ${place} (${target.rule})`;
    console.log(`  ${verdict}`);
  }
  console.log(`  ${backend.name}: found ${found} of ${targets.length}\n`);
  return found;
}

/**
 * @param {Options} options
 * @returns {string[]} one line per backend root that is not there
 */
function missingRoots(options) {
  return BACKENDS
    .filter((backend) => !fs.existsSync(options.roots[backend.name]))
    .map((backend) => `${backend.name}: ${options.roots[backend.name]} does not exist (pass --${backend.name} DIR)`);
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const missing = missingRoots(options);
  if (missing.length > 0) throw new UsageError(`backend source not found:\n  ${missing.join('\n  ')}`);
  const targets = readTargets(options.targets);
  const { default: plugin } = await import(pluginEntryUrl(options.plugin));
  let found = 0;
  for (const backend of BACKENDS) {
    const own = targets.filter((target) => target.backend === backend.name);
    if (own.length > 0) found += await probeBackend(plugin, backend, options.roots[backend.name], own, options.unknownCallers);
  }
  console.log(`total: found ${found} of ${targets.length}${options.unknownCallers ? ' (includeUnknownCallers on)' : ''}`);
}

main().catch((error) => {
  if (!(error instanceof UsageError)) throw error;
  console.error(`recall-targets: ${error.message}`);
  process.exitCode = 2;
});
