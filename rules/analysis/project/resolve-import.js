/**
 * Where an import points: the project file a specifier resolves to, by
 * oxc-resolver (Node's rules, package `exports`, `tsconfig` paths, `.js`
 * imports of `.ts` sources). Packages under node_modules are not the
 * project's code and resolve to nothing here, as do declaration files.
 */
import path from 'node:path';
import { optionalRequire } from './optional-require.js';

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

/** @type {Map<string, string | null>} */
const resolved = new Map();

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
  const key = detachedCopy(`${path.dirname(fromFile)}\0${specifier}`);
  if (resolved.has(key)) return resolved.get(key) ?? null;
  let result = null;
  const instance = getResolver();
  if (instance) {
    try {
      const answer = instance.resolveFileSync(fromFile, specifier);
      const target = answer?.path;
      if (target && !/[\\/]node_modules[\\/]/.test(target) && !/\.d\.[cm]?ts$/.test(target) && EXTENSIONS.some((ext) => target.endsWith(ext))) result = target;
    } catch {
      result = null;
    }
  }
  if (resolved.size > 50_000) resolved.clear();
  resolved.set(key, result);
  return result;
}

/**
 * A copy of a string that shares no memory with the text it was cut from. A specifier read from
 * oxc-parser's AST is a slice of the whole JSON text of that file's AST (V8 slices rather than
 * copies), so keeping it as a cache key would keep every parsed file's JSON alive: 80 MB on Ghost,
 * which slowed every garbage collection of the lint run, ESLint's own parsing included.
 * @param {string} text
 */
function detachedCopy(text) {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/** Forgets every answer: the editor calls this when files appear, move or vanish. */
export function clearResolutions() {
  resolved.clear();
  resolver?.clearCache?.();
}
