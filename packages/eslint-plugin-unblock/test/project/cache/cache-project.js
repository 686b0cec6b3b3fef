/**
 * What the persistent project cache's tests share: a copy of the project-cache fixture with an empty
 * cache folder beside it, a lint of it in a child process of its own (as CI runs `eslint` again),
 * the cache's own count of what it reused, and a rewrite a coarse file system still sees.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fixturesDir } from '../lint-fixture.js';
import { lintInChild } from '../../support/lint-in-child.js';

const CHILD = fileURLToPath(new URL('./cache-lint-child.js', import.meta.url));

/** @type {string[]} */
const made = [];

/** A new temporary folder, removed by removeTemporaries(). */
export const temporary = (/** @type {string} */ prefix) => {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  made.push(dir);
  return dir;
};

/** Removes every folder temporary() made. */
export function removeTemporaries() {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** A copy of the fixture and an empty cache folder beside it. */
export function project() {
  const dir = temporary('unblock-cache-project-');
  fs.cpSync(path.join(fixturesDir, 'project-cache'), dir, { recursive: true });
  return { dir, cache: path.join(temporary('unblock-cache-'), 'cache') };
}

/**
 * Lints the whole project in a child process with the cache in `cache` ('off': none).
 * @param {string} dir
 * @param {string} cache
 * @returns {Promise<Record<string, string[]>>} rule ids and messages per file
 */
export async function lint(dir, cache) {
  const env = cache === 'off' ? { UNBLOCK_CACHE: 'off', UNBLOCK_CACHE_DIR: undefined } : { UNBLOCK_CACHE: undefined, UNBLOCK_CACHE_DIR: cache };
  // No memory cap (lint-in-child.js caps it by default): oxc-parser's raw transfer reserves a large buffer.
  const result = await lintInChild(dir, ['.'], { env, hangGuardMs: 60_000, child: CHILD, memoryKb: 1_000_000_000 });
  assert.equal(result.status, 'done', JSON.stringify(result));
  assert.deepEqual(result.status === 'done' ? result.warnings : [], [], 'no warning');
  return result.status === 'done' ? result.reports : {};
}

/** @param {string[] | undefined} reports */
export const ruleIds = (reports) => (reports ?? []).map((report) => report.split(' ')[0]);

/** Every file under a folder (empty when it does not exist). */
export const filesUnder = (/** @type {string} */ dir) => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name)) : []);

/**
 * Removes every kept verdict (rules/verdicts/), so that the next run analyses every file and reads the
 * facts the tests of the fact cache are about; a warm run with its verdicts reads none of them.
 * @param {string} cache
 */
export function forgetVerdicts(cache) {
  for (const dir of fs.existsSync(cache) ? fs.readdirSync(cache, { recursive: true, withFileTypes: true }) : []) {
    if (dir.isDirectory() && dir.name === 'verdicts') fs.rmSync(path.join(dir.parentPath, dir.name), { recursive: true, force: true });
  }
}

/**
 * What tells that a cache entry was written again: its inode (an entry is renamed into place) and
 * its modification time to the nanosecond (a freed inode number is soon reused for the next file).
 * @param {string} file
 */
export const writeStamp = (file) => {
  const stat = fs.statSync(file, { bigint: true });
  return `${stat.ino}:${stat.mtimeNs}`;
};

/**
 * Rewrites a file, dated a few seconds later (a coarse file system would not see a change within one second).
 * @param {string} file
 * @param {string} text
 */
export function rewrite(file, text) {
  fs.writeFileSync(file, text);
  const later = new Date(Date.now() + 5000);
  fs.utimesSync(file, later, later);
}

/**
 * The cache's own count of one run (UNBLOCK_CACHE_STATS): module scans reused and made, linted files'
 * summaries reused and made.
 * @param {string} dir
 * @param {string} cache
 * @returns {Promise<number[]>}
 */
export async function cacheCounts(dir, cache) {
  const env = { UNBLOCK_CACHE: undefined, UNBLOCK_CACHE_DIR: cache, UNBLOCK_CACHE_STATS: '1' };
  const result = await lintInChild(dir, ['.'], { env, hangGuardMs: 60_000, child: CHILD, memoryKb: 1_000_000_000 });
  assert.equal(result.status, 'done', JSON.stringify(result));
  const line = result.status === 'done' ? /unblock: project cache: (\d+) module scans reused, (\d+) made and kept .*; call summaries of (\d+) linted files reused, (\d+) made/.exec(result.stderr) : null;
  assert.ok(line, 'one line on stderr');
  return line.slice(1).map(Number);
}
