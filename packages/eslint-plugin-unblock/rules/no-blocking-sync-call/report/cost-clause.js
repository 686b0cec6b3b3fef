/**
 * A call's cost in the words of the blocking message, from the numbers call-cost.js finds: what the
 * figure is per (a call, a MB of input or output, a MB copied), at which setting, and, for a child
 * process, that it is only the start. The analysis never words its figures; this file never
 * measures.
 */
import { durationText } from './duration-text.js';

/** @typedef {import('../call-cost.js').CallCost} CallCost */

/**
 * ` (about 14 ms per MB of input)`: the clause the message puts after "on the main thread" (or
 * after its reason when it names no thread), or '' when there is no figure.
 * @param {CallCost | null} cost
 * @returns {string}
 */
export function costClause(cost) {
  if (!cost) return '';
  switch (cost.kind) {
    case 'derivation':
      return ` (${cost.text}: about ${durationText(cost.ms)} per call)`;
    case 'zlib':
      return ` (${zlibText(cost)})`;
    case 'process':
      return ` (starting ${cost.shell ? 'a shell and ' : ''}${cost.node ? 'Node' : 'a process'}: at least ${durationText(cost.ms)} per call, plus whatever the command does)`;
    case 'copy':
      return ` (about ${durationText(cost.msPerMB)} per MB copied)`;
  }
}

/**
 * @param {import('../zlib-cost.js').ZlibCost} cost
 */
function zlibText(cost) {
  if (cost.work === 'decompress') return `about ${durationText(cost.msPerMB)} per MB of output`;
  const setting = cost.setting ? `${cost.setting.name} ${cost.setting.value}` : '';
  if (cost.ms !== null && cost.bytes !== null) return `${sizeText(cost.bytes)} at ${setting}: about ${durationText(cost.ms)} per call`;
  const perMB = `about ${durationText(cost.msPerMB)} per MB of input`;
  // Brotli's default is its slowest quality: the message names a fast one.
  if (cost.faster && cost.setting) return `${setting}, brotli's default: ${perMB}; ${cost.setting.name} ${cost.faster.value} takes about ${durationText(cost.faster.msPerMB)}`;
  return cost.setting && !cost.setting.isDefault ? `${setting}: ${perMB}` : perMB;
}

/**
 * `29 bytes`, `12 KB`, `3 MB`.
 * @param {number} bytes
 */
function sizeText(bytes) {
  if (bytes < 1024) return `${bytes} byte${bytes === 1 ? '' : 's'}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${Number((bytes / (1024 * 1024)).toPrecision(2))} MB`;
}
