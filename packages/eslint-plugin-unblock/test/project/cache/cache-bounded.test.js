/**
 * The project cache stays bounded (#45 item 7): an edit leaves entries keyed by the old text behind,
 * and 200 rounds of edits grew a cache tenfold. Before a process's first write, entries that can no
 * longer be used (a module they read is gone or has another text now) are removed, then the oldest
 * beyond the cap (UNBLOCK_CACHE_MAX_MB). A removed entry is a miss: the reports stay those of a run
 * without a cache. The stats line says the cache's size.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { filesUnder, lint, project, removeTemporaries, rewrite } from './cache-project.js';
import { lintInChild } from '../../support/lint-in-child.js';
import { contentHash } from '../../../rules/project/cache/content-hash.js';
import { pruneCacheFolder, maxCacheBytes, DEFAULT_MAX_BYTES } from '../../../rules/project/cache/prune.js';

const CHILD = fileURLToPath(new URL('./cache-lint-child.js', import.meta.url));

/**
 * Lints the project with the cache in `cache`, the stats line on, and `env` besides.
 * @param {string} dir
 * @param {string} cache
 * @param {Record<string, string>} [env]
 */
async function lintWithStats(dir, cache, env = {}) {
  const result = await lintInChild(dir, ['.'], { env: { UNBLOCK_CACHE: undefined, UNBLOCK_CACHE_DIR: cache, UNBLOCK_CACHE_STATS: '1', ...env }, hangGuardMs: 60_000, child: CHILD, memoryKb: 1_000_000_000 });
  assert.equal(result.status, 'done', JSON.stringify(result));
  return result.status === 'done' ? { reports: result.reports, stderr: result.stderr } : { reports: {}, stderr: '' };
}

/** The kept entries (not temporaries) under a cache folder. */
const entriesUnder = (/** @type {string} */ cache) => filesUnder(cache).filter((file) => file.endsWith('.json'));
const bytesOf = (/** @type {string[]} */ files) => files.reduce((sum, file) => sum + fs.statSync(file).size, 0);

/**
 * The hashes of `file` that the kept entries' inputs name.
 * @param {string} cache
 * @param {string} file
 */
function hashesNamed(cache, file) {
  const hashes = new Set();
  for (const entry of entriesUnder(cache)) {
    const inputs = JSON.parse(fs.readFileSync(entry, 'utf8')).value?.inputs ?? [];
    for (const input of inputs) if (['module', 'name', 'shape'].includes(input[0]) && input[1] === file) hashes.add(input[2]);
  }
  return hashes;
}

describe('project cache: bounded', function () {
  this.timeout(120_000);
  after(removeTemporaries);

  it('removes the entries an edit left unusable, and the reports stay those of a run without a cache', async () => {
    const { dir, cache } = project();
    const passwords = path.join(dir, 'passwords.js');
    const original = fs.readFileSync(passwords, 'utf8');
    await lintWithStats(dir, cache);
    assert.ok(hashesNamed(cache, passwords).size > 0, 'the entries read passwords.js');
    const first = entriesUnder(cache).length;
    /** @type {Record<string, string[]>} */
    let reports = {};
    for (let round = 1; round <= 3; round++) {
      rewrite(passwords, `${original}\nexport function round${round}() {\n  return ${round};\n}\n`);
      ({ reports } = await lintWithStats(dir, cache));
    }
    // The last run pruned before it wrote: what it kept and wrote read passwords.js as it is now.
    const now = contentHash(fs.readFileSync(passwords, 'utf8'));
    assert.deepEqual([...hashesNamed(cache, passwords)], [now], 'no entry keyed to an older text of passwords.js');
    assert.ok(entriesUnder(cache).length <= first, `${entriesUnder(cache).length} entries after three edits, ${first} after the first run`);
    assert.deepEqual(reports, await lint(dir, 'off'));
  });

  it("removes a linted file's call summaries once its functions moved or were deleted, and keeps one entry per linted file", async () => {
    const { dir, cache } = project();
    const handler = path.join(dir, 'handler.js');
    const original = fs.readFileSync(handler, 'utf8');
    await lintWithStats(dir, cache);
    const summaries = () => entriesUnder(cache).filter((file) => file.includes(`${path.sep}summaries${path.sep}`));
    const first = summaries().length;
    assert.ok(first > 0, 'the linted files with awaits keep their summaries');
    /** @type {Record<string, string[]>} */
    let reports = {};
    for (let round = 1; round <= 3; round++) {
      // A function on top (the page function moves) and the last round's deleted: only the linted file changes.
      rewrite(handler, `export async function extra${round}(db) {\n  return db.ping${round}();\n}\n\n${original}`);
      ({ reports } = await lintWithStats(dir, cache));
    }
    assert.equal(summaries().length, first, 'no entry left for an older text of handler.js');
    const now = contentHash(fs.readFileSync(handler, 'utf8'));
    const handlers = summaries().map((file) => JSON.parse(fs.readFileSync(file, 'utf8')).value.of).filter((of) => of?.[0] === handler);
    assert.deepEqual(handlers, [[handler, now]], "handler.js's one entry is for its text now");
    assert.deepEqual(reports, await lint(dir, 'off'));
  });

  it('drops the oldest entries first for the cap, down to 80% of it, and those this process used last', () => {
    const { dir, cache } = project();
    const folder = path.join(cache, 'v1-test');
    /** @type {string[]} */
    const files = [];
    for (let at = 0; at < 10; at++) {
      const key = `${at}`.padStart(2, '0') + 'f'.repeat(38);
      const file = path.join(folder, 'imports', `${key}.json`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      // 1,000 bytes each, of a kind only the cap removes.
      const text = JSON.stringify({ kind: 'imports', key, value: { layout: '', files: {}, resolutions: [] } });
      fs.writeFileSync(file, text.padEnd(1000, ' '));
      const when = new Date(Date.UTC(2026, 0, 1, 0, at));
      fs.utimesSync(file, when, when);
      files.push(file);
    }
    const used = new Set([`imports/00${'f'.repeat(38)}`]);
    const { removed, bytes } = pruneCacheFolder(folder, dir, { maxBytes: 5000, used });
    // Down to 4,000 bytes: the six oldest go, but the oldest of all was used in this run and stays.
    assert.equal(removed, 6);
    assert.equal(bytes, 4000);
    assert.deepEqual(files.map((file) => fs.existsSync(file)), [true, false, false, false, false, false, false, true, true, true]);
    assert.deepEqual(pruneCacheFolder(folder, dir, { maxBytes: 5000, used }), { removed: 0, bytes: 4000 }, 'under the cap: nothing more');
  });

  it('keeps a verdict that used the scan of a module edited since, and drops one that read that module whole', () => {
    const { dir, cache } = project();
    const folder = path.join(cache, 'v1-test');
    const caller = path.join(dir, 'warm-up.js');
    const linted = path.join(dir, 'passwords.js');
    const then = contentHash('// warm-up.js as it was read\n');
    const write = (/** @type {string} */ key, /** @type {unknown[]} */ input) => {
      const file = path.join(folder, 'verdicts', `${key}.json`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const value = { inputs: [input], verdicts: {}, of: [linted, contentHash(fs.readFileSync(linted, 'utf8'))] };
      fs.writeFileSync(file, JSON.stringify({ kind: 'verdicts', key, value }));
      return file;
    };
    // A scan of warm-up.js's text now may have the shape the verdict noted (../callers/scan-shape.js): it is asked.
    const usedScan = write('a'.repeat(40), ['scan', caller, then, 'f'.repeat(40)]);
    const readWhole = write('b'.repeat(40), ['module', caller, then]);
    pruneCacheFolder(folder, dir);
    assert.deepEqual([fs.existsSync(usedScan), fs.existsSync(readWhole)], [true, false]);
  });

  it('caps at 50 MB unless UNBLOCK_CACHE_MAX_MB says otherwise', () => {
    const saved = process.env.UNBLOCK_CACHE_MAX_MB;
    try {
      delete process.env.UNBLOCK_CACHE_MAX_MB;
      assert.equal(maxCacheBytes(), DEFAULT_MAX_BYTES);
      assert.equal(DEFAULT_MAX_BYTES, 50 * 1024 * 1024);
      process.env.UNBLOCK_CACHE_MAX_MB = '2';
      assert.equal(maxCacheBytes(), 2 * 1024 * 1024);
      process.env.UNBLOCK_CACHE_MAX_MB = 'lots';
      assert.equal(maxCacheBytes(), DEFAULT_MAX_BYTES);
    } finally {
      if (saved === undefined) delete process.env.UNBLOCK_CACHE_MAX_MB;
      else process.env.UNBLOCK_CACHE_MAX_MB = saved;
    }
  });

  it('drops the oldest entries beyond the cap, says the size in the stats line, and reports the same', async () => {
    const { dir, cache } = project();
    const { reports: cold } = await lintWithStats(dir, cache);
    const entries = entriesUnder(cache);
    const full = bytesOf(entries);
    // Dated one minute apart, in the order listed: the first are the oldest.
    entries.forEach((entry, at) => {
      const when = new Date(Date.now() - (entries.length - at) * 60_000);
      fs.utimesSync(entry, when, when);
    });
    // An edit, so that the next run writes (it prunes before its first write), under a cap of half the cache.
    const queries = path.join(dir, 'queries.js');
    rewrite(queries, `${fs.readFileSync(queries, 'utf8')}\n// edited\n`);
    const capMb = full / 2 / (1024 * 1024);
    const { reports, stderr } = await lintWithStats(dir, cache, { UNBLOCK_CACHE_MAX_MB: String(capMb) });
    assert.deepEqual(reports, cold, 'the same reports with fewer entries kept');
    assert.ok(bytesOf(entriesUnder(cache)) < full, `${bytesOf(entriesUnder(cache))} bytes kept, ${full} before`);
    assert.match(stderr, /unblock: project cache: .*% reused\); [\d.]+ MB kept \(cap [\d.]+ MB\)\n/);
    assert.deepEqual(reports, await lint(dir, 'off'));
  });
});
