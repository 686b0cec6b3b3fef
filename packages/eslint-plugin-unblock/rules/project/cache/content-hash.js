/**
 * What the cache keys facts by: the text of a file, hashed. Two texts with the same hash are
 * taken to be the same text (SHA-1: collisions need a deliberate attack on one's own cache).
 */
import crypto from 'node:crypto';

/**
 * @param {string} text
 * @returns {string} 40 hex digits
 */
export function contentHash(text) {
  // crypto.hash (Node 21.7+) hashes in one call, without a Hash object per file.
  return typeof crypto.hash === 'function' ? crypto.hash('sha1', text) : crypto.createHash('sha1').update(text).digest('hex');
}
