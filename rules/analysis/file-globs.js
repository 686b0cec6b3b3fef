/**
 * Which files a rule looks at, by glob: test files are not on a request
 * path, scripts and migrations run once.
 */
import { minimatch } from 'minimatch';
import path from 'node:path';

/** Test files: waiting in sequence there costs nothing a user of the server feels. */
export const testFileGlobs = Object.freeze([
  '**/test/**',
  '**/tests/**',
  '**/__tests__/**',
  '**/*-tests/**',
  '**/e2e/**',
  '**/*.{test,spec}.*',
]);

/**
 * Whether ESLint's file name matches one of the globs, taken relative to
 * ESLint's working directory (absolute when the file lies outside it).
 * @param {string} filename as ESLint gives it
 * @param {string} cwd
 * @param {ReadonlyArray<string>} globs
 */
export function fileMatches(filename, cwd, globs) {
  if (!filename || globs.length === 0 || filename.startsWith('<')) return false;
  const relative = path.isAbsolute(filename) ? path.relative(cwd, filename) : filename;
  const candidate = (relative.startsWith('..') ? filename : relative).split(path.sep).join('/');
  return globs.some((glob) => minimatch(candidate, glob, { dot: true }));
}
