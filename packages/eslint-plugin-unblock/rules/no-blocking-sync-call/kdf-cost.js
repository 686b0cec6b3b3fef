/**
 * What one call of Node's key-derivation functions costs, read from its arguments: whether it is cheap
 * (work-size.js), and for the report's proof how long it stalls (report/sync-message.js). A password
 * hash on a login route costs tens to hundreds of milliseconds of main thread. PBKDF2 runs its digest `iterations` times for each block of the key (a
 * block is as long as the digest's output); scrypt's work grows with N × r × p. The figures were
 * measured on this project's 2-core machine (Node 22, OpenSSL 3; medians of seven calls): they say
 * the size of the stall, not its exact length on another machine.
 */
import { getStaticValue } from '@eslint-community/eslint-utils';

/** Milliseconds of one PBKDF2 block per 100,000 iterations, by digest. */
const PBKDF2_MS_PER_100K = /** @type {Record<string, number>} */ ({ sha1: 27, sha256: 17, sha384: 56, sha512: 75 });
/** Output length of each digest in bytes: one PBKDF2 block. */
const DIGEST_BYTES = /** @type {Record<string, number>} */ ({ sha1: 20, sha256: 32, sha384: 48, sha512: 64 });
/** Milliseconds of one scrypt call at Node's defaults (N = 16384, r = 8, p = 1). */
const SCRYPT_MS_AT_DEFAULTS = 60;
const SCRYPT_DEFAULTS = { N: 16384, r: 8, p: 1 };

/**
 * @typedef {{ ms: number, text: string }} KdfCost  milliseconds of main thread per call, and how the message says it
 */

/**
 * What one `crypto.pbkdf2Sync` or `crypto.scryptSync` call costs, or null when the call does not show
 * every value its cost depends on (or is another API).
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} node the call
 * @param {string} name the API's name (`pbkdf2Sync`, `scryptSync`)
 * @returns {KdfCost | null}
 */
export function kdfCost(sourceCode, node, name) {
  if (node.type !== 'CallExpression' || node.arguments.some((/** @type {any} */ argument) => argument.type === 'SpreadElement')) return null;
  const valueOf = (/** @type {any} */ argument) => (argument ? getStaticValue(argument, sourceCode.getScope(node))?.value : undefined);
  if (name === 'pbkdf2Sync') return pbkdf2Cost(valueOf(node.arguments[2]), valueOf(node.arguments[3]), valueOf(node.arguments[4]));
  if (name === 'scryptSync') return scryptCost(node.arguments.length > 3 ? valueOf(node.arguments[3]) : {});
  return null;
}

/**
 * @param {unknown} iterations
 * @param {unknown} keyLength
 * @param {unknown} digest
 * @returns {KdfCost | null}
 */
function pbkdf2Cost(iterations, keyLength, digest) {
  if (!isPositiveInteger(iterations) || !isPositiveInteger(keyLength) || typeof digest !== 'string') return null;
  const hash = digest.toLowerCase().replace('-', '');
  const perBlock = PBKDF2_MS_PER_100K[hash];
  if (perBlock === undefined) return null;
  const blocks = Math.ceil(keyLength / DIGEST_BYTES[hash]);
  const ms = (iterations / 100_000) * perBlock * blocks;
  const keyNote = blocks > 1 ? `, ${blocks} blocks for a ${keyLength}-byte key` : '';
  return { ms, text: `${iterations.toLocaleString('en-US')} iterations of ${hash.replace('sha', 'SHA-')}${keyNote}` };
}

/**
 * @param {unknown} options scrypt's options object (`{}` when none is given)
 * @returns {KdfCost | null}
 */
function scryptCost(options) {
  if (typeof options !== 'object' || options === null) return null;
  const given = /** @type {Record<string, unknown>} */ (options);
  const N = given.N ?? given.cost ?? SCRYPT_DEFAULTS.N;
  const r = given.r ?? given.blockSize ?? SCRYPT_DEFAULTS.r;
  const p = given.p ?? given.parallelization ?? SCRYPT_DEFAULTS.p;
  if (!isPositiveInteger(N) || !isPositiveInteger(r) || !isPositiveInteger(p)) return null;
  const ms = SCRYPT_MS_AT_DEFAULTS * (N / SCRYPT_DEFAULTS.N) * (r / SCRYPT_DEFAULTS.r) * p;
  return { ms, text: `scrypt with N = ${N.toLocaleString('en-US')}, r = ${r}, p = ${p}` };
}

/**
 * @param {unknown} value
 * @returns {value is number}
 */
function isPositiveInteger(value) {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}
