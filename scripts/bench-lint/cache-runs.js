/**
 * The persistent project cache's part of `npm run bench:lint`: what the Unblock rules add to a lint
 * with eslint:recommended, in process CPU time (every thread), with the cache off, empty (a first
 * run), and filled by a run before with one file changed since (a line of code in its first
 * function, then the next lint, as in CI after a commit: code-edit.js), twice: the change in a file
 * nobody imports (the easy case: only its own facts are stale), and in the file most others import
 * (the hard case: every kept fact that read it is checked again, and each that read the changed
 * function is made again). On a copy of the corpus (the changes are made there), each run a fresh
 * process. Each round runs eslint:recommended alone before and after its four Unblock runs, and
 * each Unblock run's overhead is taken against the mean of those two: on a shared machine whose
 * speed drifts over minutes, a ratio within one round moves less than medians taken apart. The
 * figures are the medians of the rounds, with the lowest and highest overhead of any round.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UNBLOCK_RULES, lintAllInChild } from './eslint-runs.js';
import { median } from './median.js';
import { leastImported, mostImported } from './changed-files.js';
import { editedText } from './code-edit.js';

/**
 * @typedef {object} CodeBase
 * @property {string} name
 * @property {string} dir          the copy's root (ESLint's cwd)
 * @property {string[]} files      absolute paths of the files linted
 * @property {import('./eslint-runs.js').CodeRoot[]} roots
 *
 * @typedef {'off' | 'empty' | 'leaf' | 'hub'} CacheRun  leaf, hub: warm, with a file nobody imports or the most imported one changed
 * @typedef {{ baseline: number, overheads: Record<CacheRun, number[]>, leaf: string, hub: string, reports: number }} CacheFigures
 *   baseline: median process CPU ms of eslint:recommended alone; overheads: each round's, as a fraction of that
 *   round's eslint:recommended; leaf, hub: the files edited before the two warm runs
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
 * Alternating rounds of the runs on one code base.
 * @param {CodeBase} code
 * @param {number} rounds
 * @returns {Promise<CacheFigures>}
 */
export async function measureCache(code, rounds) {
  const leaf = leastImported(code.files);
  const hub = mostImported(code.files);
  const originals = new Map([leaf, hub].map((file) => [file, fs.readFileSync(file, 'utf8')]));
  const base = { cwd: code.dir, files: code.files, roots: code.roots, recommended: true };
  /** @type {number[]} */
  const baselines = [];
  /** @type {Record<CacheRun, number[]>} */
  const overheads = { off: [], empty: [], leaf: [], hub: [] };
  let reports = 0;
  /**
   * One more edit, then the next lint: it finds that file's facts (and those that read it) stale. The
   * edit stays until the round ends, as a commit's does in CI: undone at once, the next warm run would
   * find two files changed since the run before it (the cache keeps only what the last run could use).
   * @param {string} file @param {number} round @param {string} cacheDir
   */
  const warmAfterEditing = async (file, round, cacheDir) => {
    fs.writeFileSync(file, editedText(file, /** @type {string} */ (originals.get(file)), round));
    return (await lintAllInChild({ ...base, rules: UNBLOCK_RULES, cache: cacheDir })).cpuMs;
  };
  const undoEdits = () => {
    for (const [file, text] of originals) fs.writeFileSync(file, text);
  };
  try {
    for (let round = 0; round < rounds; round++) {
      const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-bench-cache-'));
      try {
        const before = (await lintAllInChild({ ...base, rules: [] })).cpuMs;
        const off = (await lintAllInChild({ ...base, rules: UNBLOCK_RULES, cache: false })).cpuMs;
        const empty = await lintAllInChild({ ...base, rules: UNBLOCK_RULES, cache: cacheDir });
        reports = empty.messages.filter((message) => message.ruleId.startsWith('unblock/')).length;
        // The leaf first, on the cache the empty run filled; then the hub, on the cache the leaf's run left.
        const leafMs = await warmAfterEditing(leaf, round, cacheDir);
        const hubMs = await warmAfterEditing(hub, round, cacheDir);
        undoEdits();
        const after = (await lintAllInChild({ ...base, rules: [] })).cpuMs;
        const baseline = (before + after) / 2;
        baselines.push(baseline);
        for (const [run, ms] of /** @type {const} */ ([['off', off], ['empty', empty.cpuMs], ['leaf', leafMs], ['hub', hubMs]])) {
          overheads[run].push((ms - baseline) / baseline);
        }
      } finally {
        fs.rmSync(cacheDir, { recursive: true, force: true });
      }
    }
  } finally {
    undoEdits();
  }
  return { baseline: median(baselines), overheads, leaf: path.relative(code.dir, leaf), hub: path.relative(code.dir, hub), reports };
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
    return `${middle >= 0 ? '+' : ''}${percent(middle)}%${spread}`.padEnd(COLUMN);
  };
  const baseline = `${(figures.baseline / 1000).toFixed(2)} s`.padStart(11);
  return `${name.padEnd(18)} ${baseline}   ${over('off')}${over('empty')}${over('leaf')}${over('hub')}${String(figures.reports).padStart(7)}  ${figures.leaf}; ${figures.hub}`;
}

/** Width of one Unblock run's column: its overhead, with the rounds' lowest and highest. */
const COLUMN = 18;

export const CACHE_HEADER = [
  `${''.padEnd(18)} ${''.padStart(11)}   ${'+ Unblock'.padEnd(COLUMN)}${''.padEnd(COLUMN)}${'warm, one file changed:'.padEnd(COLUMN * 2)}`,
  `${'code base'.padEnd(18)} ${'recommended'.padStart(11)}   ${'no cache'.padEnd(COLUMN)}${'empty cache'.padEnd(COLUMN)}${'nobody imports it'.padEnd(COLUMN)}${'most imported'.padEnd(COLUMN)}reports  files changed`,
].join('\n');
