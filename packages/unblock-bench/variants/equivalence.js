import { BenchError, oneLine, throwIfAborted } from '../errors.js';
import { httpRequest } from '../run/http-request.js';
import { routeName } from '../fixture/route-name.js';

/**
 * @typedef {object} Difference
 * @property {string} request e.g. "GET /dashboard"
 * @property {string} what "status", "body" or "length"
 * @property {string} before
 * @property {string} after
 */

/**
 * @typedef {object} EquivalenceResult
 * @property {boolean} equal
 * @property {number} requests how many requests were compared
 * @property {Difference[]} differences
 */

/**
 * Sends the same requests, one at a time and in the same order, to both servers and compares
 * status and body (or only the body length, for routes marked `"compare": "length"` whose body is
 * random by design). Refusing to benchmark a fix that changes behaviour is the point.
 * A request that does not answer in time is an error naming the server and route.
 * @param {string} beforeUrl
 * @param {string} afterUrl
 * @param {Array<{ method: string, path: string, headers?: Record<string, string>, body?: string, compare?: string }>} requests
 * @param {{ timeoutMs: number, signal?: AbortSignal, labels?: [string, string] }} options
 *   labels: what to call the two servers in errors (default "before" and "after")
 * @returns {Promise<EquivalenceResult>}
 */
export async function checkEquivalence(beforeUrl, afterUrl, requests, { timeoutMs, signal, labels = ['before', 'after'] }) {
  /** @type {Difference[]} */
  const differences = [];
  // One route after another on purpose: a stateful fixture must see the same sequence twice.
  for (const route of requests) {
    throwIfAborted(signal);
    const name = routeName(route);
    // Same request to both at once; across routes the order stays the same for both servers.
    const [before, after] = await Promise.all([
      ask(beforeUrl, route, labels[0], name, timeoutMs, signal),
      ask(afterUrl, route, labels[1], name, timeoutMs, signal),
    ]);
    if (before.status !== after.status) {
      differences.push({ request: name, what: 'status', before: String(before.status), after: String(after.status) });
    } else if (route.compare === 'length') {
      if (before.body.length !== after.body.length) {
        differences.push({ request: name, what: 'length', before: `${before.body.length} bytes`, after: `${after.body.length} bytes` });
      }
    } else if (!before.body.equals(after.body)) {
      differences.push({ request: name, what: 'body', before: preview(before.body), after: preview(after.body) });
    }
  }
  return { equal: differences.length === 0, requests: requests.length, differences };
}

/**
 * Human-readable lines for a failed check.
 * @param {Difference[]} differences
 * @param {[string, string]} [labels] what to call the two servers (default "before" and "after")
 */
export function describeDifferences(differences, labels = ['before', 'after']) {
  const width = Math.max(labels[0].length, labels[1].length) + 1;
  const label = (/** @type {string} */ name) => `${name}:`.padEnd(width);
  return differences
    .map((d) => `  ${d.request}: ${d.what} differs\n    ${label(labels[0])} ${d.before}\n    ${label(labels[1])} ${d.after}`)
    .join('\n');
}

/**
 * @param {string} base
 * @param {{ method: string, path: string, headers?: Record<string, string>, body?: string }} route
 * @param {string} label
 * @param {string} name
 * @param {number} timeoutMs
 * @param {AbortSignal | undefined} signal
 */
async function ask(base, route, label, name, timeoutMs, signal) {
  try {
    return await httpRequest(base, route, { timeoutMs, signal });
  } catch (error) {
    throwIfAborted(signal);
    throw new BenchError(`equivalence check: ${name} on the ${label} server failed: ${oneLine(error)}`, {
      code: 'REQUEST_FAILED',
    });
  }
}

/**
 * The first 200 characters of a body, as text when it is text.
 * @param {Buffer} body
 */
function preview(body) {
  const text = body.toString('utf8');
  const printable = ![...text.slice(0, 200)].some((ch) => ch === '\ufffd' || ch.charCodeAt(0) < 9 || (ch.charCodeAt(0) > 13 && ch.charCodeAt(0) < 32));
  const shown = printable ? JSON.stringify(text.slice(0, 200)) : `<${body.length} bytes of binary, starts ${body.subarray(0, 16).toString('hex')}>`;
  return printable && text.length > 200 ? `${shown}… (${body.length} bytes)` : shown;
}
