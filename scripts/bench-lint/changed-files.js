/**
 * Which file bench:lint's warm cache runs change (cache-runs.js): one nobody imports (the easy case:
 * only its own facts are stale) and the one most others import (the hard case). Imports are counted
 * by their relative specifiers, found with a regular expression and resolved as Node and bundlers do.
 */
import fs from 'node:fs';
import path from 'node:path';

/**
 * The file most other files import: changing it makes the most kept facts stale, the hard case of
 * a one-file change. Relative specifiers are resolved as Node and bundlers do (the path itself, with
 * an extension, or its index file); matching them by file name alone took NodeBB's
 * `require('../database')` (`src/database/index.js`) for `src/controllers/admin/database.js`.
 * @param {string[]} files
 */
export function mostImported(files) {
  return [...importCounts(files)].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0];
}

/**
 * How many relative imports of the other linted files name each linted file.
 * @param {string[]} files
 */
function importCounts(files) {
  const counts = new Map(files.map((file) => [file, 0]));
  for (const file of files) {
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(/(?:from|require\()\s*['"](\.[^'"]+)['"]/g)) {
      const target = importedFile(path.resolve(path.dirname(file), specifier), counts);
      if (target && target !== file) counts.set(target, (counts.get(target) ?? 0) + 1);
    }
  }
  return counts;
}

const EXTENSIONS = ['', '.js', '.ts', '.mjs', '.cjs', '.jsx', '.tsx', '.mts', '.cts'];

/**
 * The linted file a resolved specifier names, or null (a file not linted, a package's folder).
 * A `.js` specifier may name a `.ts` file (TypeScript's ES-module imports).
 * @param {string} resolved
 * @param {Map<string, number>} linted
 */
function importedFile(resolved, linted) {
  const stem = resolved.replace(/\.[cm]?js$/, '');
  const candidates = [...EXTENSIONS.map((extension) => `${resolved}${extension}`), ...EXTENSIONS.slice(1).map((extension) => `${stem}${extension}`), ...EXTENSIONS.slice(1).map((extension) => path.join(resolved, `index${extension}`))];
  return candidates.find((candidate) => linted.has(candidate)) ?? null;
}

/**
 * A linted file with awaits that no other linted file imports (the first by path), else the least imported.
 * @param {string[]} files
 */
export function leastImported(files) {
  const counts = importCounts(files);
  const withAwaits = files.filter((file) => counts.get(file) === 0 && fs.readFileSync(file, 'utf8').includes('await')).sort();
  return withAwaits[0] ?? [...counts].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))[0][0];
}
