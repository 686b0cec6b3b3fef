/**
 * Who imports whom in a project, from one regular-expression pass over each file and the
 * resolver: much cheaper than parsing every file, and enough to know where the callers of a
 * function can be. Read on the linting thread, or beside it (import-map-thread.js).
 */
import { MAX_MODULE_BYTES } from './module-cache.js';
import { readRegularFile } from './read-regular-file.js';
import { resolveImport } from './resolve-import.js';

/** `from './x'`, `require('./x')`, `import('./x')`: the specifiers a file imports, found without parsing it. */
// One literal word before the quote (no alternatives anchored at line starts): half the time of a
// stricter pattern; the few extra strings it finds (`from 'x'` in prose) resolve to no file.
const SPECIFIER = /\b(?:from|require\s*\(|import\s*\(?)\s*(['"])([^'"\n]+)\1/g;

/**
 * @param {string[]} files
 * @returns {Map<string, string[]>} file → the project files that import it
 */
export function readImportMap(files) {
  /** @type {Map<string, string[]>} */
  const importers = new Map();
  for (const file of files) {
    // Bundles and generated files (Ghost ships megabytes of built admin assets) call no server code
    // and are never parsed (module-cache.js): reading them cost more than all the rest together.
    // Only regular files are read: a FIFO or a link to a device under a source file's name is not code.
    const text = readRegularFile(file, MAX_MODULE_BYTES);
    if (text === null) continue;
    for (const [, , specifier] of text.matchAll(SPECIFIER)) {
      const target = resolveImport(file, specifier);
      if (!target) continue;
      const list = importers.get(target);
      if (!list) importers.set(target, [file]);
      else if (list[list.length - 1] !== file) list.push(file);
    }
  }
  return importers;
}
