/**
 * The one table of Node.js APIs that block the event loop when called
 * synchronously, with the asynchronous replacement and why the two differ.
 *
 * Why it matters (see ../../../shared/seeds): the synchronous form runs on the
 * main thread, so every other request waits for it. The asynchronous form of
 * crypto, zlib and fs work runs on the libuv thread pool (4 threads unless
 * UV_THREADPOOL_SIZE says otherwise), and child processes are waited for by
 * the event loop without blocking it.
 */

/**
 * `cpu`: burns CPU for milliseconds (key derivation, compression, key/prime generation).
 * `io`: waits on the disk. `process`: waits for a whole child process.
 * `cheap`: microseconds in practice; silent unless `includeCheap`.
 * @typedef {'cpu' | 'io' | 'process' | 'cheap'} CostClass
 */

/**
 * How the suggestion rewrites a call:
 * `promises`: `await <fs/promises>.<async>(args)` (same arguments, same result);
 * `promisify`: `await promisify(<module>.<async>)(args)`;
 * `stdout`: `(await promisify(<module>.<async>)(args with encoding)).stdout`;
 * `none`: the async API returns something else, so only the report is given.
 * @typedef {'promises' | 'promisify' | 'stdout' | 'none'} FixKind
 */

/**
 * @typedef {object} BlockingApi
 * @property {'crypto' | 'zlib' | 'fs' | 'child_process'} module
 * @property {string} name exported name of the blocking function
 * @property {string} async exported name of the non-blocking function
 * @property {string} replacement human-readable replacement for the message
 * @property {CostClass} cost
 * @property {FixKind} fix
 * @property {'pool' | 'process' | 'main'} asyncRunsOn where the async form does the work
 * @property {'withoutCallback'} [when] only blocks when called without a callback
 * @property {'size' | 'buffer'} [sizeArg] the argument that sets how much work is done
 */

/** @type {Array<Omit<BlockingApi, 'replacement' | 'asyncRunsOn'> & { replacement?: string }>} */
const rows = [
  // crypto: CPU-bound work that the callback form runs on the libuv pool.
  { module: 'crypto', name: 'pbkdf2Sync', async: 'pbkdf2', cost: 'cpu', fix: 'promisify' },
  { module: 'crypto', name: 'scryptSync', async: 'scrypt', cost: 'cpu', fix: 'promisify' },
  { module: 'crypto', name: 'hkdfSync', async: 'hkdf', cost: 'cpu', fix: 'promisify' },
  { module: 'crypto', name: 'generateKeyPairSync', async: 'generateKeyPair', cost: 'cpu', fix: 'promisify' },
  { module: 'crypto', name: 'generateKeySync', async: 'generateKey', cost: 'cpu', fix: 'promisify' },
  { module: 'crypto', name: 'generatePrimeSync', async: 'generatePrime', cost: 'cpu', fix: 'promisify' },
  { module: 'crypto', name: 'checkPrimeSync', async: 'checkPrime', cost: 'cpu', fix: 'promisify' },
  { module: 'crypto', name: 'randomFillSync', async: 'randomFill', cost: 'cpu', fix: 'promisify', sizeArg: 'buffer' },
  { module: 'crypto', name: 'randomBytes', async: 'randomBytes', cost: 'cpu', fix: 'promisify', when: 'withoutCallback', sizeArg: 'size' },
  // randomInt draws from a small cached entropy buffer: microseconds per call.
  { module: 'crypto', name: 'randomInt', async: 'randomInt', cost: 'cheap', fix: 'promisify', when: 'withoutCallback' },

  // zlib: compression is CPU work; the callback forms run on the pool.
  ...['gzip', 'gunzip', 'deflate', 'inflate', 'deflateRaw', 'inflateRaw', 'unzip', 'brotliCompress', 'brotliDecompress', 'zstdCompress', 'zstdDecompress'].map(
    (base) => /** @type {const} */ ({ module: 'zlib', name: `${base}Sync`, async: base, cost: 'cpu', fix: 'promisify' }),
  ),

  // fs: disk waits. Path-based calls have an fs/promises twin with the same result.
  ...['access', 'appendFile', 'chmod', 'chown', 'copyFile', 'cp', 'lchmod', 'lchown', 'link', 'lstat', 'lutimes', 'mkdir', 'mkdtemp', 'opendir', 'readdir', 'readFile', 'readlink', 'realpath', 'rename', 'rm', 'rmdir', 'stat', 'statfs', 'symlink', 'truncate', 'unlink', 'utimes', 'writeFile'].map(
    (base) => /** @type {const} */ ({
      module: 'fs',
      name: `${base}Sync`,
      async: base,
      cost: 'io',
      fix: 'promises',
      // Measured on the template fixture: for a small file read per request, the async read costs
      // more than the sync one (0.30x); reading it once is the fix a reviewer wants first.
      ...(base === 'readFile' ? { replacement: 'a read cached at start-up, or await fs.promises.readFile()' } : {}),
    }),
  ),
  // fd-based calls: fs/promises works on FileHandles, so keep the callback API and promisify it.
  ...['open', 'close', 'fchmod', 'fchown', 'fdatasync', 'fstat', 'fsync', 'ftruncate', 'futimes', 'glob'].map(
    (base) => /** @type {const} */ ({ module: 'fs', name: `${base}Sync`, async: base, cost: 'io', fix: 'promisify' }),
  ),
  // These resolve to a different shape ({ bytesRead, buffer }) than the sync return value.
  ...['read', 'write', 'readv', 'writev'].map(
    (base) => /** @type {const} */ ({ module: 'fs', name: `${base}Sync`, async: base, cost: 'io', fix: 'none' }),
  ),
  // A single stat of a cached inode; there is no boolean async twin (fs.exists is deprecated).
  { module: 'fs', name: 'existsSync', async: 'access', cost: 'cheap', fix: 'none', replacement: 'fs.promises.access() (rejects when missing)' },

  // child_process: the sync forms freeze the whole process until the child exits.
  { module: 'child_process', name: 'execSync', async: 'exec', cost: 'process', fix: 'stdout' },
  { module: 'child_process', name: 'execFileSync', async: 'execFile', cost: 'process', fix: 'stdout' },
  { module: 'child_process', name: 'spawnSync', async: 'spawn', cost: 'process', fix: 'none', replacement: "child_process.spawn() and its 'close' event" },
];

/** @param {BlockingApi['module']} module */
function asyncRunsOn(module) {
  return module === 'child_process' ? 'process' : 'pool';
}

/** @type {ReadonlyArray<BlockingApi>} */
export const blockingApis = Object.freeze(
  rows.map((row) =>
    Object.freeze({
      ...row,
      asyncRunsOn: asyncRunsOn(row.module),
      replacement: row.replacement ?? defaultReplacement(row),
    }),
  ),
);

/** @param {{ module: string, async: string, fix: FixKind }} row */
function defaultReplacement(row) {
  if (row.fix === 'promises') return `await fs.promises.${row.async}()`;
  if (row.fix === 'stdout') return `await promisify(${row.module}.${row.async})() and its stdout`;
  if (row.fix === 'promisify') return `await promisify(${row.module}.${row.async})()`;
  return `${row.module}.${row.async}() with a callback`;
}

export const moduleGroups = /** @type {const} */ (['crypto', 'zlib', 'fs', 'child_process']);

/** @type {Map<string, Map<string, BlockingApi>>} */
const byModule = new Map();
for (const api of blockingApis) {
  let group = byModule.get(api.module);
  if (!group) byModule.set(api.module, (group = new Map()));
  group.set(api.name, api);
}

/**
 * @param {string} module module name without the `node:` prefix
 * @param {string} name
 * @returns {BlockingApi | undefined}
 */
export function findBlockingApi(module, name) {
  return byModule.get(module)?.get(name);
}
