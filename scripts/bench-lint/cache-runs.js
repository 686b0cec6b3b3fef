/**
 * The persistent project cache's part of `npm run bench:lint`: what the Unblock rules add to a lint
 * with eslint:recommended, in process CPU time (every thread), with the cache off, empty (a first
 * run), and filled by a run before with one file changed since (an edit, then the next lint, as
 * in CI after a commit). On a copy of the corpus (the change is made there), each run a fresh
 * process. Each round runs eslint:recommended alone before and after its three Unblock runs, and
 * each Unblock run's overhead is taken against the mean of those two: on a shared machine whose
 * speed drifts over minutes, a ratio within one round moves less than medians taken apart. The
 * figures are the medians of the rounds, with the lowest and highest overhead of any round.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UNBLOCK_RULES, lintAllInChild } from './eslint-runs.js';
import { median } from './median.js';

/**
 * @typedef {object} CodeBase
 * @property {string} name
 * @property {string} dir          the copy's root (ESLint's cwd)
 * @property {string[]} files      absolute paths of the files linted
 * @property {import('./eslint-runs.js').CodeRoot[]} roots
 *
 * @typedef {'off' | 'empty' | 'warm'} CacheRun
 * @typedef {{ baseline: number, off: number, empty: number, warm: number, overheads: Record<CacheRun, number[]>, changed: string, reports: number }} CacheFigures
 *   medians of process CPU ms; overheads: each round's, as a fraction of that round's eslint:recommended;
 *   changed: the file edited before each warm run
 */

/**
 * A private copy of a code base (the one-file change must not touch a shared folder).
 * @param {string} name
 * @param {string} source the folder to copy
 * @param {(root: string) => string[]} filesOf the files to lint in the copy
 * @param {import('./eslint-runs.js').CodeRoot[]} roots
 * @returns {CodeBase}
 */
export function copyOf(name, source, filesOf, roots) {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `unblock-bench-cache-${name}-`)));
  fs.cpSync(source, dir, { recursive: true, filter: (file) => !file.includes(`${path.sep}node_modules${path.sep}.cache`) });
  return { name, dir, files: filesOf(dir), roots };
}

/**
 * The file most other files import (by the names in their import specifiers): changing it makes
 * the most kept facts stale, the hard case of a one-file change.
 * @param {string[]} files
 */
export function mostImported(files) {
  const counts = new Map(files.map((file) => [file, 0]));
  const byName = new Map();
  for (const file of files) {
    const name = path.basename(file).replace(/\.[cm]?[jt]sx?$/, '');
    if (name !== 'index') byName.set(name, [...(byName.get(name) ?? []), file]);
  }
  for (const file of files) {
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(/(?:from|require\()\s*['"](\.[^'"]+)['"]/g)) {
      const name = path.basename(specifier).replace(/\.[cm]?[jt]sx?$/, '');
      for (const target of byName.get(name) ?? []) counts.set(target, (counts.get(target) ?? 0) + 1);
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0];
}

/**
 * Alternating rounds of the four runs on one code base.
 * @param {CodeBase} code
 * @param {number} rounds
 * @returns {Promise<CacheFigures>}
 */
export async function measureCache(code, rounds) {
  const changed = mostImported(code.files);
  const original = fs.readFileSync(changed, 'utf8');
  const base = { cwd: code.dir, files: code.files, roots: code.roots, recommended: true };
  /** @type {Record<'baseline' | CacheRun, number[]>} */
  const cpu = { baseline: [], off: [], empty: [], warm: [] };
  /** @type {Record<CacheRun, number[]>} */
  const overheads = { off: [], empty: [], warm: [] };
  let reports = 0;
  try {
    for (let round = 0; round < rounds; round++) {
      const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-bench-cache-'));
      try {
        const before = (await lintAllInChild({ ...base, rules: [] })).cpuMs;
        const off = (await lintAllInChild({ ...base, rules: UNBLOCK_RULES, cache: false })).cpuMs;
        const empty = await lintAllInChild({ ...base, rules: UNBLOCK_RULES, cache: cacheDir });
        reports = empty.messages.filter((message) => message.ruleId.startsWith('unblock/')).length;
        // One edit between two runs: the next lint finds that file's facts (and those that read it) stale.
        fs.writeFileSync(changed, `${original}\n// edited between two lint runs (bench:lint, round ${round + 1})\n`);
        const warm = (await lintAllInChild({ ...base, rules: UNBLOCK_RULES, cache: cacheDir })).cpuMs;
        fs.writeFileSync(changed, original);
        const after = (await lintAllInChild({ ...base, rules: [] })).cpuMs;
        const baseline = (before + after) / 2;
        cpu.baseline.push(baseline);
        for (const [run, ms] of /** @type {const} */ ([['off', off], ['empty', empty.cpuMs], ['warm', warm]])) {
          cpu[run].push(ms);
          overheads[run].push((ms - baseline) / baseline);
        }
      } finally {
        fs.rmSync(cacheDir, { recursive: true, force: true });
      }
    }
  } finally {
    fs.writeFileSync(changed, original);
  }
  return { baseline: median(cpu.baseline), off: median(cpu.off), empty: median(cpu.empty), warm: median(cpu.warm), overheads, changed: path.relative(code.dir, changed), reports };
}

/**
 * @param {string} name
 * @param {CacheFigures} figures
 */
export function cacheLine(name, figures) {
  const percent = (/** @type {number} */ fraction) => `${Math.round(fraction * 100)}`;
  const over = (/** @type {CacheRun} */ run) => {
    const rounds = figures.overheads[run];
    const spread = rounds.length > 1 ? ` (${percent(Math.min(...rounds))}…${percent(Math.max(...rounds))})` : '';
    const middle = median(rounds);
    return `${middle >= 0 ? '+' : ''}${percent(middle)}%${spread}`.padEnd(COLUMN - 9);
  };
  const s = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(2).padStart(6)} s`;
  return `${name.padEnd(18)} ${s(figures.baseline)}   ${s(figures.off)} ${over('off')}${s(figures.empty)} ${over('empty')}${s(figures.warm)} ${over('warm')}${String(figures.reports).padStart(7)}  ${figures.changed}`;
}

/** Width of one Unblock run's column: its time, and its overhead with the rounds' lowest and highest. */
const COLUMN = 27;

export const CACHE_HEADER = `${'code base'.padEnd(18)} ${'recommended'.padStart(9)}   ${'+Unblock, no cache'.padEnd(COLUMN)}${'empty cache'.padEnd(COLUMN)}${'warm, 1 file changed'.padEnd(COLUMN)}reports  file changed`;
