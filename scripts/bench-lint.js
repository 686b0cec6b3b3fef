#!/usr/bin/env node
/**
 * npm run bench:lint — what the Unblock rules cost on real server code.
 *
 * Fetches the pinned corpus (scripts/corpus: Ghost 5.130.6's core/ by default) and lints its
 * server-side source with ESLint: with no rules (parse-only baseline), with the three Unblock
 * rules, and with the reference rules (core no-await-in-loop, eslint-plugin-n no-sync), in
 * alternating rounds; prints the Unblock rules' overhead and per-rule times next to
 * no-await-in-loop, then runs oxlint with the plugin through `jsPlugins` on the same files and
 * prints both tools' wall times and whether their reports agree.
 *
 * Then the persistent project cache: eslint:recommended alone against it plus the Unblock rules
 * with the cache off, empty, and warm after a one-file change, in process CPU time, on Ghost's
 * core/ and on the labeled JavaScript backends of ../shared/realcode (when score.mjs has
 * extracted them).
 *
 * Last, the editor's figures: the extension's measure-lint scripts (bench-lint/editor-runs.js).
 *
 * Options: --corpus ghost|directus|strapi|all (comma-separated; default ghost), --limit N,
 *          --rounds N (default 2), --no-oxlint, --no-editor, --no-growth (skip the generated file-size series),
 *          --no-cache-runs (skip the project cache's figures), --cache-only (only those),
 *          --backends nodebb,emailengine (which labeled backends the cache runs cover; default all, none: none).
 *
 * The plugin measured is the published bundle, which `npm run bench:lint` builds first
 * (UNBLOCK_BENCH_PLUGIN=sources measures the sources: bench-lint/measured-plugin.js).
 */
import fs from 'node:fs';
import os from 'node:os';
import { CORPORA } from './corpus/corpora.js';
import { DEFAULT_CACHE, ensureCorpus, listSourceFiles } from './corpus/fetch.js';
import { REFERENCE_RULES, UNBLOCK_RULES, lintAll, lintAllInChild, packageSourceType, ruleTotal } from './bench-lint/eslint-runs.js';
import { printGrowth } from './bench-lint/growth.js';
import { oxlintConfig, runOxlint } from './oxlint/run-oxlint.js';
import { CACHE_HEADER, cacheLine, copyOf, measureCache } from './bench-lint/cache-runs.js';
import { labeledJavaScriptBackends } from './bench-lint/labeled-backends.js';
import { measuredPluginEntry, measuredPluginLine } from './bench-lint/measured-plugin.js';
import { printEditorFigures } from './bench-lint/editor-runs.js';

const args = process.argv.slice(2);
/** @param {string} name */
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const limit = option('--limit') === undefined ? Infinity : Number(option('--limit'));
const rounds = Number(option('--rounds') ?? 2);
const corpusNames = (option('--corpus') ?? 'ghost') === 'all' ? CORPORA.map((corpus) => corpus.name) : (option('--corpus') ?? 'ghost').split(',');

/** @param {number} ms */
const fmt = (ms) => `${ms.toFixed(0).padStart(8)} ms`;
const load = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');

/** @param {string[]} names */
function prepareCorpus(names) {
  const roots = [];
  const files = [];
  for (const name of names) {
    const packageDir = ensureCorpus(name, { log: (line) => console.error(`  ${line}`) });
    roots.push({ dir: packageDir.slice(DEFAULT_CACHE.length + 1), sourceType: packageSourceType(packageDir) });
    files.push(...listSourceFiles(name));
  }
  return { roots, files: files.slice(0, limit) };
}

/**
 * Alternating rounds (baseline, Unblock, reference, baseline, …) so a change in machine load
 * hits all three alike; keeps each configuration's fastest round. Each run is a fresh process:
 * a second run in the same one would reuse the first's parsed modules and caller index and
 * report a cost no CI run ever sees.
 * @param {Omit<Parameters<typeof lintAll>[0], 'rules'>} base
 */
async function measureEslint(base) {
  /** @type {Record<'baseline' | 'unblock' | 'reference', import('./bench-lint/eslint-runs.js').LintRun | undefined>} */
  const best = { baseline: undefined, unblock: undefined, reference: undefined };
  const rulesOf = { baseline: [], unblock: UNBLOCK_RULES, reference: REFERENCE_RULES };
  for (let round = 0; round < rounds; round++) {
    for (const key of /** @type {const} */ (['baseline', 'unblock', 'reference'])) {
      const run = await lintAllInChild({ ...base, rules: rulesOf[key], stats: true });
      if (!best[key] || run.wallMs < best[key].wallMs) best[key] = run;
    }
  }
  return best;
}

/**
 * @param {Awaited<ReturnType<typeof measureEslint>>} runs
 */
function printEslint(runs) {
  const { baseline, unblock, reference } = runs;
  const unblockMs = ruleTotal(unblock, UNBLOCK_RULES);
  console.log('ESLint run                  wall time     parse time    rule time    reports');
  console.log(`no rules (parse only)    ${fmt(baseline.wallMs)} ${fmt(baseline.parseMs)} ${fmt(0)}  ${String(baseline.reports).padStart(8)}`);
  console.log(`Unblock rules            ${fmt(unblock.wallMs)} ${fmt(unblock.parseMs)} ${fmt(unblockMs)}  ${String(unblock.reports).padStart(8)}`);
  console.log(`reference rules          ${fmt(reference.wallMs)} ${fmt(reference.parseMs)} ${fmt(ruleTotal(reference, REFERENCE_RULES))}  ${String(reference.reports).padStart(8)}`);
  // Rule and parse times of the same run share the machine's load at that moment, so their ratio is
  // the steadier number on a shared machine; the cross-run one compares runs taken minutes apart.
  console.log(`\nUnblock overhead: the three rules' time is ${((unblockMs / unblock.parseMs) * 100).toFixed(1)}% of the parse time of the same run (target <= 5%)`);
  console.log(`across runs: ${((unblockMs / baseline.wallMs) * 100).toFixed(1)}% of the parse-only run's wall time (noisier)`);
  console.log(`wall-clock difference: ${(((unblock.wallMs - baseline.wallMs) / baseline.wallMs) * 100).toFixed(1)}% (noisier: includes GC and file reads)`);
  // ESLint walks every file's tree once any rule is on; a real config always has rules, so the reference run is what Unblock is added to.
  console.log(`over the reference rules' run: ${(((unblock.wallMs - reference.wallMs) / reference.wallMs) * 100).toFixed(1)}% more wall time (that run itself is ${fmt(reference.wallMs - baseline.wallMs).trim()} over parse only: ESLint's walk once any rule is on)`);
  // Work moved off the linting thread (the import map) is not in the rule times: the process's CPU time shows it.
  console.log(`process CPU time, every thread: parse only ${fmt(baseline.cpuMs).trim()}, Unblock rules ${fmt(unblock.cpuMs).trim()} (${(((unblock.cpuMs - baseline.cpuMs) / baseline.cpuMs) * 100).toFixed(1)}% more)`);
  console.log(`${baseline.unparsable} files did not parse (reported, never thrown)\n`);

  const loop = reference.ruleMs['no-await-in-loop'] ?? 0;
  console.log('Rule                          | Time (ms) | vs no-await-in-loop | reports');
  console.log(':-----------------------------|----------:|--------------------:|-------:');
  const rows = [...UNBLOCK_RULES.map((id) => [id, unblock]), ...REFERENCE_RULES.map((id) => [id, reference])];
  for (const [id, run] of /** @type {Array<[string, import('./bench-lint/eslint-runs.js').LintRun]>} */ (rows)) {
    const ms = run.ruleMs[id] ?? 0;
    const count = run.messages.filter((message) => message.ruleId === id).length;
    console.log(`${id.padEnd(30)}| ${ms.toFixed(1).padStart(9)} | ${(loop > 0 ? `${(ms / loop).toFixed(2)}x` : 'n/a').padStart(19)} | ${String(count).padStart(6)}`);
  }
}

/**
 * oxlint with the plugin through jsPlugins on the same files, one thread like ESLint; and
 * whether it reports exactly what ESLint did.
 * @param {string[]} files
 * @param {import('./bench-lint/eslint-runs.js').LintRun} eslintRun the ESLint run with the Unblock rules
 */
async function compareOxlint(files, eslintRun) {
  const rules = Object.fromEntries(UNBLOCK_RULES.map((id) => [id, 'warn']));
  // The config sits in ESLint's cwd, so the rules see the same `context.cwd` (their file globs are relative to it).
  const base = { targets: files, cwd: DEFAULT_CACHE, configDir: DEFAULT_CACHE, extraArgs: ['--threads=1'] };
  const parseOnly = await runOxlint({ ...base, config: oxlintConfig({}, [], measuredPluginEntry) });
  const withRules = await runOxlint({ ...base, config: oxlintConfig(rules, [], measuredPluginEntry) });
  console.log(`\noxlint ${oxlintVersion()} (one thread, plugin through jsPlugins) on the same ${files.length} files:`);
  console.log(`  no rules ${fmt(parseOnly.wallMs)}   Unblock rules ${fmt(withRules.wallMs)}   (ESLint: ${fmt(eslintRun.wallMs).trim()} with the Unblock rules; process start-up included for oxlint)`);
  /** @param {{ file: string, ruleId: string, line: number, message: string }} r */
  const key = (r) => `${r.file}:${r.line}:${r.ruleId}:${r.message}`;
  const fromEslint = new Set(eslintRun.messages.map(key));
  const fromOxlint = new Set(withRules.reports.map(key));
  const onlyEslint = [...fromEslint].filter((k) => !fromOxlint.has(k));
  const onlyOxlint = [...fromOxlint].filter((k) => !fromEslint.has(k));
  console.log(`  reports: ESLint ${fromEslint.size}, oxlint ${fromOxlint.size}; only ESLint ${onlyEslint.length}, only oxlint ${onlyOxlint.length}`);
  for (const line of [...onlyEslint.map((k) => `ESLint only: ${k}`), ...onlyOxlint.map((k) => `oxlint only: ${k}`)].slice(0, 10)) console.log(`    ${line}`);
}

/**
 * The persistent project cache's figures (scripts/bench-lint/cache-runs.js), on copies.
 * @param {Array<{ dir: string, sourceType: 'module' | 'commonjs' }>} roots the corpus packages (relative to DEFAULT_CACHE)
 * @param {string[]} files
 */
async function printCacheFigures(roots, files) {
  console.log('\nPersistent project cache (process CPU, every thread; eslint:recommended in every run; medians of the rounds, each overhead\nagainst eslint:recommended alone run just before and after it in its round, with the lowest and highest round in brackets):');
  console.log(CACHE_HEADER);
  const made = [];
  try {
    for (const root of roots) {
      const source = `${DEFAULT_CACHE}/${root.dir}`;
      const own = files.filter((file) => file.startsWith(`${source}/`));
      const code = copyOf(root.dir.split('/')[0], source, (dir) => own.map((file) => `${dir}${file.slice(source.length)}`), [{ dir: 'core', sourceType: root.sourceType }]);
      made.push(code.dir);
      console.log(cacheLine(code.name, await measureCache(code, rounds)));
    }
    const chosen = option('--backends')?.split(',');
    const backends = labeledJavaScriptBackends().filter((backend) => !chosen || chosen.includes(backend.name));
    if (backends.length === 0) console.log(chosen ? `(labeled backends: none of ${chosen.join(', ')} is extracted)` : '(labeled backends: not extracted; run node ../shared/realcode/score.mjs once)');
    for (const backend of backends) {
      const code = copyOf(backend.name, backend.root, (dir) => backend.files(dir), backend.roots);
      made.push(code.dir);
      console.log(cacheLine(backend.name, await measureCache(code, rounds)));
    }
  } finally {
    for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(`load average ${load()} after the cache runs`);
}

function oxlintVersion() {
  return JSON.parse(fs.readFileSync(new URL('../node_modules/oxlint/package.json', import.meta.url), 'utf8')).version;
}

async function main() {
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds must be a whole number of at least 1');
  if (limit !== Infinity && (!Number.isInteger(limit) || limit < 1)) throw new Error('--limit must be a whole number of at least 1');
  const { roots, files } = prepareCorpus(corpusNames);
  const lines = files.reduce((sum, file) => sum + fs.readFileSync(file, 'utf8').split('\n').length, 0);
  const specs = corpusNames.map((name) => CORPORA.find((corpus) => corpus.name === name)?.spec).join(', ');
  console.log(`Unblock lint benchmark — ${os.cpus().length} cores, Node ${process.version}, load average ${load()} at start`);
  console.log(measuredPluginLine);
  console.log(`${files.length} files, ${lines.toLocaleString('en')} lines of server-side JS/TS from ${specs}\n`);

  if (args.includes('--cache-only')) {
    await printCacheFigures(roots, files);
    return;
  }
  const base = { cwd: DEFAULT_CACHE, files, roots };
  // A first pass warms the file cache and the parsers' JIT so the measured runs are comparable.
  await lintAll({ ...base, files: files.slice(0, 300), rules: [] });
  const runs = await measureEslint(base);
  printEslint(runs);
  if (!args.includes('--no-oxlint')) await compareOxlint(files, runs.unblock);
  if (!args.includes('--no-cache-runs')) await printCacheFigures(roots, files);
  if (!args.includes('--no-editor')) printEditorFigures();
  console.log(`\nload average ${load()} at the end (2 cores: above ~1.5 the numbers are provisional)`);
  if (!args.includes('--no-growth')) await printGrowth(DEFAULT_CACHE);
}

main().catch((error) => {
  console.error(`bench:lint failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
