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
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import semver from 'semver';
import { projectRoot } from '../callers/callers.js';

/** Helpers in the order a rewrite prefers them: p-map maps a list directly. */
export const HELPER_NAMES = /** @type {const} */ (['p-map', 'p-limit']);

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

/** How long an answer is trusted before package.json is looked at again (an editor sees `npm install` soon). */
const RECHECK_MS = 5000;

/** @type {Map<string, { checkedAt: number, root: string | null }>} folder → the package root above it */
const rootsByDir = new Map();
/** @type {Map<string, { checkedAt: number, mtimeMs: number, facts: PackageFacts | null }>} root → its facts */
const factsByRoot = new Map();

/**
 * @param {string} file absolute path of the linted file
 * @returns {PackageFacts | null} null when no readable package.json is above the file
 */
export function concurrencyPackagesOf(file) {
  const now = Date.now();
  const dir = path.dirname(file);
  let rootEntry = rootsByDir.get(dir);
  if (!rootEntry || now - rootEntry.checkedAt >= RECHECK_MS) {
    rootEntry = { checkedAt: now, root: projectRoot(dir) };
    rootsByDir.set(dir, rootEntry);
  }
  const { root } = rootEntry;
  if (root === null) return null;

  const cached = factsByRoot.get(root);
  if (cached && now - cached.checkedAt < RECHECK_MS) return cached.facts;
  const manifest = path.join(root, 'package.json');
  let mtimeMs = -1;
  try {
    // eslint-disable-next-line unblock/no-blocking-sync-call -- ESLint rules run synchronously; this runs while linting, not serving.
    mtimeMs = fs.statSync(manifest).mtimeMs;
  } catch {
    // Gone since the root was found: no facts.
  }
  if (cached && cached.mtimeMs === mtimeMs) {
    cached.checkedAt = now;
    return cached.facts;
  }
  const facts = mtimeMs < 0 ? null : readFacts(root, manifest);
  factsByRoot.set(root, { checkedAt: now, mtimeMs, facts });
  return facts;
}

/**
 * @param {string} root
 * @param {string} manifest
 * @returns {PackageFacts | null}
 */
function readFacts(root, manifest) {
  const json = readJson(manifest);
  if (json === null || typeof json !== 'object') return null;
  const dependencies = json.dependencies && typeof json.dependencies === 'object' ? json.dependencies : {};
  /** @type {DeclaredHelper[]} */
  const helpers = [];
  for (const name of HELPER_NAMES) {
    const range = dependencies[name];
    if (typeof range !== 'string') continue;
    const major = loadedMajor(root, name, range);
    if (major !== null) helpers.push({ name, major });
  }
  return { type: json.type === 'module' ? 'module' : 'commonjs', helpers };
}

/**
 * The major version `require`/`import` of `name` would load from the package at `root`.
 * @param {string} root
 * @param {string} name
 * @param {string} range as declared
 * @returns {number | null}
 */
export function loadedMajor(root, name, range) {
  const validRange = semver.validRange(range);
  if (validRange === null) return null;
  const installed = installedVersion(root, name);
  if (installed !== null && semver.satisfies(installed, validRange, { includePrerelease: true })) return semver.major(installed);
  // Not installed, or a stale copy the next `npm ci` replaces: the declared range decides.
  const lowest = semver.minVersion(validRange);
  if (lowest === null) return null;
  const sameMajor = `>=${lowest.major}.0.0-0 <${lowest.major + 1}.0.0-0`;
  return semver.subset(validRange, sameMajor, { includePrerelease: true }) ? lowest.major : null;
}

/**
 * The version of the first `node_modules/<name>` Node would find from `root` upwards.
 * @param {string} root
 * @param {string} name
 */
function installedVersion(root, name) {
  const lookup = createRequire(path.join(root, 'package.json')).resolve.paths(name) ?? [];
  for (const folder of lookup) {
    const json = readJson(path.join(folder, name, 'package.json'));
    if (json === null) continue;
    return typeof json.version === 'string' && semver.valid(json.version) ? json.version : null;
  }
  return null;
}

/** @param {string} file */
function readJson(file) {
  try {
    // eslint-disable-next-line unblock/no-blocking-sync-call -- ESLint rules run synchronously; this runs while linting, not serving.
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Forgets every answer (through forgetProjectFile, when the editor saves a file such as package.json). */
export function forgetConcurrencyPackages() {
  rootsByDir.clear();
  factsByRoot.clear();
}
