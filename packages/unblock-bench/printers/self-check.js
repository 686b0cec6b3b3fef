/**
 * The A/A self-check's closing note (`--aa`), for the terminal and the HTML report alike: whether
 * the report claimed any difference between two servers running the same code, and per route the
 * smallest difference the run could have detected. Pure.
 */
import { plural } from './format.js';

/**
 * @param {ReturnType<typeof import('../statistics/self-check.js').selfCheck>} check
 * @returns {string[]}
 */
export function selfCheckLines(check) {
  const head = check.claims === 0
    ? `A/A self-check: both servers ran the "before" code, and none of the ${plural(check.comparisons, 'comparison')} claimed a difference.`
    : `A/A self-check: both servers ran the "before" code, yet ${check.claims} of ${plural(check.comparisons, 'comparison')} claimed a difference: false claims; on this machine and at these settings, treat claims of that size as noise.`;
  const out = [head];
  for (const level of check.levels) {
    out.push(`  ${level.connections} conn, UV_THREADPOOL_SIZE=${level.threadpoolSize}:`);
    const width = Math.max(...level.items.map((i) => i.what.length));
    for (const item of level.items) {
      const said = item.claimed ? `FALSE CLAIM: ${item.verdict}` : `no difference claimed, ${item.detectableText}`;
      out.push(`    ${item.what.padEnd(width)}  ${said}`);
    }
  }
  return out;
}
