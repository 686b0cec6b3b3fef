/**
 * Where an import points: the project file a specifier resolves to, by
 * oxc-resolver (Node's rules, package `exports`, `tsconfig` paths, `.js`
 * imports of `.ts` sources). Packages under node_modules are not the
 * project's code and resolve to nothing here, as do declaration files.
 */
import path from 'node:path';
import { optionalRequire } from './optional-require.js';
import { asLinted, clearFolderLinks } from './linked-paths.js';

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/** @type {any} */
let resolver;

function getResolver() {
  if (resolver === undefined) {
    const oxc = optionalRequire('oxc-resolver');
    resolver = oxc
      ? new oxc.ResolverFactory({
          tsconfig: 'auto',
          extensions: EXTENSIONS,
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'], '.cjs': ['.cts', '.cjs'] },
          conditionNames: ['node', 'import', 'require', 'default'],
          mainFields: ['module', 'main'],
        })
      : null;
  }
  return resolver;
}

/**
 * Answers by the importing file's folder, then by specifier. Two levels rather than one joined key:
 * a lint asks tens of thousands of times, nearly always something already answered, and a lookup
 * then builds no string.
 * @type {Map<string, Map<string, string | null>>}
 */
const resolved = new Map();
let resolvedCount = 0;

/**
 * @param {string} fromFile absolute path of the importing file
 * @param {string} specifier
 * @returns {string | null} an absolute path inside the project, or null
 */
export function resolveImport(fromFile, specifier) {
  // Built-in modules and bare package names are never project code, unless
  // tsconfig paths map them (`@app/users`): only those are worth asking about.
  if (specifier.startsWith('node:')) return null;
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
  const instance = getResolver();
  if (!instance) return null;
  try {
    const target = instance.resolveFileSync(fromFile, specifier)?.path;
    if (target && !/[\\/]node_modules[\\/]/.test(target) && !/\.d\.[cm]?ts$/.test(target) && EXTENSIONS.some((ext) => target.endsWith(ext))) {
      return asLinted(target, path.dirname(fromFile));
    }
  } catch {
    // An import that does not resolve points at no project file.
  }
  return null;
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
  resolved.clear();
  resolvedCount = 0;
  clearFolderLinks();
  resolver?.clearCache?.();
}
