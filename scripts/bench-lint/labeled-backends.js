/**
 * The labeled JavaScript backends of ../shared/realcode (NodeBB, uptime-kuma, parse-server,
 * emailengine), as score.mjs extracts them under the system's temporary folder: their roots, the
 * files score.mjs lints in them and how their .js files are parsed (corpora.tsv).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const REALCODE = new URL('../../../shared/realcode/', import.meta.url);
const SOURCE = /\.(?:[cm]?js)$/;
/** The labeled set's JavaScript backends (the others are TypeScript, measured elsewhere). */
const JAVASCRIPT = new Set(['nodebb', 'uptime-kuma', 'parse-server', 'emailengine']);

/**
 * @typedef {object} Backend
 * @property {string} name
 * @property {string} root the extracted repository
 * @property {(root: string) => string[]} files the files score.mjs lints, under a root (the original or a copy)
 * @property {import('./eslint-runs.js').CodeRoot[]} roots
 */

/** @returns {Backend[]} the extracted JavaScript backends (none when score.mjs has not run) */
export function labeledJavaScriptBackends() {
  const table = path.join(REALCODE.pathname, 'corpora.tsv');
  const cache = path.join(os.tmpdir(), 'unblock-realcode');
  if (!fs.existsSync(table) || !fs.existsSync(cache)) return [];
  const extracted = fs.readdirSync(cache);
  /** @type {Backend[]} */
  const backends = [];
  for (const line of fs.readFileSync(table, 'utf8').trim().split('\n').slice(1)) {
    const [name, , , paths, sourceType] = line.split('\t');
    if (!JAVASCRIPT.has(name)) continue;
    const folder = extracted.find((entry) => entry.startsWith(`${name}-`));
    const root = folder ? path.join(cache, folder, name) : null;
    if (!root || !fs.existsSync(path.join(root, '.'))) continue;
    const files = (/** @type {string} */ at) => paths.split(/\s+/).flatMap((pattern) => expand(at, pattern)).sort();
    const module = /** @type {'module' | 'commonjs'} */ (sourceType === 'commonjs' ? 'commonjs' : 'module');
    backends.push({ name, root, files, roots: paths.split(/\s+/).map((pattern) => ({ dir: pattern.replace(/\/\*.*$/, ''), sourceType: module })) });
  }
  return backends;
}

/**
 * The .js files under a path pattern of corpora.tsv (`src`, `plugins/*\/server`), as score.mjs expands it.
 * @param {string} root
 * @param {string} pattern
 * @returns {string[]}
 */
function expand(root, pattern) {
  let dirs = [root];
  for (const part of pattern.split('/')) {
    dirs = dirs.flatMap((dir) => (part === '*' ? subfolders(dir) : [path.join(dir, part)]));
  }
  return dirs.flatMap((dir) => walk(dir));
}

/** @param {string} dir */
function subfolders(dir) {
  return fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => path.join(dir, entry.name)) : [];
}

/**
 * @param {string} dir
 * @returns {string[]}
 */
function walk(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}
