/**
 * Where a linted file's project starts. Its package is the folder of the nearest package.json
 * above it, searched no higher than the lint's folder (the editor's workspace folder, the folder
 * ESLint runs in): a stray package.json in a parent folder (a home folder's) would otherwise make
 * every file under it part of the project. Its callers are looked for in the whole workspace
 * when the package is one of a monorepo's (package.json `workspaces`, pnpm-workspace.yaml): a
 * route in a sibling package may call it per request.
 */
import fs from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { lintBoundOf, lintGeneration, lintPauses, isWithin } from './lint-bounds.js';
import { readRegularFile, regularFileStat } from './read-regular-file.js';

/** A package.json or pnpm-workspace.yaml bigger than this is not read. */
const MAX_MANIFEST_BYTES = 1_000_000;

/**
 * @typedef {object} ProjectRoots
 * @property {string} packageRoot  the folder of the nearest package.json
 * @property {string} callerRoot   the workspace root when the package is one of its packages, else packageRoot
 */

/**
 * By folder. An answer holds for the rest of a file's lint, and while lints follow one another
 * without a pause (a command-line run: ../workspace/project-files.js trusts its listing the same way): the walk
 * up to the package.json was a few stats per file and rule, ~0.5% of a run on Ghost. After a pause
 * (an editor after an edit, eslint_d at its next command) it is asked of the disk again.
 * @type {Map<string, { generation: number, pauses: number, roots: ProjectRoots | null }>}
 */
const rootsByFolder = new Map();

/**
 * @param {string} file absolute path of a linted file
 * @returns {ProjectRoots | null} null when no package.json lies between it and its lint's folder
 */
export function projectRootsOf(file) {
  const bound = lintBoundOf(file);
  if (bound === null) return null;
  const folder = path.dirname(file);
  const key = `${bound ?? ''}\0${folder}`;
  const cached = rootsByFolder.get(key);
  const generation = lintGeneration();
  const pauses = lintPauses();
  if (cached && (cached.generation === generation || cached.pauses === pauses)) return cached.roots;
  const packageRoot = nearestPackage(folder, bound);
  const roots = packageRoot === null ? null : { packageRoot, callerRoot: workspaceRootOf(packageRoot, bound) ?? packageRoot };
  if (rootsByFolder.size > 10_000) rootsByFolder.clear();
  rootsByFolder.set(key, { generation, pauses, roots });
  return roots;
}

/**
 * The nearest folder upwards holding a package.json, no higher than `bound`.
 * @param {string} folder
 * @param {string | undefined} bound
 * @returns {string | null}
 */
export function nearestPackage(folder, bound) {
  for (let current = folder; ; current = path.dirname(current)) {
    if (bound !== undefined && !isWithin(current, bound)) return null;
    if (exists(path.join(current, 'package.json'))) return current;
    if (current === bound || path.dirname(current) === current) return null;
  }
}

/**
 * The folder above (or at) a package that declares it one of its workspaces.
 * @param {string} packageRoot
 * @param {string | undefined} bound
 * @returns {string | null}
 */
function workspaceRootOf(packageRoot, bound) {
  for (let current = packageRoot; ; current = path.dirname(current)) {
    if (bound !== undefined && !isWithin(current, bound)) return null;
    const globs = workspaceGlobs(current);
    if (globs !== null) {
      if (current === packageRoot) return current;
      const relative = path.relative(current, packageRoot).split(path.sep).join('/');
      return isDeclaredWorkspace(globs, relative) ? current : null;
    }
    if (current === bound || path.dirname(current) === current) return null;
  }
}

/**
 * Whether a folder (relative to the workspace root) is one of the packages the globs declare:
 * it matches a glob and no `!` glob.
 * @param {string[]} globs
 * @param {string} relative
 */
function isDeclaredWorkspace(globs, relative) {
  const matches = (/** @type {string} */ glob) => picomatch(glob.replace(/^\.\//, '').replace(/\/+$/, ''))(relative);
  const excluded = globs.filter((glob) => glob.startsWith('!')).some((glob) => matches(glob.slice(1)));
  return !excluded && globs.filter((glob) => !glob.startsWith('!')).some(matches);
}

/** @type {Map<string, { mtimeMs: number, size: number, globs: string[] | null }>} by manifest path */
const declared = new Map();

/**
 * The workspace globs a folder declares: package.json `workspaces` (a list, or `{ packages }`),
 * or pnpm-workspace.yaml `packages`; null when it declares none.
 * @param {string} folder
 * @returns {string[] | null}
 */
function workspaceGlobs(folder) {
  const fromPackage = cachedRead(path.join(folder, 'package.json'), (text) => {
    const json = parseJson(text);
    const workspaces = Array.isArray(json?.workspaces) ? json.workspaces : json?.workspaces?.packages;
    return Array.isArray(workspaces) ? workspaces.filter((glob) => typeof glob === 'string') : null;
  });
  if (fromPackage !== null) return fromPackage;
  return cachedRead(path.join(folder, 'pnpm-workspace.yaml'), pnpmPackages);
}

/**
 * @param {string} file
 * @param {(text: string) => string[] | null} read
 * @returns {string[] | null}
 */
function cachedRead(file, read) {
  const stat = regularFileStat(file);
  if (!stat) return null;
  const cached = declared.get(file);
  if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached.globs;
  const text = readRegularFile(file, MAX_MANIFEST_BYTES);
  const globs = text === null ? null : read(text);
  declared.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, globs });
  return globs;
}

/** @param {string} text */
function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The `packages:` list of a pnpm-workspace.yaml: its `- glob` items, quoted or not. Only that
 * key is read; anything else in the file is left alone.
 * @param {string} text
 * @returns {string[] | null}
 */
export function pnpmPackages(text) {
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((line) => /^packages\s*:\s*(#.*)?$/.test(line));
  if (start < 0) return null;
  /** @type {string[]} */
  const globs = [];
  for (const line of lines.slice(start + 1)) {
    if (/^\s*(#.*)?$/.test(line)) continue;
    const item = /^\s+-\s+(?:'([^']*)'|"([^"]*)"|([^\s#]+))/.exec(line);
    if (!item) break;
    globs.push(item[1] ?? item[2] ?? item[3]);
  }
  return globs;
}

/**
 * A package.json that is a FIFO or a device still marks a package folder; it is never read as one.
 * @param {string} file
 */
function exists(file) {
  return fs.existsSync(file);
}

/** Forgets every answer (the editor calls this when files change). */
export function forgetProjectRoots() {
  rootsByFolder.clear();
  declared.clear();
}
