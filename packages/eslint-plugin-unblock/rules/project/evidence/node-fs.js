/**
 * Node's fs: the functions that only look (stat, readFile, readdir …) read
 * files, every other one writes (writeFile, rename, mkdir …), sync or not.
 */
import { packageOf } from '../body-calls/call-effect.js';
import { importedFunctionName } from '../body-calls/node-function-name.js';

/** fs functions that only look (each also as `…Sync`). */
const FS_READS = new Set([
  'access', 'exists', 'stat', 'lstat', 'fstat', 'statfs', 'readFile', 'readdir', 'readlink', 'realpath', 'read',
  'readv', 'opendir', 'createReadStream', 'watch', 'watchFile',
]);

/** @type {import('../body-calls/call-effect.js').EvidenceSource} */
export default {
  name: 'node-fs',
  evidenceOf(site) {
    if (!site.source || packageOf(site.source) !== 'fs') return null;
    const name = importedFunctionName(site);
    if (name == null) return null;
    const read = FS_READS.has(name.replace(/Sync$/, ''));
    return { kind: read ? 'read' : 'write', io: true, reads: read ? ['fs'] : [], writes: read ? [] : ['fs'], evidence: `fs.${name}` };
  },
};
