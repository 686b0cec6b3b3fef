import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { BenchError } from './errors.js';
import { FIXTURE_FILE, TOP_KEYS, LOAD_KEYS, ROUTE_KEYS, IDEAL_KEYS, IDEAL_KINDS } from 'eslint-plugin-unblock/tooling';
import { KNOWN_RULES, normalizeRules } from './options.js';

/**
 * The fixture.json format is the plugin's (its one owner: the rules read the server factory a
 * fixture names); this module validates a fixture against it, with the bench's messages.
 * @typedef {import('eslint-plugin-unblock/tooling').RouteSpec} RouteSpec
 * @typedef {import('eslint-plugin-unblock/tooling').IdealSpec} IdealSpec
 * @typedef {import('eslint-plugin-unblock/tooling').FixtureSpec} FixtureSpec
 */

/**
 * @typedef {object} Fixture
 * @property {string} dir absolute fixture directory
 * @property {string} entryPath absolute path of the module the servers import
 * @property {string} source the entry module's text ("before")
 * @property {FixtureSpec} spec
 */

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

/**
 * Reads and validates a fixture directory (or its fixture.json). Every problem is a one-line
 * BenchError with code FIXTURE_NOT_FOUND or FIXTURE_INVALID naming the file and the field.
 * @param {string} location
 * @returns {Promise<Fixture>}
 */
export async function loadFixture(location) {
  if (typeof location !== 'string' || location.trim() === '') {
    throw new BenchError('fixture path must be a non-empty string', { code: 'FIXTURE_NOT_FOUND' });
  }
  let dir = path.resolve(location);
  const info = await stat(dir).catch(() => null);
  if (!info) throw new BenchError(`fixture not found: ${location}`, { code: 'FIXTURE_NOT_FOUND' });
  if (info.isFile()) {
    if (path.basename(dir) !== FIXTURE_FILE) {
      throw new BenchError(`a fixture is a directory with a fixture.json, got the file ${location}`, {
        code: 'FIXTURE_NOT_FOUND',
      });
    }
    dir = path.dirname(dir);
  }
  const jsonPath = path.join(dir, FIXTURE_FILE);
  const text = await readFile(jsonPath, 'utf8').catch(() => null);
  if (text === null) throw new BenchError(noFixtureJsonMessage(location), { code: 'FIXTURE_NOT_FOUND' });
  let raw;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new BenchError(`${jsonPath} is not valid JSON: ${error.message}`, { code: 'FIXTURE_INVALID' });
  }
  const spec = validateSpec(raw, jsonPath, path.basename(dir));
  const entryPath = path.resolve(dir, spec.entry);
  if (path.relative(dir, entryPath).startsWith('..')) {
    invalid(jsonPath, `"entry" must stay inside the fixture directory, got ${JSON.stringify(spec.entry)}`);
  }
  const source = await readFile(entryPath, 'utf8').catch(() => null);
  if (source === null) invalid(jsonPath, `"entry" file not found: ${spec.entry}`);
  return { dir, entryPath, source, spec };
}

/**
 * What to do about a folder without a fixture.json: write one (the smallest that works, and where
 * the fields are explained) or benchmark a single function instead.
 * @param {string} location
 */
export function noFixtureJsonMessage(location) {
  const minimal = JSON.stringify({ entry: 'server.js', rules: KNOWN_RULES, routes: ['/'] });
  return `no fixture.json in ${location}: write one next to the module that exports your request handler, e.g. ${minimal} (fields in docs/bench.md#fixturejson), or benchmark one function with --function <file:LINE>`;
}

/**
 * Pure validation of the parsed fixture.json, exported for tests.
 * @param {unknown} raw
 * @param {string} file shown in errors
 * @param {string} fallbackName used when "name" is absent
 * @returns {FixtureSpec}
 */
export function validateSpec(raw, file, fallbackName) {
  if (!isObject(raw)) invalid(file, 'must contain a JSON object');
  unknownKeys(raw, TOP_KEYS, file, '');
  const name = optionalString(raw, 'name', file) ?? fallbackName;
  if (!/^[\w.-]+$/.test(name)) invalid(file, `"name" may hold letters, digits, ".", "_" and "-" only, got ${JSON.stringify(name)}`);
  const entry = requiredString(raw, 'entry', file);
  const kind = raw.kind ?? 'handler';
  if (kind !== 'handler' && kind !== 'factory') {
    invalid(file, `"kind" must be "handler" (exports a request handler) or "factory" (exports a function that creates a server), got ${JSON.stringify(kind)}`);
  }
  if (!Array.isArray(raw.rules) || raw.rules.length === 0) {
    invalid(file, `"rules" must list at least one of ${KNOWN_RULES.join(', ')}`);
  }
  let rules;
  try {
    rules = normalizeRules(raw.rules);
  } catch (error) {
    invalid(file, `"rules": ${error.message.replace(/^--rule: /, '')}`);
  }
  if (!Array.isArray(raw.routes) || raw.routes.length === 0) invalid(file, '"routes" must list at least one route to load');
  const routes = raw.routes.map((/** @type {unknown} */ r, /** @type {number} */ i) => route(r, file, `routes[${i}]`));
  const bystander = raw.bystander === undefined ? null : route(raw.bystander, file, 'bystander');
  const equivalence =
    raw.equivalence === undefined
      ? []
      : Array.isArray(raw.equivalence)
        ? raw.equivalence.map((/** @type {unknown} */ r, /** @type {number} */ i) => route(r, file, `equivalence[${i}]`))
        : invalid(file, '"equivalence" must be a list of routes');
  let threadpoolSize;
  if (raw.threadpoolSize !== undefined) {
    if (!Number.isInteger(raw.threadpoolSize) || raw.threadpoolSize < 1 || raw.threadpoolSize > 1024) {
      invalid(file, `"threadpoolSize" must be a whole number from 1 to 1024, got ${JSON.stringify(raw.threadpoolSize)}`);
    }
    threadpoolSize = raw.threadpoolSize;
  }
  const load = raw.load ?? {};
  if (!isObject(load)) invalid(file, '"load" must be an object');
  if (raw.expect !== undefined && raw.expect !== 'nothing-to-fix') {
    invalid(file, `"expect" can only be "nothing-to-fix" (a negative control: the rules must find nothing), got ${JSON.stringify(raw.expect)}`);
  }
  unknownKeys(load, LOAD_KEYS, file, 'load.');
  return {
    name,
    title: optionalString(raw, 'title', file) ?? name,
    description: optionalString(raw, 'description', file) ?? '',
    seed: optionalString(raw, 'seed', file) ?? '',
    entry,
    export: optionalString(raw, 'export', file) ?? 'default',
    kind,
    rules,
    routes,
    bystander,
    equivalence,
    threadpoolSize,
    load,
    ideal: ideal(raw.ideal, file),
    expect: raw.expect,
  };
}

/**
 * @param {unknown} value
 * @param {string} file
 * @param {string} where
 * @returns {RouteSpec}
 */
function route(value, file, where) {
  const obj = typeof value === 'string' ? { path: value } : value;
  if (!isObject(obj)) invalid(file, `"${where}" must be a path string or an object with "path"`);
  unknownKeys(obj, ROUTE_KEYS, file, `${where}.`);
  if (typeof obj.path !== 'string' || !obj.path.startsWith('/')) {
    invalid(file, `"${where}.path" must be a string starting with "/", got ${JSON.stringify(obj.path)}`);
  }
  const method = obj.method === undefined ? 'GET' : String(obj.method).toUpperCase();
  if (!METHODS.includes(method)) invalid(file, `"${where}.method" must be one of ${METHODS.join(', ')}, got ${JSON.stringify(obj.method)}`);
  if (obj.headers !== undefined && (!isObject(obj.headers) || Object.values(obj.headers).some((v) => typeof v !== 'string'))) {
    invalid(file, `"${where}.headers" must map header names to strings`);
  }
  if (obj.body !== undefined && typeof obj.body !== 'string') invalid(file, `"${where}.body" must be a string`);
  const compare = obj.compare ?? 'body';
  if (compare !== 'body' && compare !== 'length') invalid(file, `"${where}.compare" must be "body" or "length", got ${JSON.stringify(compare)}`);
  return { method, path: obj.path, headers: obj.headers, body: obj.body, compare };
}

/**
 * @param {unknown} value
 * @param {string} file
 * @returns {IdealSpec}
 */
function ideal(value, file) {
  if (value === undefined) return { kind: 'none' };
  if (!isObject(value)) invalid(file, '"ideal" must be an object such as { "kind": "parallel-io", "before": 6, "after": 1 }');
  unknownKeys(value, IDEAL_KEYS, file, 'ideal.');
  if (!IDEAL_KINDS.includes(value.kind)) invalid(file, `"ideal.kind" must be one of ${IDEAL_KINDS.join(', ')}, got ${JSON.stringify(value.kind)}`);
  for (const key of ['tasks', 'before', 'after']) {
    if (value[key] !== undefined && (!Number.isInteger(value[key]) || value[key] < 1)) {
      invalid(file, `"ideal.${key}" must be a whole number of at least 1, got ${JSON.stringify(value[key])}`);
    }
  }
  if (value.kind === 'parallel-threadpool' && value.tasks === undefined) invalid(file, '"ideal.tasks" is required for kind "parallel-threadpool"');
  if (value.kind === 'parallel-io' && (value.before === undefined || value.after === undefined)) {
    invalid(file, '"ideal.before" and "ideal.after" (waits on the critical path) are required for kind "parallel-io"');
  }
  return { kind: value.kind, tasks: value.tasks, before: value.before, after: value.after };
}

/**
 * @param {Record<string, any>} obj
 * @param {readonly string[]} allowed
 * @param {string} file
 * @param {string} prefix
 */
function unknownKeys(obj, allowed, file, prefix) {
  const extra = Object.keys(obj).find((key) => !allowed.includes(key));
  if (extra !== undefined) invalid(file, `unknown field "${prefix}${extra}" (allowed: ${allowed.join(', ')})`);
}

/**
 * @param {Record<string, any>} obj
 * @param {string} key
 * @param {string} file
 */
function requiredString(obj, key, file) {
  if (typeof obj[key] !== 'string' || obj[key].trim() === '') invalid(file, `"${key}" must be a non-empty string`);
  return obj[key];
}

/**
 * @param {Record<string, any>} obj
 * @param {string} key
 * @param {string} file
 * @returns {string | undefined}
 */
function optionalString(obj, key, file) {
  if (obj[key] === undefined) return undefined;
  if (typeof obj[key] !== 'string') invalid(file, `"${key}" must be a string`);
  return obj[key];
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, any>}
 */
function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * @param {string} file
 * @param {string} message
 * @returns {never}
 */
function invalid(file, message) {
  throw new BenchError(`${file}: ${message}`, { code: 'FIXTURE_INVALID' });
}
