/**
 * The three backends of the recall probe (docs/recall-probe.md) and which of their files are linted:
 * the server code, without tests, fixtures, browser code and build output. The lists are the ones
 * the probe's first round linted, so its numbers and this round's are counted on the same files.
 */
import fs from 'node:fs';
import path from 'node:path';

/**
 * @typedef {object} Backend
 * @property {string} name
 * @property {string} defaultRoot   where the probe unpacked it
 * @property {'module' | 'commonjs'} sourceType  of its `.js` files
 * @property {boolean} tsParsesJs   parse `.js` with the TypeScript parser: Reaction's plugin index files
 *   import JSON with an `assert` clause, which ESLint's default parser refuses
 * @property {(root: string) => string[]} folders  the folders (or single files) to walk, relative to the root
 * @property {string} extension
 * @property {RegExp} skip  relative paths left out
 */

/** @type {Backend[]} */
export const BACKENDS = [
  {
    name: 'apostrophe',
    defaultRoot: '/tmp/probe/apostrophe',
    sourceType: 'commonjs',
    tsParsesJs: false,
    folders: () => ['index.js', 'defaults.js', 'lib', 'modules'],
    extension: '.js',
    skip: /(^|\/)(ui|public|test|node_modules)\//,
  },
  {
    name: 'postiz',
    defaultRoot: '/tmp/probe/postiz',
    sourceType: 'module',
    tsParsesJs: false,
    folders: () => ['apps/backend/src', 'apps/orchestrator/src', 'libraries/nestjs-libraries/src', 'libraries/helpers/src'],
    extension: '.ts',
    skip: /(\.spec\.ts|\.test\.ts|\.d\.ts)$|(^|\/)node_modules\//,
  },
  {
    name: 'reaction',
    defaultRoot: '/tmp/probe/reaction',
    sourceType: 'module',
    tsParsesJs: true,
    folders: (root) => [...packageSourceFolders(root), 'apps/reaction/src'],
    extension: '.js',
    skip: /\.test\.js$|(^|\/)(__tests__|tests|node_modules)\//,
  },
];

/**
 * `packages/<name>/src` for every package of a monorepo that has one.
 * @param {string} root
 * @returns {string[]}
 */
function packageSourceFolders(root) {
  const packages = path.join(root, 'packages');
  if (!fs.existsSync(packages)) return [];
  return fs.readdirSync(packages)
    .map((name) => `packages/${name}/src`)
    .filter((folder) => fs.existsSync(path.join(root, folder)));
}

/**
 * The backend's files to lint, relative to its root, sorted.
 * @param {Backend} backend
 * @param {string} root
 * @returns {string[]}
 */
export function listBackendFiles(backend, root) {
  /** @type {string[]} */
  const files = [];
  for (const start of backend.folders(root)) walk(root, start, backend, files);
  return files.sort();
}

/**
 * @param {string} root
 * @param {string} relative
 * @param {Backend} backend
 * @param {string[]} out
 */
function walk(root, relative, backend, out) {
  const full = path.join(root, relative);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isFile()) {
    if (relative.endsWith(backend.extension) && !backend.skip.test(relative)) out.push(relative);
    return;
  }
  // A skipped folder is tested with a trailing slash, as the skip patterns name folders that way.
  if (backend.skip.test(`${relative}/`)) return;
  for (const entry of fs.readdirSync(full)) walk(root, `${relative}/${entry}`, backend, out);
}
