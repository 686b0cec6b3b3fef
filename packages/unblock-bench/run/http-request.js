import http from 'node:http';

/**
 * @typedef {object} HttpResponse
 * @property {number} status
 * @property {Buffer} body
 * @property {string | undefined} contentType
 */

/**
 * One HTTP request with a hard timeout, used by the equivalence check and the bystander probe.
 * Rejects with a one-line Error on timeout, connection failure or abort.
 * @param {string} base e.g. http://127.0.0.1:1234
 * @param {{ method: string, path: string, headers?: Record<string, string>, body?: string }} route
 * @param {{ timeoutMs: number, agent?: http.Agent | false, signal?: AbortSignal }} options
 * @returns {Promise<HttpResponse>}
 */
export function httpRequest(base, route, { timeoutMs, agent = false, signal }) {
  return new Promise((resolve, reject) => {
    const url = new URL(route.path, base);
    const req = http.request(
      url,
      { method: route.method, headers: route.headers, agent, signal },
      (res) => {
        /** @type {Buffer[]} */
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), contentType: res.headers['content-type'] });
        });
        res.on('error', fail);
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    /** @param {Error} error */
    function fail(error) {
      clearTimeout(timer);
      reject(new Error(error.message.split('\n')[0]));
    }
    req.on('error', fail);
    req.end(route.body);
  });
}
