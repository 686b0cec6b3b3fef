/**
 * How much of the project cache a run used: module scans read back from it, and scans made again
 * (and then kept). With `UNBLOCK_CACHE_STATS=1` in the environment, one line on stderr says so when
 * the process exits, so that a CI job can see whether the cache it restored was used at all (a
 * cache that is restored but never matches costs its writes and saves nothing).
 */
import fs from 'node:fs';

const counts = { reused: 0, made: 0 };
let printing = false;

/**
 * Counts one module scan: read back from the cache, or made (a miss).
 * @param {boolean} reused
 */
export function countScan(reused) {
  if (reused) counts.reused++;
  else counts.made++;
  if (!printing && /^(1|true|yes|on)$/i.test(process.env.UNBLOCK_CACHE_STATS ?? '')) {
    printing = true;
    process.once('exit', printCounts);
  }
}

function printCounts() {
  const total = counts.reused + counts.made;
  const share = total === 0 ? 0 : Math.round((counts.reused / total) * 100);
  try {
    // Written at once: the process is exiting, and a stream would not be flushed.
    fs.writeSync(2, `unblock: project cache: ${counts.reused} module scans reused, ${counts.made} made and kept (${share}% reused)\n`);
  } catch {
    // No stderr to write to: nothing to say it on.
  }
}
