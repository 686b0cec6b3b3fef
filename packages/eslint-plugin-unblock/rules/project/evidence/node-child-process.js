/**
 * Node's child_process: starting a process is a write (it can do anything),
 * and it waits on something outside this one.
 */
import { packageOf } from '../body-calls/call-effect.js';
import { importedFunctionName } from '../body-calls/node-function-name.js';

/** @type {import('../body-calls/call-effect.js').EvidenceSource} */
export default {
  name: 'node-child-process',
  evidenceOf(site) {
    if (!site.source || packageOf(site.source) !== 'child_process') return null;
    const name = importedFunctionName(site);
    if (name == null) return null;
    return { kind: 'write', io: true, reads: [], writes: ['process'], evidence: `child_process.${name}` };
  },
};
