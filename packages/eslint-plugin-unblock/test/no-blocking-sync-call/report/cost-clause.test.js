/**
 * The words of a cost (#41, cost): report/cost-clause.js turns the numbers of call-cost.js into the
 * aside the message carries, and says nothing when there is no figure.
 */
import assert from 'node:assert/strict';
import { costClause } from '../../../rules/no-blocking-sync-call/report/cost-clause.js';

/** @type {import('../../../rules/no-blocking-sync-call/zlib-cost.js').ZlibCost} */
const compressUnknown = { work: 'compress', setting: { name: 'level', value: 6, isDefault: true }, msPerMB: 15, bytes: null, ms: null, faster: null };

describe('cost-clause: a measured cost in the message\'s words', () => {
  it('no cost, no words', () => {
    assert.equal(costClause(null), '');
  });

  it('compression: per MB of input, the setting named only when it is not the default', () => {
    assert.equal(costClause({ kind: 'zlib', ...compressUnknown }), ' (about 15 ms per MB of input)');
    assert.equal(costClause({ kind: 'zlib', ...compressUnknown, setting: { name: 'level', value: 9, isDefault: false }, msPerMB: 41 }), ' (level 9: about 41 ms per MB of input)');
  });

  it('a known size: the whole call, with the size in bytes, KB or MB', () => {
    assert.equal(costClause({ kind: 'zlib', ...compressUnknown, bytes: 1, ms: 0.02 }), ' (1 byte at level 6: about 0.02 ms per call)');
    assert.equal(costClause({ kind: 'zlib', ...compressUnknown, bytes: 40 * 1024, ms: 0.6 }), ' (40 KB at level 6: about 0.6 ms per call)');
    assert.equal(costClause({ kind: 'zlib', ...compressUnknown, bytes: 3 * 1024 * 1024, ms: 45 }), ' (3 MB at level 6: about 45 ms per call)');
  });

  it('a slow default names the faster setting', () => {
    const brotli = { ...compressUnknown, setting: { name: /** @type {const} */ ('quality'), value: 11, isDefault: true }, msPerMB: 3000, faster: { value: 4, msPerMB: 31 } };
    assert.equal(costClause({ kind: 'zlib', ...brotli }), " (quality 11, brotli's default: about 3 s per MB of input; quality 4 takes about 31 ms)");
  });

  it('decompression, a child process, a copy, a key derivation', () => {
    assert.equal(costClause({ kind: 'zlib', work: 'decompress', setting: null, msPerMB: 2.2, bytes: null, ms: null, faster: null }), ' (about 2 ms per MB of output)');
    assert.equal(costClause({ kind: 'process', ms: 2, shell: false, node: false }), ' (starting a process: at least 2 ms per call, plus whatever the command does)');
    assert.equal(costClause({ kind: 'process', ms: 2, shell: true, node: false }), ' (starting a shell and a process: at least 2 ms per call, plus whatever the command does)');
    assert.equal(costClause({ kind: 'process', ms: 36, shell: true, node: true }), ' (starting a shell and Node: at least 36 ms per call, plus whatever the command does)');
    assert.equal(costClause({ kind: 'copy', msPerMB: 1 }), ' (about 1 ms per MB copied)');
    assert.equal(costClause({ kind: 'derivation', ms: 450, text: '600,000 iterations of SHA-512' }), ' (600,000 iterations of SHA-512: about 450 ms per call)');
  });
});
