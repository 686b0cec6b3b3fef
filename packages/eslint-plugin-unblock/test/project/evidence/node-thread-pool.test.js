import assert from 'node:assert/strict';
import nodeThreadPool from '../../../rules/project/evidence/node-thread-pool.js';
import { sourceSays } from './call-site.js';

describe('evidence: crypto and zlib on the thread pool', () => {
  it('the asynchronous forms wait for the pool and touch nothing', () => {
    assert.deepEqual(sourceSays(nodeThreadPool, "import crypto from 'crypto';\nfunction target(p, s) { return crypto.pbkdf2(p, s, 1e5, 64, 'sha512', () => {}); }"), {
      kind: 'read', io: true, reads: [], writes: [],
    });
  });

  it('the synchronous forms and stream factories compute on this thread', () => {
    assert.equal(sourceSays(nodeThreadPool, "import { scryptSync } from 'node:crypto';\nfunction target(p, s) { return scryptSync(p, s, 64); }")?.io, false);
    assert.equal(sourceSays(nodeThreadPool, "import zlib from 'zlib';\nfunction target() { return zlib.createGzip(); }")?.kind, 'none');
  });

  // Found in a decrypt helper: `decipher.update(data)` reads as a write by its name, but only computes.
  it('the own methods of a cipher, hash or hmac made here compute', () => {
    const made = (call) => `import crypto from 'node:crypto';\nfunction target(key, iv, data) { const decipher = crypto.createDecipheriv('aes-256-cbc', key, iv); return ${call}; }`;
    assert.equal(sourceSays(nodeThreadPool, made('decipher.update(data)'))?.kind, 'none');
    assert.equal(sourceSays(nodeThreadPool, made('decipher.final()'))?.io, false);
    // Inherited stream methods may hand the data to I/O.
    assert.equal(sourceSays(nodeThreadPool, made('decipher.pipe(data)')), null);
    // A decipher handed in is someone else's.
    assert.equal(sourceSays(nodeThreadPool, 'function target(decipher, data) { return decipher.update(data); }'), null);
  });

  it('says nothing about other modules', () => {
    assert.equal(sourceSays(nodeThreadPool, "import bcrypt from 'bcrypt';\nfunction target(p) { return bcrypt.hash(p, 10); }"), null);
  });
});
