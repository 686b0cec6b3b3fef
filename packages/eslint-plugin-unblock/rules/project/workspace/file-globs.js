/**
 * Which files a rule looks at, by glob: test files are not on a request
 * path, scripts and migrations run once.
 */
import picomatch from 'picomatch';
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
  // Every rule asks about the same file in turn: remember the last answer per glob list.
  const last = lastAnswers.get(globs);
  if (last && last.filename === filename && last.cwd === cwd) return last.matches;
  const candidate = relativeToCwd(filename, cwd).split(path.sep).join('/');
  const matches = globs.some((glob) => compiled(glob).test(candidate));
  lastAnswers.set(globs, { filename, cwd, matches });
  return matches;
}

/**
 * The file name relative to ESLint's working directory, or as given when it
 * lies outside it (path.relative is the slow part for files inside it).
 * @param {string} filename
 * @param {string} cwd
 */
function relativeToCwd(filename, cwd) {
  if (!path.isAbsolute(filename)) return filename;
  const prefix = cwd.endsWith(path.sep) ? cwd : cwd + path.sep;
  if (filename.startsWith(prefix)) return filename.slice(prefix.length);
  const relative = path.relative(cwd, filename);
  return relative.startsWith('..') ? filename : relative;
}

/** @type {WeakMap<ReadonlyArray<string>, { filename: string, cwd: string, matches: boolean }>} */
const lastAnswers = new WeakMap();

/**
 * Compiling a glob costs far more than matching it, and this runs once per
 * linted file: compile each glob once per process.
 * @type {Map<string, RegExp>}
 */
const matchers = new Map();

/** @param {string} glob */
function compiled(glob) {
  let matcher = matchers.get(glob);
  if (!matcher) {
    // Case-insensitive: `createMigration.ts` is a migration as much as `migrations/` is.
    matcher = picomatch.makeRe(glob, { dot: true, nocase: true });
    matchers.set(glob, matcher);
  }
  return matcher;
}
