/**
 * Which concurrency helper (`p-map`, `p-limit`) the package a file belongs
 * to already depends on, and which major version of it the file loads: a
 * bounded loop rewrite may use one only when it is there at run time.
 *
 * Only `dependencies` of the nearest package.json count: server code runs
 * where `npm ci --omit=dev` installed it, so a devDependency (or a copy that
 * is merely hoisted from a neighbour's dependencies) may be missing in
 * production. The version is the installed copy's when it satisfies the
 * declared range (Node's lookup order, from the package's folder upwards),
 * otherwise the declared range's single major; a range spanning several
 * majors (`*`, `>=4`, `workspace:*`) gives no answer.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import { projectRootsOf } from '../bounds/project-root.js';
import { lintBoundOf, lintGeneration, isWithin } from '../bounds/lint-bounds.js';
import { readRegularFile, regularFileStat } from '../bounds/read-regular-file.js';
import { noteInput, recordingNow } from '../cache/inputs.js';

/**
 * semver, loaded when a project first declares a helper: most lint runs never ask, and loading it
 * cost every run about 30 ms.
 * @type {typeof import('semver') | null}
 */
let semverModule = null;
const semverOf = () => (semverModule ??= /** @type {typeof import('semver')} */ (createRequire(import.meta.url)('semver')));

/** Helpers in the order a rewrite prefers them: p-map maps a list directly. */
export const HELPER_NAMES = /** @type {const} */ (['p-map', 'p-limit']);

/** A package.json bigger than this is not read. */
const MAX_MANIFEST_BYTES = 1_000_000;

/**
 * @typedef {(typeof HELPER_NAMES)[number]} HelperName
 *
 * @typedef {object} DeclaredHelper
 * @property {HelperName} name
 * @property {number} major  the major version the file would load
 *
 * @typedef {object} PackageFacts
 * @property {'module' | 'commonjs'} type  the package.json `type` (how Node runs its `.js` files)
 * @property {DeclaredHelper[]} helpers    runtime dependencies among HELPER_NAMES, in that order
 */

/**
 * @type {Map<string, { generation: number, mtimeMs: number, facts: PackageFacts | null }>} root and bound → its facts,
 *   checked against package.json's modification time at each new lint (an editor sees `npm install` at once)
 */
const factsByRoot = new Map();

/**
 * @param {string} file absolute path of the linted file
 * @returns {PackageFacts | null} null when no readable package.json is above the file (within its lint's folder)
 */
export function concurrencyPackagesOf(file) {
  const facts = currentFacts(file);
  // Work kept with its inputs (a file's verdicts) is trusted later only while the answer is the same.
  if (recordingNow()) noteInput(['packages', file, JSON.stringify(facts)]);
  return facts;
}

/**
 * @param {string} file
 * @returns {PackageFacts | null}
 */
function currentFacts(file) {
  const root = projectRootsOf(file)?.packageRoot ?? null;
  if (root === null) return null;
  const bound = lintBoundOf(file) ?? undefined;
  const key = `${root}\0${bound ?? ''}`;
  const generation = lintGeneration();
  const cached = factsByRoot.get(key);
  if (cached && cached.generation === generation) return cached.facts;
  const manifest = path.join(root, 'package.json');
  const mtimeMs = regularFileStat(manifest)?.mtimeMs ?? -1;
  if (cached && cached.mtimeMs === mtimeMs) {
    cached.generation = generation;
    return cached.facts;
  }
  const facts = mtimeMs < 0 ? null : readFacts(root, manifest, bound);
  factsByRoot.set(key, { generation, mtimeMs, facts });
  return facts;
}

/**
 * @param {string} root
 * @param {string} manifest
 * @param {string | undefined} bound the folder reads stay in
 * @returns {PackageFacts | null}
 */
function readFacts(root, manifest, bound) {
  const json = readJson(manifest);
  if (json === null || typeof json !== 'object') return null;
  const dependencies = json.dependencies && typeof json.dependencies === 'object' ? json.dependencies : {};
  /** @type {DeclaredHelper[]} */
  const helpers = [];
  for (const name of HELPER_NAMES) {
    const range = dependencies[name];
    if (typeof range !== 'string') continue;
    const major = loadedMajor(root, name, range, bound);
    if (major !== null) helpers.push({ name, major });
  }
  return { type: json.type === 'module' ? 'module' : 'commonjs', helpers };
}

/**
 * The major version `require`/`import` of `name` would load from the package at `root`.
 * @param {string} root
 * @param {string} name
 * @param {string} range as declared
 * @param {string} [bound] the folder reads stay in: copies installed above it are not looked at
 * @returns {number | null}
 */
export function loadedMajor(root, name, range, bound) {
  const semver = semverOf();
  const validRange = semver.validRange(range);
  if (validRange === null) return null;
  const installed = installedVersion(root, name, bound);
  if (installed !== null && semver.satisfies(installed, validRange, { includePrerelease: true })) return semver.major(installed);
  // Not installed, or a stale copy the next `npm ci` replaces: the declared range decides.
  const lowest = semver.minVersion(validRange);
  if (lowest === null) return null;
  const sameMajor = `>=${lowest.major}.0.0-0 <${lowest.major + 1}.0.0-0`;
  return semver.subset(validRange, sameMajor, { includePrerelease: true }) ? lowest.major : null;
}

/**
 * The version of the first `node_modules/<name>` Node would find from `root` upwards (no higher than `bound`).
 * @param {string} root
 * @param {string} name
 * @param {string | undefined} bound
 */
function installedVersion(root, name, bound) {
  const semver = semverOf();
  const lookup = createRequire(path.join(root, 'package.json')).resolve.paths(name) ?? [];
  for (const folder of lookup) {
    if (bound !== undefined && !isWithin(folder, bound)) break;
    const json = readJson(path.join(folder, name, 'package.json'));
    if (json === null) continue;
    return typeof json.version === 'string' && semver.valid(json.version) ? json.version : null;
  }
  return null;
}

/** @param {string} file */
function readJson(file) {
  const text = readRegularFile(file, MAX_MANIFEST_BYTES);
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Forgets every answer (through forgetProjectFile, when the editor saves a file such as package.json). */
export function forgetConcurrencyPackages() {
  factsByRoot.clear();
}
