/**
 * `res.json()` after `const res = await fetch(…)` in the same function:
 * reading the body of a response already requested.
 */
import { methodBase } from '../body-calls/method-base.js';

/** Methods of a fetch Response that read its body. */
const RESPONSE_BODY_READS = new Set(['json', 'text', 'arrayBuffer', 'blob', 'formData', 'bytes']);

/** @type {import('../body-calls/call-effect.js').EvidenceSource} */
export default {
  name: 'response-body',
  evidenceOf(site) {
    const method = methodBase(site);
    if (method?.local !== 'response' || method.name === null || !RESPONSE_BODY_READS.has(method.name)) return null;
    return { kind: 'read', io: true, reads: [], writes: [] };
  },
};
