/**
 * What one blocking call costs, from what the code shows of its input: a key derivation by its
 * arguments (kdf-cost.js), compression by its level and, when known, its input's size (zlib-cost.js),
 * a child process by what it starts (process-cost.js), a copy per MB (file-cost.js). work-size.js
 * asks whether the whole call is cheap; report/cost-clause.js says the figure in the message. Null
 * when the code does not show what the cost depends on: the message then says no figure.
 */
import { kdfCost } from './kdf-cost.js';
import { zlibCost } from './zlib-cost.js';
import { processCost } from './process-cost.js';
import { COPY_MS_PER_MB } from './file-cost.js';

/**
 * @typedef {({ kind: 'derivation' } & import('./kdf-cost.js').KdfCost)
 *   | ({ kind: 'zlib' } & import('./zlib-cost.js').ZlibCost)
 *   | ({ kind: 'process' } & import('./process-cost.js').ProcessCost)
 *   | { kind: 'copy', msPerMB: number }} CallCost
 */

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} node the call
 * @param {{ module: string, name: string }} api
 * @returns {CallCost | null}
 */
export function callCost(sourceCode, node, api) {
  if (api.module === 'crypto') {
    const derivation = kdfCost(sourceCode, node, api.name);
    return derivation && { kind: 'derivation', ...derivation };
  }
  if (api.module === 'zlib') {
    const zlib = zlibCost(sourceCode, node, api.name);
    return zlib && { kind: 'zlib', ...zlib };
  }
  if (api.module === 'child_process') {
    const process = processCost(sourceCode, node, api.name);
    return process && { kind: 'process', ...process };
  }
  if (api.module === 'fs' && api.name === 'copyFileSync') return { kind: 'copy', msPerMB: COPY_MS_PER_MB };
  return null;
}

/**
 * Milliseconds of the whole call when the code shows everything it depends on (a derivation's
 * arguments, a compression's input size), or null. A child process's figure is only a floor, and
 * a copy's follows a file the code does not show: neither is ever taken as the whole call.
 * @param {CallCost | null} cost
 * @returns {number | null}
 */
export function wholeCallMs(cost) {
  if (cost?.kind === 'derivation') return cost.ms;
  if (cost?.kind === 'zlib') return cost.ms;
  return null;
}
