// Pure helpers behind the benchmark commands: the latency models offered in the quick pick,
// the bench options taken from the settings, guesses about a fixture-style module, and the
// fixture.json that names a file as its entry.
import path from 'node:path';

/** Latency models for "Benchmark this function" (the harness simulates the awaited calls). */
export const LATENCY_CHOICES = [
  { label: 'I/O, 10 ms per call', detail: 'Database or HTTP calls that wait on the network (the default).', model: { kind: 'io', ms: 10 } },
  { label: 'I/O, 50 ms per call', detail: 'Slower remote services.', model: { kind: 'io', ms: 50 } },
  { label: 'I/O, 1 ms per call', detail: 'A local cache or a fast database on the same host.', model: { kind: 'io', ms: 1 } },
  { label: 'Thread pool, 25 ms per call', detail: 'crypto, zlib or fs work on the libuv thread pool (UV_THREADPOOL_SIZE threads).', model: { kind: 'threadpool', ms: 25 } },
];

/**
 * The runner options from the settings; unset ones are left to the fixture or the runner.
 * @param {import('../settings.js').BenchSettings} bench
 */
export function benchOptions(bench) {
  /** @type {Record<string, unknown>} */
  const options = {};
  if (bench.duration !== undefined) options.duration = bench.duration;
  if (bench.connections !== undefined) options.connections = bench.connections;
  if (bench.rounds !== undefined) options.rounds = bench.rounds;
  if (bench.threadPoolSize !== undefined) options.threadpoolSize = bench.threadPoolSize;
  return options;
}

/**
 * Names a module exports, read from its text (a guess for the quick pick; the runner checks).
 * @param {string} source
 * @returns {string[]}
 */
export function exportedNames(source) {
  const names = new Set();
  if (/^\s*export\s+default\b/m.test(source) || /module\.exports\s*=/.test(source)) names.add('default');
  for (const match of source.matchAll(/^\s*export\s+(?:async\s+)?(?:function\*?|const|let|var|class)\s+([\w$]+)/gm)) names.add(match[1]);
  for (const match of source.matchAll(/^\s*export\s*\{([^}]*)\}/gm)) {
    for (const part of match[1].split(',')) {
      const name = part.trim().split(/\s+as\s+/).pop()?.trim();
      if (name) names.add(name);
    }
  }
  for (const match of source.matchAll(/\bexports\.([\w$]+)\s*=/g)) names.add(match[1]);
  return [...names];
}

/**
 * Whether an export looks like a server factory rather than a request handler.
 * @param {string} name
 */
export function looksLikeFactory(name) {
  return /^(create|make|build|start)|server$|^app$/i.test(name);
}

/**
 * A fixture spec for a module that has no fixture.json: one GET route, no bystander.
 * @param {{ name: string, entry: string, exportName: string, kind: 'handler' | 'factory', route: string, rules: string[] }} input
 */
export function adHocFixtureSpec({ name, entry, exportName, kind, route, rules }) {
  return {
    name: name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'module',
    title: `${entry} (${exportName}, ${kind})`,
    description: `Benchmarked from VS Code: GET ${route} against the ${kind} exported as ${exportName}.`,
    seed: 'vscode',
    entry,
    export: exportName,
    kind,
    rules,
    routes: [{ method: 'GET', path: route }],
    ideal: { kind: 'none' },
  };
}

/**
 * The label a fixture gets in the quick pick.
 * @param {{ name?: string, title?: string }} spec
 * @param {string} folderName
 */
export function fixtureLabel(spec, folderName) {
  return spec.title ? `${spec.name ?? folderName}: ${spec.title}` : spec.name ?? folderName;
}

/**
 * Whether a parsed fixture.json is the bench's (other tools have fixture.json files too).
 * @param {unknown} spec
 * @returns {spec is { entry: string, routes: unknown[], name?: string, title?: string, description?: string }}
 */
export function isBenchFixture(spec) {
  const value = /** @type {any} */ (spec);
  return typeof value?.entry === 'string' && Array.isArray(value.routes);
}

/**
 * The folder of the fixture.json that names `file` as its entry: the file's own folder or any
 * folder above it up to `stopDir` (the workspace folder), so a fixture.json at the project root
 * that names `src/app.ts` is found from src/app.ts. Undefined when none does.
 * @param {string} file absolute path
 * @param {string} stopDir the highest folder to look in
 * @param {(jsonPath: string) => Promise<unknown>} readJson a fixture.json's parsed content, undefined when absent or unreadable
 * @returns {Promise<string | undefined>}
 */
export async function owningFixtureDir(file, stopDir, readJson) {
  const inside = (/** @type {string} */ dir) => !path.relative(stopDir, dir).startsWith('..') && !path.isAbsolute(path.relative(stopDir, dir));
  for (let dir = path.dirname(file); inside(dir); dir = path.dirname(dir)) {
    const spec = await readJson(path.join(dir, 'fixture.json'));
    if (isBenchFixture(spec) && path.resolve(dir, spec.entry) === file) return dir;
    if (dir === stopDir || path.dirname(dir) === dir) break;
  }
  return undefined;
}
