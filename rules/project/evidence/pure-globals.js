/**
 * JavaScript's own globals that only compute (`JSON`, `Math`, `Number`,
 * `structuredClone`), when the file does not bind the name itself.
 */
import { isPureGlobal } from '../callees/builtins.js';
import { PURE } from './call-effect.js';

/** @type {import('./call-effect.js').EvidenceSource} */
export default {
  name: 'pure-globals',
  evidenceOf: ({ root, imported, context }) =>
    root?.type === 'Identifier' && !imported && !context.isShadowed(root.name) && isPureGlobal(root.name) ? PURE : null,
};
