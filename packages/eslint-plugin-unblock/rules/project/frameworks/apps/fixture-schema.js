/**
 * The format of unblock-bench's `fixture.json`: its one owner. The bench validates a fixture
 * against these fields (with its own messages) and types what it loads with these types, through
 * `eslint-plugin-unblock/tooling`; the rules read only the server factory a fixture names
 * (bench-factory.js, through factoryOf). The plugin imports nothing from the bench.
 */

/** The file's name, in the fixture's folder. */
export const FIXTURE_FILE = 'fixture.json';

/** The fields a fixture.json may have, at the top, in `load`, in a route and in `ideal`. */
export const TOP_KEYS = Object.freeze(['name', 'title', 'description', 'seed', 'entry', 'export', 'kind', 'rules', 'routes', 'bystander', 'equivalence', 'threadpoolSize', 'load', 'ideal', 'expect']);
export const LOAD_KEYS = Object.freeze(['connections', 'duration', 'rounds', 'warmup']);
export const ROUTE_KEYS = Object.freeze(['method', 'path', 'headers', 'body', 'compare']);
export const IDEAL_KEYS = Object.freeze(['kind', 'tasks', 'before', 'after']);
/** @type {ReadonlyArray<IdealSpec['kind']>} */
export const IDEAL_KINDS = Object.freeze(['parallel-threadpool', 'parallel-io', 'offload', 'none']);

/**
 * @typedef {object} RouteSpec
 * @property {string} method
 * @property {string} path
 * @property {Record<string, string>} [headers]
 * @property {string} [body]
 * @property {'body' | 'length'} compare what the equivalence check compares besides the status
 */

/**
 * @typedef {object} IdealSpec
 * @property {'parallel-threadpool' | 'parallel-io' | 'offload' | 'none'} kind
 * @property {number} [tasks] independent thread-pool tasks per request (parallel-threadpool)
 * @property {number} [before] sequential waits on the critical path before the fix (parallel-io)
 * @property {number} [after] sequential waits on the critical path after the fix (parallel-io)
 */

/**
 * A fixture.json once validated, with its defaults filled in.
 * @typedef {object} FixtureSpec
 * @property {string} name
 * @property {string} title
 * @property {string} description
 * @property {string} seed
 * @property {string} entry the module the bench serves, relative to the fixture's folder
 * @property {string} export the export that is the handler (or the factory), `default` unless named
 * @property {'handler' | 'factory'} kind the export is a request handler, or a function that creates a server
 * @property {string[]} rules
 * @property {RouteSpec[]} routes
 * @property {RouteSpec | null} bystander
 * @property {RouteSpec[]} equivalence
 * @property {number} [threadpoolSize]
 * @property {Record<string, any>} load
 * @property {IdealSpec} ideal
 * @property {'nothing-to-fix' | undefined} expect a negative control: the rules must find nothing to fix, and
 *   finding nothing is then the result (anything else is measured, or is not, and says why)
 */

/**
 * The server factory a fixture.json's text names (`"kind": "factory"`, `entry`, `export`), or
 * null: no text, not JSON, not a factory fixture. Lenient on purpose: the rules only need to know
 * which export is start-up code; whether the rest is a valid fixture is the bench's to say.
 * @param {string | null} text
 * @returns {{ entry: string, exportName: string } | null}
 */
export function factoryOf(text) {
  if (text === null) return null;
  let spec;
  try {
    spec = JSON.parse(text);
  } catch {
    return null;
  }
  if (spec?.kind !== 'factory' || typeof spec.entry !== 'string' || spec.entry === '') return null;
  const exportName = spec.export === undefined ? 'default' : spec.export;
  return typeof exportName === 'string' ? { entry: spec.entry, exportName } : null;
}
