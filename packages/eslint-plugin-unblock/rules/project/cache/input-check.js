/**
 * Whether the inputs a kept fact was read from (inputs.js) still give the answers they gave
 * then: each module's text, each import's resolution, each dependency question. A fact is
 * used only while this holds (callers/scan-cache.js, callees/summary-cache.js).
 */
import { moduleTextHash } from '../modules/module-cache.js';
import { resolveImport } from '../modules/resolve-import.js';
import { dependsOnAny } from '../frameworks/dependencies.js';

/**
 * @param {import('./inputs.js').Input[]} inputs
 */
export function inputsHold(inputs) {
  for (const input of inputs) {
    switch (input[0]) {
      case 'module':
        if (moduleTextHash(input[1]) !== input[2]) return false;
        break;
      case 'resolve':
        if (resolveImport(input[1], input[2]) !== input[3]) return false;
        break;
      case 'depends':
        if (dependsOnAny(input[1], new Set(input[2])) !== input[3]) return false;
        break;
      default:
        return false;
    }
  }
  return true;
}
