/**
 * Verdicts kept between runs (rules/verdicts/kept-verdicts.js): a second run with nothing changed
 * makes every rule's reports again from the cache without analysing a file; a change to what a
 * verdict read (a callee's body, a new caller, a moved function, a rule's option) has the file
 * analysed again; and after every change the reports are those of a run with the cache off. Every
 * lint runs in a child process of its own, as CI runs `eslint` again.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lintInChild } from '../support/lint-in-child.js';
import { project, removeTemporaries, rewrite, filesUnder } from '../project/cache/cache-project.js';

const CHILD = fileURLToPath(new URL('../project/cache/cache-lint-child.js', import.meta.url));

/** A route that runs the fixture's handler: its two queries then run per request. */
const ROUTES = `import express from 'express';
import { page } from './handler.js';

export const router = express.Router();
router.get('/accounts/:id', page);
`;

/**
 * Lints the project in a child process.
 * @param {string} dir
 * @param {string} cache a folder, or 'off'
 * @param {Record<string, object>} [ruleOptions]
 * @returns {Promise<{ reports: Record<string, string[]>, verdicts: { reused: number, made: number } | null, refused: number }>}
 */
async function lint(dir, cache, ruleOptions = {}) {
  const env = {
    ...(cache === 'off' ? { UNBLOCK_CACHE: 'off', UNBLOCK_CACHE_DIR: undefined } : { UNBLOCK_CACHE: undefined, UNBLOCK_CACHE_DIR: cache }),
    UNBLOCK_CACHE_STATS: '1',
    UNBLOCK_TEST_RULE_OPTIONS: JSON.stringify(ruleOptions),
  };
  const result = await lintInChild(dir, ['.'], { env, hangGuardMs: 60_000, child: CHILD, memoryKb: 1_000_000_000 });
  assert.equal(result.status, 'done', JSON.stringify(result));
  if (result.status !== 'done') throw new Error('unreachable');
  const counts = /verdicts \(one per rule and file\) (\d+) reused, (\d+) made/.exec(result.stderr);
  const refused = /(\d+) kept entr(?:y|ies) refused/.exec(result.stderr);
  return {
    reports: result.reports,
    verdicts: counts ? { reused: Number(counts[1]), made: Number(counts[2]) } : null,
    refused: refused ? Number(refused[1]) : 0,
  };
}

/**
 * Lints with the cache, then with it off, and asserts both say the same.
 * @param {string} dir
 * @param {string} cache
 * @param {Record<string, object>} [ruleOptions]
 */
async function lintLikeCacheOff(dir, cache, ruleOptions = {}) {
  const warm = await lint(dir, cache, ruleOptions);
  assert.deepEqual(warm.reports, (await lint(dir, 'off', ruleOptions)).reports, 'the same reports as with the cache off');
  return warm;
}

const waterfallIn = (/** @type {Record<string, string[]>} */ reports) => (reports['handler.js'] ?? []).filter((report) => report.startsWith('unblock/no-await-waterfall'));

describe('verdicts/kept-verdicts: reports kept between runs with everything they read', function () {
  this.timeout(180_000);
  after(removeTemporaries);

  it('makes every verdict again from the cache when nothing changed', async () => {
    const { dir, cache } = project();
    fs.writeFileSync(path.join(dir, 'routes.js'), ROUTES);
    const first = await lint(dir, cache);
    assert.equal(waterfallIn(first.reports).length, 1, 'the handler\'s two reads wait for each other on GET /accounts/:id');
    assert.ok(first.verdicts && first.verdicts.made > 0 && first.verdicts.reused === 0, JSON.stringify(first.verdicts));
    const second = await lintLikeCacheOff(dir, cache);
    assert.deepEqual(second.verdicts, { reused: first.verdicts.made, made: 0 }, 'no file analysed again');
    assert.deepEqual(second.reports, first.reports);
  });

  it('analyses a file again when a callee it read changed', async () => {
    const { dir, cache } = project();
    fs.writeFileSync(path.join(dir, 'routes.js'), ROUTES);
    await lint(dir, cache);
    // The second query now changes the rows the first reads: the two must stay in order.
    const queries = path.join(dir, 'queries.js');
    rewrite(queries, fs.readFileSync(queries, 'utf8').replace('SELECT * FROM settings WHERE id = $1', 'UPDATE accounts SET seen = now() WHERE id = $1'));
    const after = await lintLikeCacheOff(dir, cache);
    assert.deepEqual(waterfallIn(after.reports), [], 'a write to what the other reads is no waterfall');
    assert.ok(after.verdicts && after.verdicts.made > 0, JSON.stringify(after.verdicts));
  });

  it('analyses a file again when a new caller imports it', async () => {
    const { dir, cache } = project();
    const before = await lint(dir, cache);
    assert.equal(waterfallIn(before.reports).length, 1, 'a handler by its shape (req, res), on no route known');
    assert.doesNotMatch(waterfallIn(before.reports)[0], /GET/);
    fs.writeFileSync(path.join(dir, 'routes.js'), ROUTES);
    const after = await lintLikeCacheOff(dir, cache);
    assert.equal(waterfallIn(after.reports).length, 1);
    assert.match(waterfallIn(after.reports)[0], /GET \/accounts\/:id in routes\.js/, 'reached from the new route now');
  });

  it('makes the same reports again, without analysing, when a function it read moved', async () => {
    const { dir, cache } = project();
    fs.writeFileSync(path.join(dir, 'routes.js'), ROUTES);
    const before = await lint(dir, cache);
    const queries = path.join(dir, 'queries.js');
    rewrite(queries, `// Two lines above every query\n// move them all.\n${fs.readFileSync(queries, 'utf8')}`);
    const after = await lintLikeCacheOff(dir, cache);
    assert.deepEqual(after.reports, before.reports);
    // The handler's verdict read first() and second(), which only moved: it holds, and names no place there.
    assert.deepEqual(after.verdicts, { reused: before.verdicts?.made, made: 0 });
  });

  it('makes a callee\'s verdicts again, without analysing it, when a module calling it changed but calls it the same way', async () => {
    const { dir, cache } = project();
    const before = await lint(dir, cache);
    const warmUp = path.join(dir, 'warm-up.js');
    // A line above the call: every place in warm-up.js moves, and it still calls hashPassword once, at start-up.
    rewrite(warmUp, fs.readFileSync(warmUp, 'utf8').replace("hashPassword('warm', 'up');", "const rounds = 1;\nhashPassword('warm', 'up');"));
    const after = await lintLikeCacheOff(dir, cache);
    assert.deepEqual(after.reports, before.reports);
    // passwords.js's verdict read the scan of warm-up.js: scanned again, it has the same calls (scan-shape.js).
    assert.deepEqual(after.verdicts, { reused: before.verdicts?.made, made: 0 });
  });

  it('analyses a callee again when a module calling it calls it another way', async () => {
    const { dir, cache } = project();
    await lint(dir, cache);
    const warmUp = path.join(dir, 'warm-up.js');
    rewrite(warmUp, fs.readFileSync(warmUp, 'utf8').replace("hashPassword('warm', 'up');", 'export function check(req, res) {\n  res.send(hashPassword(req.body.password, req.body.salt));\n}'));
    const after = await lintLikeCacheOff(dir, cache);
    assert.match(after.reports['passwords.js']?.[0] ?? '', /reached from an HTTP handler .* in warm-up\.js/, 'a handler calls it now');
    assert.equal(after.verdicts?.made, 1, 'passwords.js analysed again, nothing else');
  });

  it('keeps a verdict per setting: another option is analysed, and the first is reused when it comes back', async () => {
    const { dir, cache } = project();
    const loud = await lint(dir, cache);
    assert.equal(waterfallIn(loud.reports).length, 1);
    const option = { 'no-await-waterfall': { orderedCallees: ['second'] } };
    const quiet = await lintLikeCacheOff(dir, cache, option);
    assert.deepEqual(waterfallIn(quiet.reports), [], 'second() keeps its place in time, as the option says');
    const again = await lint(dir, cache);
    assert.deepEqual(again.reports, loud.reports);
    assert.equal(again.verdicts?.made, 0, 'each setting\'s verdicts are kept apart');
  });

  it('refuses a kept verdict of the wrong shape, and analyses the file', async () => {
    const { dir, cache } = project();
    fs.writeFileSync(path.join(dir, 'routes.js'), ROUTES);
    const first = await lint(dir, cache);
    const entries = filesUnder(cache).filter((file) => file.split(path.sep).includes('verdicts'));
    assert.ok(entries.length > 0, 'verdicts were kept');
    for (const entry of entries) {
      const kept = JSON.parse(fs.readFileSync(entry, 'utf8'));
      // A report pointing nowhere: planted, or written by another version.
      for (const rule of Object.keys(kept.value.verdicts)) kept.value.verdicts[rule] = [{ start: -1, end: 0, point: false, fix: null, suggest: [], message: 'planted' }];
      fs.writeFileSync(entry, JSON.stringify(kept));
    }
    const second = await lintLikeCacheOff(dir, cache);
    assert.deepEqual(second.reports, first.reports, 'no planted report made');
    assert.ok(second.refused >= entries.length, 'each counted as refused');
    assert.equal(second.verdicts?.reused, 0);
  });
});
