/**
 * How much of the project cache a run used: module scans and linted files' call summaries read
 * back from it, those made again (and then kept), and the kept entries refused as not fit to use.
 * With `UNBLOCK_CACHE_STATS=1` in the environment, one line on stderr says so when the process
 * exits, so that a CI job can see whether the cache it restored was used at all (a cache that is
 * restored but never matches costs its writes and saves nothing). The import map's helper thread
 * hands its refusals to the linting thread with its answer: only that thread prints.
 */
import fs from 'node:fs';
import { isMainThread } from 'node:worker_threads';
import { cacheBytes, maxCacheBytes } from './prune.js';

const counts = { scan: { reused: 0, made: 0 }, summaries: { reused: 0, made: 0 }, verdicts: { reused: 0, made: 0 }, refused: 0 };
let printing = false;
/** @type {Set<string>} the cache folders (code versions') this process's projects use: their size is said */
const folders = new Set();

/**
 * Notes a cache folder whose size the stats line says.
 * @param {string} folder
 */
export function noteCacheFolder(folder) {
  folders.add(folder);
}

/**
 * Counts one module scan: read back from the cache, or made (a miss).
 * @param {boolean} reused
 */
export function countScan(reused) {
  count(counts.scan, reused);
}

/**
 * Counts one linted file's call summaries: read back from the cache (all its inputs held), or made again.
 * @param {boolean} reused
 */
export function countSummaries(reused) {
  count(counts.summaries, reused);
}

/**
 * Counts one rule's verdicts on a linted file: its kept reports made again without analysing the file
 * (everything the analysis read holds), or the file analysed.
 * @param {boolean} reused
 */
export function countVerdicts(reused) {
  count(counts.verdicts, reused);
}

/**
 * Counts a kept entry that was there but not used: unreadable, another key's, or not of its kind's
 * schema (schemas/), which names files outside the project among them. Each is a miss, made again.
 * @param {number} [count]
 */
export function countRefused(count = 1) {
  counts.refused += count;
  printAtExit();
}

/** The refusals counted on this thread since the last call (the helper thread's, for its answer). */
export function takeRefused() {
  const { refused } = counts;
  counts.refused = 0;
  return refused;
}

/**
 * @param {{ reused: number, made: number }} tally
 * @param {boolean} reused
 */
function count(tally, reused) {
  if (reused) tally.reused++;
  else tally.made++;
  printAtExit();
}

function printAtExit() {
  if (!printing && isMainThread && /^(1|true|yes|on)$/i.test(process.env.UNBLOCK_CACHE_STATS ?? '')) {
    printing = true;
    process.once('exit', printCounts);
  }
}

/** The size of the cache folders used, and their cap, as said in the stats line: `; 1.2 MB kept (cap 50 MB)`. */
function sizes() {
  if (folders.size === 0) return '';
  let bytes = 0;
  for (const folder of folders) {
    try {
      bytes += cacheBytes(folder);
    } catch {
      // Unreadable: not counted.
    }
  }
  return `; ${megabytes(bytes)} kept (cap ${megabytes(maxCacheBytes())})`;
}

/** @param {number} bytes */
function megabytes(bytes) {
  const mb = bytes / (1024 * 1024);
  return `${mb >= 10 || mb === 0 ? Math.round(mb) : mb.toFixed(mb >= 1 ? 1 : 2)} MB`;
}

/** @param {{ reused: number, made: number }} tally */
function share({ reused, made }) {
  return reused + made === 0 ? 0 : Math.round((reused / (reused + made)) * 100);
}

function printCounts() {
  const { scan, summaries, verdicts, refused } = counts;
  // Said only when there were any, so that the usual line stays as it was.
  const refusals = refused === 0 ? '' : `; ${refused} kept ${refused === 1 ? 'entry' : 'entries'} refused (unreadable, not of their format, or naming files outside the project) and made again`;
  const line =
    `unblock: project cache: ${scan.reused} module scans reused, ${scan.made} made and kept (${share(scan)}% reused); ` +
    `call summaries of ${summaries.reused} linted files reused, ${summaries.made} made (${share(summaries)}% reused); ` +
    `verdicts (one per rule and file) ${verdicts.reused} reused, ${verdicts.made} made (${share(verdicts)}% reused)${sizes()}${refusals}\n`;
  try {
    // Written at once: the process is exiting, and a stream would not be flushed.
    fs.writeSync(2, line);
  } catch {
    // No stderr to write to: nothing to say it on.
  }
}
