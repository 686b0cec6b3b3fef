/**
 * Node's crypto and zlib: the asynchronous forms wait for the libuv thread
 * pool (a read of nothing outside: two may run together); the synchronous
 * forms and the stream factories compute on this thread.
 */
import { packageOf } from './call-effect.js';
import { importedFunctionName } from './node-function-name.js';

const THREAD_POOL_MODULES = new Set(['crypto', 'zlib']);

/** @type {import('./call-effect.js').EvidenceSource} */
export default {
  name: 'node-thread-pool',
  evidenceOf(site) {
    if (!site.source || !THREAD_POOL_MODULES.has(packageOf(site.source))) return null;
    const name = importedFunctionName(site);
    if (name == null) return null;
    const sync = /Sync$/.test(name) || /^create/.test(name);
    return { kind: sync ? 'none' : 'read', io: !sync, reads: [], writes: [] };
  },
};
