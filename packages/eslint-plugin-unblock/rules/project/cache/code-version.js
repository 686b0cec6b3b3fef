/**
 * What the cached facts were computed by: this plugin's analysis code and the native parser and
 * resolver it ran with. Facts written by any other version are never read (they live in another
 * folder of the cache), so an upgrade, or an edit of the rules while developing them, starts cold.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { contentHash } from './content-hash.js';

/** Bumped when the layout of the cache's files changes. */
export const CACHE_FORMAT = 1;

/**
 * The sources' hash, written here by the published bundle's build (scripts/bundle.js), which
 * ships no rules/ folder to hash; null when the rules run from their sources.
 * @type {string | null}
 */
const BUNDLED_SOURCES_ID = null;

/** @type {string | undefined} */
let version;

/**
 * A short name for the code that computes facts: the cache format, a hash of every source file
 * of the rules and the versions of oxc-parser and oxc-resolver.
 * @returns {string}
 */
export function codeVersion() {
  version ??= `v${CACHE_FORMAT}-${contentHash([BUNDLED_SOURCES_ID ?? sourcesId(), ...nativeVersions()].join('\0')).slice(0, 16)}`;
  return version;
}

/**
 * A hash of every source file of the rules: what the bundle's build writes into BUNDLED_SOURCES_ID.
 * @returns {string}
 */
export function sourcesId() {
  return contentHash(sourcesOf(rulesFolder()).join('\0'));
}

function rulesFolder() {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
}

/**
 * Every .js file under the rules folder: its path (relative) and its text's hash, in a fixed order.
 * @param {string} root
 * @returns {string[]}
 */
function sourcesOf(root) {
  /** @type {string[]} */
  const parts = [];
  /** @param {string} dir */
  const visit = (dir) => {
    let entries;
    try {
       
      entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.isFile() && entry.name.endsWith('.js')) {
        try {
           
          parts.push(`${path.relative(root, full)}:${contentHash(fs.readFileSync(full, 'utf8'))}`);
        } catch {
          parts.push(`${path.relative(root, full)}:?`);
        }
      }
    }
  };
  visit(root);
  return parts;
}

/** @returns {string[]} */
function nativeVersions() {
  const require = createRequire(import.meta.url);
  return ['oxc-parser', 'oxc-resolver'].map((name) => {
    try {
      return `${name}@${require(`${name}/package.json`).version}`;
    } catch {
      return `${name}@none`;
    }
  });
}
