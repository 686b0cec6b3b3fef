import { pathToFileURL } from 'node:url';
import { oneLine, throwIfAborted } from '../errors.js';
import { httpRequest } from './http-request.js';
import { startServer } from '../processes/server-process.js';
import { routeName } from '../fixture/route-name.js';

/**
 * @typedef {object} RouteFindings
 * @property {string} route e.g. "GET /users/7"
 * @property {Array<import('../variants/after-source.js').Finding>} findings the findings whose code ran while serving it
 */

/**
 * Which findings each load route's code contains, learnt by running it: a third, unmeasured copy
 * of the "before" server runs with V8 block coverage; each route is requested once, and a finding
 * belongs to the route when the statement it points at ran during that request. This follows the
 * app's real routing (Express routers, middleware, helpers in other files) without guessing from
 * paths or names. Resolves with null and the reason when the trace could not be taken: the
 * per-route figures are still measured, only the attribution is missing.
 * @param {{ fixture: import('../fixture/fixture.js').Fixture, files: Array<{ path: string, source: string }>,
 *   findings: Array<import('../variants/after-source.js').Finding & { file?: string }>, threadpoolSize: number,
 *   listenTimeout: number, requestTimeout: number, node?: import('../processes/node-runtime.js').ServerRuntime, signal?: AbortSignal }} input
 * @returns {Promise<{ routes: RouteFindings[] | null, error: string | null }>}
 */
export async function traceRouteFindings(input) {
  const { fixture, signal } = input;
  const spec = fixture.spec;
  let server;
  try {
    server = await startServer({
      label: 'traced',
      entryPath: fixture.entryPath,
      kind: spec.kind,
      exportName: spec.export,
      threadpoolSize: input.threadpoolSize,
      listenTimeout: input.listenTimeout,
      answerTimeout: input.requestTimeout,
      signal,
      trace: true,
      node: input.node,
      root: fixture.dir,
    });
    await server.coverage(); // what ran at start-up belongs to no route
    /** @type {RouteFindings[]} */
    const routes = [];
    for (const route of spec.routes) {
      throwIfAborted(signal);
      await httpRequest(server.url, route, { timeoutMs: input.requestTimeout * 1000, signal });
      const ran = await server.coverage();
      routes.push({ route: routeName(route), findings: input.findings.filter((f) => findingRan(f, input.files, ran)) });
    }
    return { routes, error: null };
  } catch (error) {
    throwIfAborted(signal);
    return { routes: null, error: oneLine(error) };
  } finally {
    await server?.stop();
  }
}

/**
 * Whether the statement a finding points at ran: the count of the innermost coverage range
 * (function or block) around its position is above zero.
 * @param {{ file?: string, line: number, column: number }} finding
 * @param {Array<{ path: string, source: string, relative?: string }>} files
 * @param {Array<{ url: string, ranges: Array<{ startOffset: number, endOffset: number, count: number }> }>} scripts
 */
export function findingRan(finding, files, scripts) {
  const file = files.find((f) => (f.relative ?? f.path) === finding.file) ?? (finding.file ? undefined : files[0]);
  if (!file) return false;
  const script = scripts.find((s) => s.url === pathToFileURL(file.path).href);
  if (!script) return false;
  const offset = offsetOf(file.source, finding.line, finding.column);
  let best = null;
  for (const range of script.ranges) {
    if (range.startOffset <= offset && offset < range.endOffset && (!best || range.endOffset - range.startOffset < best.endOffset - best.startOffset)) best = range;
  }
  return Boolean(best && best.count > 0);
}

/**
 * Character offset of an ESLint position (1-based line and column).
 * @param {string} source
 * @param {number} line
 * @param {number} column
 */
export function offsetOf(source, line, column) {
  let offset = 0;
  for (let i = 1; i < line; i += 1) {
    const next = source.indexOf('\n', offset);
    if (next === -1) break;
    offset = next + 1;
  }
  return offset + column - 1;
}
