/**
 * HTTP clients (axios, got, ky, superagent, undici): `axios.get(url)` reads, `axios.post(url, body)`
 * writes; each keeps a pool of sockets per host, so requests may overlap. A call given an options
 * object is decided by its `method` (call-classification reads it).
 */

/** @type {import('./library-api.js').LibraryApi} */
export default {
  name: 'HTTP client',
  packages: ['axios', 'got', 'ky', 'superagent', 'undici', 'node-fetch', 'ofetch', 'cross-fetch'],
  handle: 'pool',
  rootCalls: true,
  reads: ['get', 'head', 'options', 'json', 'text', 'buffer', 'blob', 'arrayBuffer'],
  writes: ['post', 'put', 'patch', 'delete', 'del'],
  modifiers: ['create', 'extend', 'set', 'query', 'accept', 'type', 'timeout', 'retry', 'auth'],
};
