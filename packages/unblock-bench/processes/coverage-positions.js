/**
 * V8's coverage counts code as it runs: under tsx that is esbuild's output, not the file. The route
 * trace matches findings to coverage by the file's own offsets (route-trace.js), so a server run
 * with tsx maps each range back through the inline source map tsx gives every module. Loaded by
 * server-host.js only.
 */
import { readFile } from 'node:fs/promises';
import nodeModule from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * @typedef {{ startOffset: number, endOffset: number, count: number }} Range
 * @typedef {{ url: string, scriptId: string, ranges: Range[] }} Script
 */

/**
 * The scripts' ranges in their files' own offsets. A range whose ends have no place in the file
 * (esbuild's helpers) is left out; a script without a source map is kept as it is (tsx passed it
 * through unchanged: plain JavaScript).
 * @param {import('node:inspector/promises').Session} session with the Debugger domain enabled
 * @param {Script[]} scripts
 * @returns {Promise<Array<{ url: string, ranges: Range[] }>>}
 */
export async function inFilePositions(session, scripts) {
  const mapped = [];
  for (const script of scripts) {
    const map = nodeModule.findSourceMap(script.url);
    if (!map) {
      mapped.push({ url: script.url, ranges: script.ranges });
      continue;
    }
    const [{ scriptSource }, text] = await Promise.all([session.post('Debugger.getScriptSource', { scriptId: script.scriptId }), readFile(fileURLToPath(script.url), 'utf8')]);
    const generated = lineStarts(scriptSource);
    const original = lineStarts(text);
    /** @param {number} offset */
    const toFile = (offset) => {
      const line = lineOf(generated, offset);
      const entry = /** @type {any} */ (map.findEntry(line, offset - (generated[line] ?? 0)));
      if (typeof entry?.originalLine !== 'number' || original[entry.originalLine] === undefined) return null;
      return /** @type {number} */ (original[entry.originalLine]) + entry.originalColumn;
    };
    /** @type {Range[]} */
    const ranges = [];
    for (const range of script.ranges) {
      const start = toFile(range.startOffset);
      const end = toFile(Math.max(range.startOffset, range.endOffset - 1));
      if (start !== null && end !== null && end >= start) ranges.push({ startOffset: start, endOffset: end + 1, count: range.count });
    }
    mapped.push({ url: script.url, ranges });
  }
  return mapped;
}

/** @param {string} text @returns {number[]} the offset each line starts at */
function lineStarts(text) {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** @param {number[]} starts @param {number} offset @returns {number} the 0-based line holding offset */
function lineOf(starts, offset) {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (/** @type {number} */ (starts[mid]) <= offset) low = mid;
    else high = mid - 1;
  }
  return low;
}
