#!/usr/bin/env node
/**
 * npm run bench:monorepo — what the Unblock rules cost on a big monorepo (#45 item 8), and whether
 * the blocking rule reports there or the run says why not.
 *
 * Generates a monorepo (scripts/bench-lint/monorepo-project.js: 20,000 files, about 2 M lines, in
 * npm workspaces of 500 files) in a temporary folder, and lints it with ESLint in fresh processes:
 * eslint:recommended alone, then with the three Unblock rules on an empty project cache, then again
 * on the cache that run filled (warm, nothing changed), then eslint:recommended alone again; each
 * Unblock run is compared with the mean of the two runs around it. Prints process CPU time (every
 * thread), each process's own peak resident memory (bench-lint/peak-memory.js), the reports per rule, the blocking reports against the services
 * that block per request, the warnings the plugin gave on stderr, and the cache's size, next to
 * the issue's budgets (memory ≤ 2× eslint:recommended's peak; CPU within +25% empty, +5% warm).
 *
 * Options: --files N (default 20000), --package-files N (default 500), --rounds N (default 1),
 * --runs a,b,… which runs, in order, of recommended, empty, warm (default recommended,empty,warm,recommended:
 * on a loaded machine two instances with different runs may go side by side; CPU time is each process's own).
 * The generated project and the caches are removed at the end, on failure and on Ctrl-C.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UNBLOCK_RULES, lintAllInChild } from './bench-lint/eslint-runs.js';
import { generateMonorepo } from './bench-lint/monorepo-project.js';
import { measuredPluginLine } from './bench-lint/measured-plugin.js';
import { median } from './bench-lint/median.js';
import { numberOption as readNumber, removedOnSignal } from './bench-lint/script-options.js';

const args = process.argv.slice(2);
const numberOption = (/** @type {string} */ name, /** @type {number} */ fallback) => readNumber(args, 'bench:monorepo', name, fallback);
const fileCount = numberOption('--files', 20_000);
const packageFiles = numberOption('--package-files', 500);
const rounds = numberOption('--rounds', 1);
const RUNS = ['recommended', 'empty', 'warm'];
const runs = (args.includes('--runs') ? String(args[args.indexOf('--runs') + 1]) : 'recommended,empty,warm,recommended').split(',');
if (runs.some((run) => !RUNS.includes(run))) {
  console.error(`bench:monorepo: --runs takes a list of ${RUNS.join(', ')}.`);
  process.exit(2);
}

/** @type {string[]} folders to remove however the script ends */
const temporaries = [];
const removeTemporaries = removedOnSignal(temporaries);

/** @param {string} dir */
function bytesUnder(dir) {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).reduce((sum, entry) => sum + fs.statSync(path.join(entry.parentPath, entry.name)).size, 0);
}

/**
 * One Unblock run: its figures, and the plugin's warnings on stderr (one line each).
 * @param {Omit<Parameters<typeof lintAllInChild>[0], 'rules'>} base
 * @param {string} cache
 */
async function unblockRun(base, cache) {
  let stderr = '';
  const run = await lintAllInChild({ ...base, rules: UNBLOCK_RULES, cache }, { stderr: (text) => { stderr += text; } });
  const warnings = stderr.split('\n').filter((line) => line.includes('unblock:'));
  /** @type {Record<string, number>} */
  const byRule = {};
  for (const message of run.messages) if (message.ruleId.startsWith('unblock/')) byRule[message.ruleId] = (byRule[message.ruleId] ?? 0) + 1;
  return { run, warnings, byRule };
}

const mb = (/** @type {number} */ value) => `${Math.round(value)} MB`;
const seconds = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(1)} s`;
const percent = (/** @type {number} */ fraction) => `${fraction >= 0 ? '+' : ''}${Math.round(fraction * 100)}%`;

try {
  console.log(`bench:monorepo on ${os.cpus().length} cores (load ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}), Node ${process.version}; ${measuredPluginLine}`);
  const repo = generateMonorepo({ files: fileCount, packageFiles });
  temporaries.push(repo.dir);
  console.log(`generated: ${repo.files.length.toLocaleString('en-US')} files, ${repo.lines.toLocaleString('en-US')} lines, ${Math.ceil(fileCount / packageFiles)} workspace packages; ${repo.services.toLocaleString('en-US')} services block per request (one report each when callers across files are read)`);
  const base = { cwd: repo.dir, files: repo.files, roots: [], recommended: true };
  /** @type {Array<{ baseline: number, baselineRss: number, empty: number, warm: number, emptyRss: number, warmRss: number }>} */
  const figures = [];
  /** @type {Awaited<ReturnType<typeof unblockRun>> | undefined} */
  let last;
  let cacheBytes = 0;
  /** Every run's peak, by kind: how far they spread says how much one round's ratio can tell. */
  const peaks = { alone: /** @type {number[]} */ ([]), unblock: /** @type {number[]} */ ([]) };
  for (let round = 0; round < rounds; round++) {
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-bench-monorepo-cache-'));
    temporaries.push(cache);
    // Each run's figures as it ends: on a loaded machine a 20,000-file round takes long, and a stopped one still tells.
    const say = (/** @type {string} */ what, /** @type {{ cpuMs: number, peakRssMb: number, wallMs: number }} */ run) => console.log(`  ${what}: ${seconds(run.cpuMs)} CPU, peak ${mb(run.peakRssMb)} (${seconds(run.wallMs)} wall)`);
    /** @type {import('./bench-lint/eslint-runs.js').LintRun[]} */
    const alone = [];
    /** @type {Record<string, Awaited<ReturnType<typeof unblockRun>>>} */
    const withUnblock = {};
    for (const run of runs) {
      if (run === 'recommended') {
        const solo = await lintAllInChild({ ...base, rules: [] });
        alone.push(solo);
        peaks.alone.push(solo.peakRssMb);
        say('eslint:recommended alone', solo);
        continue;
      }
      const made = await unblockRun(base, cache);
      withUnblock[run] = made;
      peaks.unblock.push(made.run.peakRssMb);
      say(`+ Unblock, ${run} cache`, made.run);
      for (const line of made.warnings) console.log(`    it said: ${line.trim()}`);
    }
    cacheBytes = bytesUnder(cache);
    const { empty, warm } = withUnblock;
    last = warm ?? empty ?? last;
    if (alone.length === 0 || !empty || !warm) continue;
    figures.push({
      baseline: alone.reduce((sum, run) => sum + run.cpuMs, 0) / alone.length,
      baselineRss: Math.max(...alone.map((run) => run.peakRssMb)),
      empty: empty.run.cpuMs,
      warm: warm.run.cpuMs,
      emptyRss: empty.run.peakRssMb,
      warmRss: warm.run.peakRssMb,
    });
    const f = figures[figures.length - 1];
    console.log(`round ${round + 1}: eslint:recommended ${seconds(f.baseline)} CPU, peak ${mb(f.baselineRss)}; + Unblock empty cache ${seconds(f.empty)} (${percent(f.empty / f.baseline - 1)}), peak ${mb(f.emptyRss)}; warm ${seconds(f.warm)} (${percent(f.warm / f.baseline - 1)}), peak ${mb(f.warmRss)}`);
  }
  const pick = (/** @type {(f: typeof figures[number]) => number} */ of) => median(figures.map(of));
  if (figures.length === 0) {
    console.log('\n(the runs asked for give no comparison: the figures above are each run\'s own)');
  } else {
    const baselineRss = pick((f) => f.baselineRss);
    const peakRss = Math.max(pick((f) => f.emptyRss), pick((f) => f.warmRss));
    const emptyOver = pick((f) => f.empty / f.baseline - 1);
    const warmOver = pick((f) => f.warm / f.baseline - 1);
    const within = (/** @type {boolean} */ ok) => (ok ? 'within budget' : 'OVER budget');
    console.log('');
    console.log(`CPU, empty cache: ${percent(emptyOver)} against eslint:recommended alone (budget +25%: ${within(emptyOver <= 0.25)})`);
    console.log(`CPU, warm cache:  ${percent(warmOver)} (budget +5%: ${within(warmOver <= 0.05)})`);
    console.log(`peak memory: ${mb(peakRss)} against ${mb(baselineRss)} for eslint:recommended alone, ${(peakRss / baselineRss).toFixed(2)}× (budget 2×: ${within(peakRss <= 2 * baselineRss)})`);
    // A slow full collection lets V8 grow the heap to two or three times its usual peak, in any run,
    // with or without the rules (docs/project-cache.md, "The memory peak, explained").
    const spread = (/** @type {number[]} */ of) => `${mb(Math.min(...of))} to ${mb(Math.max(...of))}`;
    console.log(`  every run's peak: eslint:recommended alone ${spread(peaks.alone)}, + Unblock ${spread(peaks.unblock)}; a run comes high or low by when V8's collector runs, so one round's ratio can be a high draw against a low one`);
  }
  console.log(`project cache: ${(cacheBytes / (1024 * 1024)).toFixed(1)} MB`);
  if (last) {
    const blocking = last.byRule['unblock/no-blocking-sync-call'] ?? 0;
    console.log(`reports: ${Object.entries(last.byRule).map(([rule, n]) => `${rule} ${n}`).join(', ') || 'none'}`);
    console.log(`blocking reports: ${blocking} of ${repo.services} services that block per request`);
    // Each process says it once: the last run's own lines tell whether a run says it.
    for (const line of last.warnings) console.log(`  the last Unblock run said: ${line.trim()}`);
    if (blocking < repo.services) console.log(last.warnings.length > 0 ? 'fewer blocking reports than services: the run said why (above)' : 'fewer blocking reports than services, and the run said nothing about it');
  }
} finally {
  removeTemporaries();
}
