/**
 * Where an import points: the project file a specifier resolves to, by
 * oxc-resolver (Node's rules, package `exports`, `tsconfig` paths, `.js`
 * imports of `.ts` sources). Packages under node_modules are not the
 * project's code and resolve to nothing here, as do declaration files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { optionalRequire } from '../bounds/optional-require.js';
import { asLinted, clearFolderLinks } from './linked-paths.js';
import { readBoundOf, lintBoundOf, boundsVersion, isWithin } from '../bounds/lint-bounds.js';
import { tsconfigWithin, forgetTsconfigs } from './tsconfig-chain.js';
import { noteInput, recordingNow } from '../cache/inputs.js';

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
const OPTIONS = {
  extensions: EXTENSIONS,
  extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'], '.cjs': ['.cts', '.cjs'] },
  conditionNames: ['node', 'import', 'require', 'default'],
  mainFields: ['module', 'main'],
};

/** @type {any} the resolver that finds each file's tsconfig by itself (no bound: a direct call) */
let resolver;
/**
 * Resolvers by the tsconfig they follow ('' for none). Each has a cache of its own: clones sharing
 * one cache (cloneWithOptions) all followed the first clone's tsconfig.
 * @type {Map<string, any>}
 */
const bounded = new Map();
/** @type {Map<string, string>} folder → the tsconfig its files follow ('' for none) */
const configOfFolder = new Map();

function getResolver() {
  if (resolver === undefined) {
    const oxc = optionalRequire('oxc-resolver');
    resolver = oxc ? new oxc.ResolverFactory({ ...OPTIONS, tsconfig: 'auto' }) : null;
  }
  return resolver;
}

/**
 * The resolver for a folder whose reads stay in `bound`: following the nearest tsconfig inside
 * it, when what that config extends stays inside it too (tsconfig-chain.js).
 * @param {string} folder
 * @param {string} bound
 */
function boundedResolver(folder, bound) {
  const oxc = optionalRequire('oxc-resolver');
  if (!oxc) return null;
  let config = configOfFolder.get(folder);
  if (config === undefined) {
    config = tsconfigWithin(folder, bound) ?? '';
    configOfFolder.set(folder, config);
  }
  let instance = bounded.get(config);
  if (!instance) {
    if (bounded.size >= 256) bounded.clear();
    instance = new oxc.ResolverFactory(config ? { ...OPTIONS, tsconfig: { configFile: config } } : OPTIONS);
    bounded.set(config, instance);
  }
  return instance;
}

/**
 * Answers by the importing file's folder, then by specifier. Two levels rather than one joined key:
 * a lint asks tens of thousands of times, nearly always something already answered, and a lookup
 * then builds no string.
 * @type {Map<string, Map<string, string | null>>}
 */
const resolved = new Map();
let resolvedCount = 0;
let knownBounds = 0;

/**
 * @param {string} fromFile absolute path of the importing file
 * @param {string} specifier
 * @returns {string | null} an absolute path inside the project, or null
 */
export function resolveImport(fromFile, specifier) {
  const target = resolveKnown(fromFile, specifier);
  // A cached scan that resolved this import is trusted later only while it resolves the same way (cache/inputs.js).
  if (recordingNow()) noteInput(['resolve', fromFile, specifier, target]);
  return target;
}

/**
 * @param {string} fromFile
 * @param {string} specifier
 * @returns {string | null}
 */
function resolveKnown(fromFile, specifier) {
  // Built-in modules and bare package names are never project code, unless
  // tsconfig paths map them (`@app/users`): only those are worth asking about.
  if (specifier.startsWith('node:')) return null;
  followBounds();

  // Node resolves a specifier from the importing file's folder, and the nearest tsconfig is the
  // folder's too: every file in a folder shares the answer.
  const folder = path.dirname(fromFile);
  const answers = resolved.get(folder);
  const known = answers?.get(specifier);
  if (known !== undefined) return known;
  const result = resolveUncached(fromFile, specifier);
  if (resolvedCount > 50_000) {
    resolved.clear();
    resolvedCount = 0;
  }
  let stored = resolved.get(folder);
  if (!stored) resolved.set(detachedCopy(folder), (stored = new Map()));
  stored.set(detachedCopy(specifier), result);
  resolvedCount++;
  return result;
}

/**
 * @param {string} fromFile
 * @param {string} specifier
 * @returns {string | null}
 */
function resolveUncached(fromFile, specifier) {
  const folder = path.dirname(fromFile);
  // A file linted from outside its lint's folder reads nothing else.
  if (lintBoundOf(fromFile) === null) return null;
  const bound = readBoundOf(fromFile);
  // The resolver reads the package.json files above the importing folder and above the file it finds,
  // and waits forever on one that is a FIFO. A relative import's folders are known before resolving.
  if (!packageFilesReadable(folder)) return null;
  if (specifier.startsWith('.')) {
    const candidate = path.resolve(folder, specifier);
    if (!candidateReadable(candidate) || !packageFilesReadable(path.dirname(candidate))) return null;
  }
  const instance = bound === null ? getResolver() : boundedResolver(folder, bound);
  if (!instance) return null;
  try {
    const target = instance.resolveFileSync(fromFile, specifier)?.path;
    if (target && !/[\\/]node_modules[\\/]/.test(target) && !/\.d\.[cm]?ts$/.test(target) && EXTENSIONS.some((ext) => target.endsWith(ext))) {
      const linted = asLinted(target, folder);
      // A tsconfig `paths` entry or a link may lead out of the lint's folder: nothing there is read.
      return bound === null || isWithin(linted, bound) ? linted : null;
    }
  } catch {
    // An import that does not resolve points at no project file.
  }
  return null;
}

/**
 * Forgets the answers given within other lint folders than the ones known now: a lint in a new
 * folder may bound files answered before. Asked before each resolution, and before answers kept
 * for the current folders are taken in (../workspace/import-map.js).
 */
export function followBounds() {
  if (knownBounds !== boundsVersion()) {
    knownBounds = boundsVersion();
    clearAnswers();
  }
}

/** @type {Map<string, boolean>} folder → whether no package.json from it upwards is anything but a regular file */
const readableFolders = new Map();

/**
 * @param {string} folder
 * @returns {boolean}
 */
function packageFilesReadable(folder) {
  let known = readableFolders.get(folder);
  if (known === undefined) {
    const parent = path.dirname(folder);
    known = packageFileReadable(path.join(folder, 'package.json')) && (parent === folder || packageFilesReadable(parent));
    readableFolders.set(folder, known);
  }
  return known;
}

/** @type {Map<string, boolean>} a relative import's target → whether a package.json inside it (if any) is a regular file */
const readableCandidates = new Map();

/**
 * Asked once per target and not once per importing folder and specifier: `../models` is imported
 * from a hundred files of Ghost.
 * @param {string} candidate
 */
function candidateReadable(candidate) {
  let known = readableCandidates.get(candidate);
  if (known === undefined) readableCandidates.set(candidate, (known = packageFileReadable(path.join(candidate, 'package.json'))));
  return known;
}

/** @param {string} file */
function packageFileReadable(file) {
  try {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    return !stat || stat.isFile() || stat.isDirectory();
  } catch {
    return true;
  }
}

/**
 * A copy of a string that shares no memory with the text it was cut from, for a cache key. A specifier read from
 * oxc-parser's AST is a slice of the whole JSON text of that file's AST (V8 slices rather than
 * copies), so keeping it as a cache key would keep every parsed file's JSON alive: 80 MB on Ghost,
 * which slowed every garbage collection of the lint run, ESLint's own parsing included.
 * @param {string} text
 */
function detachedCopy(text) {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/**
 * Every answer so far, to hand to another thread.
 * @returns {Array<[string, string, string | null]>} folder, specifier, answer
 */
export function resolutionEntries() {
  /** @type {Array<[string, string, string | null]>} */
  const entries = [];
  for (const [folder, answers] of resolved) for (const [specifier, target] of answers) entries.push([folder, specifier, target]);
  return entries;
}

/**
 * Takes answers found on another thread (the import map's) as if found here.
 * @param {Array<[string, string, string | null]>} entries
 */
export function rememberResolutions(entries) {
  for (const [folder, specifier, target] of entries) {
    let answers = resolved.get(folder);
    if (!answers) resolved.set(folder, (answers = new Map()));
    if (!answers.has(specifier)) {
      answers.set(specifier, target);
      resolvedCount++;
    }
  }
}

/** Forgets every answer: the editor calls this when files appear, move or vanish. */
export function clearResolutions() {
  clearAnswers();
  resolver?.clearCache?.();
  for (const instance of bounded.values()) instance.clearCache?.();
}

function clearAnswers() {
  resolved.clear();
  resolvedCount = 0;
  readableFolders.clear();
  readableCandidates.clear();
  configOfFolder.clear();
  forgetTsconfigs();
  clearFolderLinks();
}
