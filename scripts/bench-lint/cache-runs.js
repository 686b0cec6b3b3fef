/**
 * The persistent project cache's part of `npm run bench:lint`: what the Unblock rules add to a lint
 * with eslint:recommended, in process CPU time (every thread), with the cache off, empty (a first
 * run), and filled by a run before with one file changed since (an edit, then the next lint, as
 * in CI after a commit). On a copy of the corpus (the change is made there), each run a fresh
 * process; the medians of the rounds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UNBLOCK_RULES, lintAllInChild } from './eslint-runs.js';

/**
 * @typedef {object} CodeBase
 * @property {string} name
 * @property {string} dir          the copy's root (ESLint's cwd)
 * @property {string[]} files      absolute paths of the files linted
 * @property {import('./eslint-runs.js').CodeRoot[]} roots
 *
 * @typedef {{ baseline: number, off: number, empty: number, warm: number, changed: string, reports: number }} CacheFigures
 *   medians of process CPU ms; changed: the file edited before each warm run
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
  /** @type {Record<'baseline' | 'off' | 'empty' | 'warm', number[]>} */
  const cpu = { baseline: [], off: [], empty: [], warm: [] };
  let reports = 0;
  try {
    for (let round = 0; round < rounds; round++) {
      const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-bench-cache-'));
      try {
        cpu.baseline.push((await lintAllInChild({ ...base, rules: [] })).cpuMs);
        cpu.off.push((await lintAllInChild({ ...base, rules: UNBLOCK_RULES, cache: false })).cpuMs);
        const empty = await lintAllInChild({ ...base, rules: UNBLOCK_RULES, cache: cacheDir });
        cpu.empty.push(empty.cpuMs);
        reports = empty.messages.filter((message) => message.ruleId.startsWith('unblock/')).length;
        // One edit between two runs: the next lint finds that file's facts (and those that read it) stale.
        fs.writeFileSync(changed, `${original}\n// edited between two lint runs (bench:lint, round ${round + 1})\n`);
        cpu.warm.push((await lintAllInChild({ ...base, rules: UNBLOCK_RULES, cache: cacheDir })).cpuMs);
        fs.writeFileSync(changed, original);
      } finally {
        fs.rmSync(cacheDir, { recursive: true, force: true });
      }
    }
  } finally {
    fs.writeFileSync(changed, original);
  }
  return { baseline: median(cpu.baseline), off: median(cpu.off), empty: median(cpu.empty), warm: median(cpu.warm), changed: path.relative(code.dir, changed), reports };
}

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * @param {string} name
 * @param {CacheFigures} figures
 */
export function cacheLine(name, figures) {
  const over = (/** @type {number} */ ms) => `${(((ms - figures.baseline) / figures.baseline) * 100).toFixed(1).padStart(5)}%`;
  const s = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(2).padStart(6)} s`;
  return `${name.padEnd(24)} ${s(figures.baseline)}  ${s(figures.off)} ${over(figures.off)}  ${s(figures.empty)} ${over(figures.empty)}  ${s(figures.warm)} ${over(figures.warm)}  ${String(figures.reports).padStart(5)}  ${figures.changed}`;
}

export const CACHE_HEADER = `${'code base'.padEnd(24)} ${'recommended'.padStart(8)}  ${'+Unblock, no cache'.padStart(16)}  ${'empty cache'.padStart(16)}  ${'warm, 1 file changed'.padStart(16)}  reports  file changed`;
