/**
 * A key derivation's report says what one call costs at the arguments it is given (#41, cost): PBKDF2
 * by iterations, digest and key length, scrypt by N, r and p. Without every value, no figure.
 */
import assert from 'node:assert/strict';
import { lintWith } from '../support/apply-suggestions.js';

/**
 * The blocking reports in a login route whose body answers `line`.
 * @param {string} line
 * @param {string} [before] module-level code
 * @param {object} [options] the rule's options
 */
function reportsFor(line, before = '', options = undefined) {
  const code = `import express from 'express';
import crypto from 'node:crypto';
${before}
const app = express();
app.post('/login', (req, res) => {
  res.send(${line});
});`;
  return lintWith(code, { rule: 'no-blocking-sync-call', options });
}

/**
 * The message of the one blocking report in such a route.
 * @param {string} line
 * @param {string} [before]
 */
function messageFor(line, before = '') {
  const messages = reportsFor(line, before);
  assert.equal(messages.length, 1, JSON.stringify(messages));
  return messages[0].message;
}

describe('no-blocking-sync-call: what a key derivation costs', () => {
  it('does not report one that takes under a tenth of a millisecond, unless includeCheap', () => {
    const line = `crypto.pbkdf2Sync(req.body.token, 'salt', 100, 32, 'sha256')`;
    assert.deepEqual(reportsFor(line), []);
    assert.match(reportsFor(line, '', { includeCheap: true })[0]?.message ?? '', /100 iterations of SHA-256: about 0\.02 ms per call/);
    // 4,000 iterations take about 0.7 ms: the bench's Express fixture measures what moving that off the loop gains.
    assert.match(messageFor(`crypto.pbkdf2Sync(req.body.token, 'salt', 4000, 32, 'sha256')`), /4,000 iterations of SHA-256: about 0\.7 ms per call/);
  });

  it('PBKDF2: iterations of the digest, one block when the key is as long as the digest', () => {
    const message = messageFor(`crypto.pbkdf2Sync(req.body.password, req.body.salt, 600000, 64, 'sha512')`);
    assert.match(message, /computes on the main thread \(600,000 iterations of SHA-512: about 450 ms per call\) and stalls/);
  });

  it('PBKDF2: a key longer than the digest takes one run per block, with values from constants', () => {
    const message = messageFor(`crypto.pbkdf2Sync(req.body.password, SALT, ROUNDS, KEY_BYTES, DIGEST)`, `const ROUNDS = 310_000;\nconst KEY_BYTES = 64;\nconst DIGEST = 'SHA-256';\nconst SALT = 'pepper';`);
    assert.match(message, /\(310,000 iterations of SHA-256, 2 blocks for a 64-byte key: about 105 ms per call\)/);
  });

  it('scrypt: N, r and p, Node\'s defaults where the options leave them out', () => {
    assert.match(messageFor(`crypto.scryptSync(req.body.password, 'salt', 64)`), /\(scrypt with N = 16,384, r = 8, p = 1: about 60 ms per call\)/);
    assert.match(messageFor(`crypto.scryptSync(req.body.password, 'salt', 64, { N: 32768, maxmem: 64 * 1024 * 1024 })`), /\(scrypt with N = 32,768, r = 8, p = 1: about 120 ms per call\)/);
  });

  it('says no figure when a value depends on the request or the digest is not one it measured', () => {
    assert.doesNotMatch(messageFor(`crypto.pbkdf2Sync(req.body.password, 'salt', req.body.rounds, 64, 'sha512')`), /iterations/);
    assert.doesNotMatch(messageFor(`crypto.pbkdf2Sync(req.body.password, 'salt', 100000, 64, 'whirlpool')`), /iterations/);
    assert.doesNotMatch(messageFor(`crypto.scryptSync(req.body.password, 'salt', 64, req.body.options)`), /scrypt with/);
  });
});
