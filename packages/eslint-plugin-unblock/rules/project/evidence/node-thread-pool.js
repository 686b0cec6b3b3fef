/**
 * Node's crypto and zlib: the asynchronous forms wait for the libuv thread
 * pool (a read of nothing outside: two may run together); the synchronous
 * forms and the stream factories compute on this thread. A hash, hmac,
 * cipher, decipher, signer or verifier made in the function only computes
 * when its own methods are called (`decipher.update(data)`,
 * `decipher.final()`), whatever their names say.
 */
import crypto from 'node:crypto';
import { PURE, packageOf } from '../body-calls/call-effect.js';
import { importedFunctionName } from '../body-calls/node-function-name.js';
import { methodBase } from '../body-calls/method-base.js';

const THREAD_POOL_MODULES = new Set(['crypto', 'zlib']);

/** The factories whose objects are read here, and the methods those objects define themselves, read from the running engine. */
const CRYPTO_OBJECT_FACTORIES = new Set(['createHash', 'createHmac', 'createCipheriv', 'createDecipheriv', 'createSign', 'createVerify']);
const cryptoObjectMethods = cryptoOwnMethods();

/** @type {import('../body-calls/call-effect.js').EvidenceSource} */
export default {
  name: 'node-thread-pool',
  evidenceOf(site) {
    if (!site.source) return methodOfCryptoObject(site);
    if (!THREAD_POOL_MODULES.has(packageOf(site.source))) return null;
    const name = importedFunctionName(site);
    if (name == null) return null;
    const sync = /Sync$/.test(name) || /^create/.test(name);
    if (packageOf(site.source) === 'crypto' && CRYPTO_OBJECT_FACTORIES.has(name)) return { kind: 'none', io: false, reads: [], writes: [], returns: 'crypto' };
    return { kind: sync ? 'none' : 'read', io: !sync, reads: [], writes: [] };
  },
};

/**
 * `decipher.final()` on a decipher made in the same function.
 * @param {import('../body-calls/call-effect.js').CallSite} site
 */
function methodOfCryptoObject(site) {
  const method = methodBase(site);
  return method?.local === 'crypto' && method.name !== null && cryptoObjectMethods.has(method.name) ? PURE : null;
}

/** @returns {Set<string>} */
function cryptoOwnMethods() {
  try {
    const key = Buffer.alloc(16);
    const samples = [
      crypto.createHash('sha256'), crypto.createHmac('sha256', key), crypto.createCipheriv('aes-128-cbc', key, key),
      crypto.createDecipheriv('aes-128-cbc', key, key), crypto.createSign('sha256'), crypto.createVerify('sha256'),
    ];
    // Own methods only: the stream methods they inherit (`pipe`, `write`) may hand data to I/O.
    return new Set(samples.flatMap((sample) => Object.getOwnPropertyNames(Object.getPrototypeOf(sample))).filter((name) => name !== 'constructor' && !name.startsWith('_')));
  } catch {
    // A Node.js built without these algorithms: no method is known to only compute.
    return new Set();
  }
}
