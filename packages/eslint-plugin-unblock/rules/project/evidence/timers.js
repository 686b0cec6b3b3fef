/**
 * A timer waits without touching anything: `new Promise((r) => setTimeout(r, 10))`
 * stands in for latency.
 */
import { WAIT } from '../body-calls/call-effect.js';

const TIMERS = new Set(['setTimeout', 'setImmediate', 'setInterval']);

/** @type {import('../body-calls/call-effect.js').EvidenceSource} */
export default {
  name: 'timers',
  evidenceOf: ({ callee, imported, context }) =>
    callee.type === 'Identifier' && TIMERS.has(callee.name) && !imported && !context.isShadowed(callee.name) ? WAIT : null,
};
