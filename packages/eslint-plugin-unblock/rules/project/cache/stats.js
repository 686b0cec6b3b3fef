/**
 * How much of the project cache a run used: module scans and linted files' call summaries read
 * back from it, and those made again (and then kept). With `UNBLOCK_CACHE_STATS=1` in the
 * environment, one line on stderr says so when the process exits, so that a CI job can see
 * whether the cache it restored was used at all (a cache that is restored but never matches
 * costs its writes and saves nothing).
 */
import fs from 'node:fs';

const counts = { scan: { reused: 0, made: 0 }, summaries: { reused: 0, made: 0 } };
let printing = false;

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
 * @param {{ reused: number, made: number }} tally
 * @param {boolean} reused
 */
function count(tally, reused) {
  if (reused) tally.reused++;
  else tally.made++;
  if (!printing && /^(1|true|yes|on)$/i.test(process.env.UNBLOCK_CACHE_STATS ?? '')) {
    printing = true;
    process.once('exit', printCounts);
  }
}

/** @param {{ reused: number, made: number }} tally */
function share({ reused, made }) {
  return reused + made === 0 ? 0 : Math.round((reused / (reused + made)) * 100);
}

function printCounts() {
  const { scan, summaries } = counts;
  const line =
    `unblock: project cache: ${scan.reused} module scans reused, ${scan.made} made and kept (${share(scan)}% reused); ` +
    `call summaries of ${summaries.reused} linted files reused, ${summaries.made} made (${share(summaries)}% reused)\n`;
  try {
    // Written at once: the process is exiting, and a stream would not be flushed.
    fs.writeSync(2, line);
  } catch {
    // No stderr to write to: nothing to say it on.
  }
}
