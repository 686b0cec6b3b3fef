/**
 * The table of npm packages whose synchronous functions block the event loop,
 * next to Node's own table in blocking-apis.js. Each row names the function by
 * its path in the package (`pkcs5.pbkdf2`), what one call costs, and the cure:
 *
 * - `promise`: the same package has a promise form with the same arguments and result
 *   (`bcrypt.hashSync` → `await bcrypt.hash`);
 * - `promisify`: the same function takes a callback and then does its work off the main
 *   thread (`forge.pkcs5.pbkdf2(…, cb)` calls Node's `crypto.pbkdf2`);
 * - `zlib`: `node:zlib` computes the same bytes on the libuv pool (pako);
 * - `node`: a Node core API does the same job but returns another type (crypto-js);
 * - `worker`: no asynchronous form exists; the work belongs on a worker pool (piscina);
 * - `bcryptjs`: the async form exists but is no cure (it runs the same JavaScript on the main
 *   thread, yielding only after each 100 ms of work): the report names native `bcrypt` or a
 *   worker thread, and the only rewrite is the switch to native `bcrypt` where it keeps the hash.
 *
 * Costs were measured on this project's 2-core machine (see the rule's docs page).
 */

/** @typedef {import('./blocking-apis.js').CostClass} CostClass */

/**
 * @typedef {object} PackageApi
 * @property {string} package the npm package name
 * @property {string[]} path property path from the module object to the function ([] when the module is the function)
 * @property {string} [specifier] module specifier when it is not the package name (`crypto-js/pbkdf2`)
 * @property {CostClass} cost cost of one call; `jwt` rows refine it by algorithm
 * @property {'promise' | 'promisify' | 'zlib' | 'node' | 'worker' | 'bcryptjs'} cure
 * @property {string} [async] the async export of the same package (`promise`, `bcryptjs`) or of `node:zlib` (`zlib`)
 * @property {'withoutCallback'} [when] only blocks when called without a callback
 * @property {'jwtSign' | 'jwtVerify'} [costBy] the cost depends on the algorithm option
 * @property {string} why what the call does on the main thread, for the message
 * @property {string} replacement the cure, for the message
 * @property {string} [noAsyncNote] why a form that looks asynchronous is not, for the message
 * @property {number} [workerArgs] arguments the function takes (a worker task passes at most these)
 */

const bcryptWhy = 'hashes with bcrypt on the main thread (tens of milliseconds at cost factor 10)';

/** @type {PackageApi[]} */
const rows = [
  // bcrypt (native): the promise forms run the same C++ on the libuv pool.
  { package: 'bcrypt', path: ['hashSync'], cost: 'cpu', cure: 'promise', async: 'hash', why: bcryptWhy, replacement: 'await bcrypt.hash() instead, which runs on the libuv thread pool' },
  { package: 'bcrypt', path: ['compareSync'], cost: 'cpu', cure: 'promise', async: 'compare', why: bcryptWhy, replacement: 'await bcrypt.compare() instead, which runs on the libuv thread pool' },
  // 16 random bytes and some base64: microseconds.
  { package: 'bcrypt', path: ['genSaltSync'], cost: 'cheap', cure: 'promise', async: 'genSalt', why: 'draws a salt on the main thread', replacement: 'await bcrypt.genSalt() instead' },

  // bcryptjs (pure JavaScript): its async forms run the same work on the main thread, yielding
  // only after each 100 ms of it (report/bcryptjs-message.js says what that means at the call's cost factor).
  { package: 'bcryptjs', path: ['hashSync'], cost: 'cpu', cure: 'bcryptjs', async: 'hash', why: 'hashes with bcrypt in JavaScript on the main thread', replacement: "native bcrypt's hash() (the same hash, computed on the libuv thread pool)" },
  { package: 'bcryptjs', path: ['compareSync'], cost: 'cpu', cure: 'bcryptjs', async: 'compare', why: 'checks the password with bcrypt in JavaScript on the main thread', replacement: "native bcrypt's compare() (on the libuv thread pool; unlike bcryptjs it rejects PHP's $2y$ hashes)" },
  // Its async forms (promise or callback) are no cure either: the same work on the main thread, in 100 ms slices.
  { package: 'bcryptjs', path: ['hash'], cost: 'cpu', cure: 'bcryptjs', async: 'hash', why: 'hashes with bcrypt in JavaScript on the main thread', replacement: "native bcrypt's hash() (the same hash, computed on the libuv thread pool)" },
  { package: 'bcryptjs', path: ['compare'], cost: 'cpu', cure: 'bcryptjs', async: 'compare', why: 'checks the password with bcrypt in JavaScript on the main thread', replacement: "native bcrypt's compare() (on the libuv thread pool; unlike bcryptjs it rejects PHP's $2y$ hashes)" },
  { package: 'bcryptjs', path: ['genSaltSync'], cost: 'cheap', cure: 'bcryptjs', async: 'genSalt', why: 'draws a salt on the main thread (microseconds)', replacement: "native bcrypt's genSalt() along with its hash(): the hash is what blocks" },

  // crypto-js has no async form at all; Node's pbkdf2 runs on the pool but returns a Buffer, not a WordArray.
  ...[{ path: ['PBKDF2'] }, { path: [], specifier: 'crypto-js/pbkdf2' }].map((where) => ({
    package: 'crypto-js',
    ...where,
    cost: /** @type {const} */ ('cpu'),
    cure: /** @type {const} */ ('node'),
    why: 'derives the key in JavaScript on the main thread (about 75 ms for 1,000 iterations)',
    replacement: 'await promisify(crypto.pbkdf2)() from node:crypto instead, which runs on the libuv thread pool (it resolves to a Buffer, not a WordArray)',
  })),

  // node-forge: with a callback and a digest named by string, it calls Node's crypto.pbkdf2 (on the pool).
  ...[['pkcs5', 'pbkdf2'], ['pbkdf2']].map((path) => ({
    package: 'node-forge',
    path,
    cost: /** @type {const} */ ('cpu'),
    cure: /** @type {const} */ ('promisify'),
    when: /** @type {const} */ ('withoutCallback'),
    why: 'derives the key on the main thread',
    replacement: `its callback form instead, await promisify(forge.${path.join('.')})(), which runs Node's crypto.pbkdf2 on the libuv thread pool`,
  })),

  // pako: node:zlib produces the same bytes (tested in test/fix/package-async.semantic.test.js) on the pool.
  // pako.inflate and pako.ungzip read both zlib and gzip data, as zlib.unzip does.
  ...[['gzip', 'gzip', 'compresses'], ['deflate', 'deflate', 'compresses'], ['deflateRaw', 'deflateRaw', 'compresses'], ['inflate', 'unzip', 'decompresses'], ['ungzip', 'unzip', 'decompresses'], ['inflateRaw', 'inflateRaw', 'decompresses']].map(([name, async, verb]) => ({
    package: 'pako',
    path: [name],
    cost: /** @type {const} */ ('cpu'),
    cure: /** @type {const} */ ('zlib'),
    async,
    why: `${verb} in JavaScript on the main thread`,
    replacement: `await promisify(zlib.${async})() from node:zlib instead, which runs on the libuv thread pool`,
  })),

  // jsonwebtoken: asymmetric signing is an RSA/EC private-key operation; the callback form still signs on the main thread.
  { package: 'jsonwebtoken', path: ['sign'], cost: 'cpu', cure: 'worker', costBy: 'jwtSign', workerArgs: 3, why: 'signs with a private key on the main thread (about 1.4 ms for RS256 with a 2048-bit key, more for larger keys)', noAsyncNote: ' (its callback form signs on the main thread too, one tick later)', replacement: 'jose, whose WebCrypto signing runs on the libuv thread pool' },
  { package: 'jsonwebtoken', path: ['verify'], cost: 'cheap', cure: 'worker', costBy: 'jwtVerify', workerArgs: 3, why: 'verifies the signature on the main thread (about 0.15 ms for RS256)', noAsyncNote: ' (its callback form verifies on the main thread too, one tick later)', replacement: 'jose, whose WebCrypto verification runs on the libuv thread pool' },

  // papaparse: CSV ⇄ JSON transforms of whole data sets, with no asynchronous form in Node.
  { package: 'papaparse', path: ['unparse'], cost: 'cpu', cure: 'worker', workerArgs: 2, why: 'turns the whole data set into CSV on the main thread (about 150 ms for 20,000 rows)', replacement: '' },
  { package: 'papaparse', path: ['parse'], cost: 'cpu', cure: 'worker', workerArgs: 2, why: 'parses the whole CSV text on the main thread', replacement: '' },
];

/** @type {ReadonlyArray<PackageApi>} */
export const packageApis = Object.freeze(rows.map((row) => Object.freeze(row)));

export const packageNames = /** @type {const} */ (['bcrypt', 'bcryptjs', 'crypto-js', 'node-forge', 'pako', 'jsonwebtoken', 'papaparse']);

/** @param {PackageApi} api `bcrypt.hashSync`, `crypto-js/pbkdf2` */
export function packageApiName(api) {
  return api.path.length === 0 ? api.specifier ?? api.package : `${api.package}.${api.path.join('.')}`;
}

/**
 * Algorithms whose signatures are private-key operations. RSA signing costs about ten times
 * ECDSA or EdDSA signing, and verification costs little for all of them (measured: RS256 sign
 * 1.4 ms, verify 0.15 ms; ES256 sign 0.15 ms, verify 0.2 ms).
 */
export const expensiveSignAlgorithms = /^(RS|PS)(256|384|512)$/;
export const asymmetricAlgorithms = /^((RS|PS|ES)(256|384|512)|ES256K|EdDSA)$/;
