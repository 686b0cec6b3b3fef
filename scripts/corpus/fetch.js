#!/usr/bin/env node
/**
 * The pinned real server corpus: downloads (npm pack), unpacks and lists the server-side source
 * files of the packages in corpora.js. Idempotent: a package already unpacked at its pinned version
 * is reused; an interrupted unpack never looks complete (it is unpacked aside, then renamed).
 *
 * Usage: node scripts/corpus/fetch.js [ghost|directus|strapi|typescript|<name> ...] [--cache DIR]
 *   (no name: ghost, directus, strapi; `typescript`: the TypeScript-only @strapi packages too)
 * Library: `await ensureCorpus('ghost')` then `listSourceFiles('ghost')`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import picomatch from 'picomatch';
import { CORPORA, MAX_SOURCE_BYTES, TYPESCRIPT_ONLY_CORPORA, corpusByName } from './corpora.js';
import { rebuildTypeScriptFromMaps } from './source-maps.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Inside the gitignored .cache/ folder of the repository. */
export const DEFAULT_CACHE = path.join(repoRoot, '.cache', 'corpus');
const REBUILT_TS = 'src-from-maps';
const REBUILT_MARKER = '.complete';

/**
 * @param {string} name a corpus name from corpora.js
 * @param {string} [cacheDir]
 * @returns {string} the unpacked package/ folder
 */
export function packageDir(name, cacheDir = DEFAULT_CACHE) {
  return path.join(cacheDir, corpusByName(name).dir, 'package');
}

/**
 * @param {string} dir
 * @returns {string | undefined}
 */
function installedVersion(dir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

/**
 * Makes sure the pinned package is unpacked in the cache (downloading it with `npm pack` when not),
 * and, for packages whose source maps carry their TypeScript, that it is rebuilt.
 * @param {string} name
 * @param {{ cacheDir?: string, log?: (line: string) => void }} [options]
 * @returns {string} the unpacked package/ folder
 */
export function ensureCorpus(name, { cacheDir = DEFAULT_CACHE, log = () => {} } = {}) {
  const corpus = corpusByName(name);
  const version = corpus.spec.slice(corpus.spec.lastIndexOf('@') + 1);
  const target = path.join(cacheDir, corpus.dir);
  if (installedVersion(path.join(target, 'package')) !== version) {
    fs.mkdirSync(cacheDir, { recursive: true });
    const tarball = path.join(cacheDir, `${corpus.dir}.tgz`);
    if (!fs.existsSync(tarball)) {
      log(`npm pack ${corpus.spec}`);
      const [packed] = JSON.parse(execFileSync('npm', ['pack', corpus.spec, '--json', '--pack-destination', cacheDir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
      if (path.join(cacheDir, packed.filename) !== tarball) fs.renameSync(path.join(cacheDir, packed.filename), tarball);
    }
    const staging = `${target}.partial`;
    fs.rmSync(staging, { recursive: true, force: true });
    fs.mkdirSync(staging, { recursive: true });
    try {
      log(`unpacking ${path.basename(tarball)}`);
      execFileSync('tar', ['-xzf', tarball, '-C', staging], { stdio: 'ignore' });
      if (installedVersion(path.join(staging, 'package')) !== version) throw new Error(`${tarball} is not ${corpus.spec}`);
      fs.rmSync(target, { recursive: true, force: true });
      fs.renameSync(staging, target);
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
    }
  }
  const rebuilt = path.join(target, REBUILT_TS);
  if (corpus.typeScriptFromMaps && !fs.existsSync(path.join(rebuilt, REBUILT_MARKER))) {
    log(`rebuilding ${corpus.name}'s TypeScript from its source maps`);
    fs.rmSync(rebuilt, { recursive: true, force: true });
    rebuildTypeScriptFromMaps(path.join(target, 'package'), rebuilt);
    fs.writeFileSync(path.join(rebuilt, REBUILT_MARKER), '');
  }
  return path.join(target, 'package');
}

/**
 * @param {string} root
 * @param {string[]} include
 * @param {string[]} exclude
 * @returns {string[]} absolute paths of matching files no larger than MAX_SOURCE_BYTES, sorted
 */
function selectFiles(root, include, exclude) {
  if (include.length === 0) return [];
  const included = picomatch(include, { dot: true });
  const excluded = picomatch(exclude, { dot: true });
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => {
      const relative = path.relative(root, file).split(path.sep).join('/');
      return included(relative) && !excluded(relative) && fs.statSync(file).size <= MAX_SOURCE_BYTES;
    })
    .sort();
}

/**
 * The server-side source files of an unpacked corpus (call ensureCorpus first).
 * @param {string} name
 * @param {{ cacheDir?: string }} [options]
 * @returns {string[]} absolute paths, sorted
 */
export function listSourceFiles(name, { cacheDir = DEFAULT_CACHE } = {}) {
  const corpus = corpusByName(name);
  return selectFiles(packageDir(name, cacheDir), corpus.include, corpus.exclude);
}

/**
 * The TypeScript rebuilt from a corpus's source maps (empty when it ships none).
 * @param {string} name
 * @param {{ cacheDir?: string }} [options]
 * @returns {string[]} absolute paths, sorted
 */
export function listRebuiltTypeScript(name, { cacheDir = DEFAULT_CACHE } = {}) {
  const corpus = corpusByName(name);
  const rebuilt = path.join(cacheDir, corpus.dir, REBUILT_TS);
  if (!corpus.typeScriptFromMaps || !fs.existsSync(rebuilt)) return [];
  return selectFiles(rebuilt, ['**/*.ts', '**/*.tsx'], corpus.exclude);
}

/** @param {string[]} files */
function countLines(files) {
  return files.reduce((sum, file) => sum + fs.readFileSync(file, 'utf8').split('\n').length, 0);
}

function main() {
  const args = process.argv.slice(2);
  const cacheIndex = args.indexOf('--cache');
  const cacheDir = cacheIndex === -1 ? DEFAULT_CACHE : path.resolve(args[cacheIndex + 1]);
  const names = args.filter((arg, index) => !arg.startsWith('--') && (cacheIndex === -1 || index !== cacheIndex + 1));
  const expanded = names.flatMap((name) => (name === 'typescript' ? TYPESCRIPT_ONLY_CORPORA.map((corpus) => corpus.name) : [name]));
  for (const name of expanded.length > 0 ? expanded : CORPORA.map((corpus) => corpus.name)) {
    const dir = ensureCorpus(name, { cacheDir, log: (line) => console.error(`  ${line}`) });
    const files = listSourceFiles(name, { cacheDir });
    const rebuilt = listRebuiltTypeScript(name, { cacheDir });
    const extra = rebuilt.length > 0 ? `; ${rebuilt.length} TypeScript files rebuilt from source maps (${countLines(rebuilt).toLocaleString('en')} lines)` : '';
    console.log(`${corpusByName(name).spec}: ${files.length} files to lint, ${countLines(files).toLocaleString('en')} lines in ${dir}${extra}`);
  }
}

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    console.error(`corpus: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
