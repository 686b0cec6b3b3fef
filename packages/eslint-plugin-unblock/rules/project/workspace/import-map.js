/**
 * Who imports whom in a project, from one regular-expression pass over each file and the
 * resolver: much cheaper than parsing every file, and enough to know where the callers of a
 * function can be. Read on the linting thread, or beside it (import-map-thread.js).
 */
import path from 'node:path';
import { MAX_MODULE_BYTES } from '../modules/module-cache.js';
import { readRegularFile } from '../bounds/read-regular-file.js';
import { listModules } from '../modules/folder-modules.js';
import { resolveImport, rememberResolutions, resolutionEntries, followBounds } from '../modules/resolve-import.js';
import { regularFileStat } from '../bounds/read-regular-file.js';
import { knownBounds } from '../bounds/lint-bounds.js';
import { contentHash } from '../cache/content-hash.js';
import { storeIn } from '../cache/store.js';

/** `from './x'`, `require('./x')`, `import('./x')`: the specifiers a file imports, found without parsing it. */
// One literal word before the quote (no alternatives anchored at line starts): half the time of a
// stricter pattern; the few extra strings it finds (`from 'x'` in prose) resolve to no file.
const SPECIFIER = /\b(?:from|require\s*\(|import\s*\(?)\s*(['"])([^'"\n]+)\1/g;
/** `require('./' + name)`, `require(\`./providers/${name}\`)`: a folder of the project, the module in it chosen at run time. */
const FOLDER_REQUIRE = /\brequire\s*\(\s*(?:(['"])(\.\.?\/(?:[^'"\n]*\/)?)\1\s*\+|`(\.\.?\/(?:[^`$\n]*\/)?)\$\{)/g;

/**
 * @typedef {object} ImportMapCache  where the persistent cache keeps a project's import facts (../cache/)
 * @property {string} folder   the cache folder
 * @property {string} root     the project's root
 * @property {string} layout   what decides how its imports resolve (project-layout.js)
 * @property {string[]} [stamps] each file's modification time and size as `mtimeMs:size`, as the project's listing
 *   just read them (project-files.js), in the order of the files; absent or '': stat the file here
 *
 * @typedef {object} KeptImports  what a run leaves for the next
 * @property {string} layout
 * @property {Record<string, [number, number, string | null, string[] | null]>} files  file → its modification
 *   time and size when read, the hash of its text and the specifiers found in it (null: not read: not a
 *   regular file, or too big)
 * @property {Array<[string, string, string | null]>} resolutions  folder, specifier, answer (as resolve-import.js keeps them)
 */

/**
 * @param {string[]} files
 * @param {ImportMapCache | null} [cache] where the specifiers of unchanged files and the resolutions of an unchanged
 *   layout are kept from one run to the next; null: read every file and resolve every import
 * @returns {Map<string, string[]>} file → the project files that import it
 */
export function readImportMap(files, cache = null) {
  const store = cache ? storeIn(cache.folder) : null;
  const key = cache ? contentHash(`${cache.root}\0${knownBounds().join('\0')}`) : '';
  const kept = store ? keptImports(store.read(KIND, key)) : null;
  // Resolutions depend on the files' layout, not on their text: kept while the layout is the same.
  if (kept && cache && kept.layout === cache.layout) {
    followBounds();
    rememberResolutions(kept.resolutions);
  }
  /** @type {KeptImports['files']} */
  const facts = {};
  let changed = !kept || kept.layout !== cache?.layout;
  /** @type {Map<string, string[]>} */
  const importers = new Map();
  for (const [at, file] of files.entries()) {
    const known = kept?.files[file];
    const fact = store ? factOf(file, known, cache?.stamps?.[at] || null) : null;
    if (fact) {
      facts[file] = fact;
      changed ||= fact !== known;
    }
    const specifiers = fact ? fact[3] : specifiersOf(readRegularFile(file, MAX_MODULE_BYTES));
    if (specifiers === null) continue;
    for (const specifier of specifiers) {
      // A folder required by a name known at run time: each module in it may be the one (callees/dynamic-requires.js).
      const named = specifier.endsWith('/') ? (listModules(path.resolve(path.dirname(file), specifier)) ?? []).map((name) => specifier + name) : [specifier];
      for (const each of named) {
        const target = resolveImport(file, each);
        if (!target || (target === file && each !== specifier)) continue;
        const list = importers.get(target);
        if (!list) importers.set(target, [file]);
        else if (list[list.length - 1] !== file) list.push(file);
      }
    }
  }
  changed ||= Object.keys(kept?.files ?? {}).length !== Object.keys(facts).length;
  if (store && cache && changed) store.write(KIND, key, { layout: cache.layout, files: facts, resolutions: resolutionEntries() });
  return importers;
}

const KIND = 'imports';

/**
 * The specifiers a file's text imports, in order (duplicates kept: the map is built as before).
 * @param {string | null} text
 * Folders required by a name known at run time come last, ending in `/`.
 * @returns {string[] | null}
 */
function specifiersOf(text) {
  if (text === null) return null;
  const specifiers = [...text.matchAll(SPECIFIER)].map((match) => match[2]);
  for (const match of text.matchAll(FOLDER_REQUIRE)) specifiers.push(match[2] ?? match[3]);
  return specifiers;
}

/**
 * A file's import facts: the kept ones while its modification time and size are the ones they were
 * read at, or while its text hashes the same; else read now.
 * @param {string} file
 * @param {KeptImports['files'][string] | undefined} known
 * @param {string | null} listed its stamp as the project's listing read it (`mtimeMs:size`); null: stat it now
 * @returns {KeptImports['files'][string]}
 */
function factOf(file, known, listed) {
  // The listing stat'ed every file a moment ago: the same answer, without a second stat per file.
  if (known && listed !== null && listed === `${known[0]}:${known[1]}`) return known;
  const stat = regularFileStat(file);
  if (known && stat && known[0] === stat.mtimeMs && known[1] === stat.size) return known;
  // Bundles and generated files (Ghost ships megabytes of built admin assets) call no server code
  // and are never parsed (module-cache.js): reading them cost more than all the rest together.
  // Only regular files are read: a FIFO or a link to a device under a source file's name is not code.
  const text = readRegularFile(file, MAX_MODULE_BYTES);
  const hash = text === null ? null : contentHash(text);
  if (known && known[2] === hash && stat) return [stat.mtimeMs, stat.size, hash, known[3]];
  return [stat?.mtimeMs ?? -1, stat?.size ?? -1, hash, specifiersOf(text)];
}

/**
 * @param {unknown} value
 * @returns {KeptImports | null}
 */
function keptImports(value) {
  const kept = /** @type {any} */ (value);
  return kept && typeof kept.layout === 'string' && kept.files && typeof kept.files === 'object' && Array.isArray(kept.resolutions) ? kept : null;
}
