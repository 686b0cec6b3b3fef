/**
 * The project index across files: each fixture folder is linted from disk,
 * and what the rules report depends on what the imported files' bodies do.
 */
import assert from 'node:assert/strict';
import { lintFixture } from './lint-fixture.js';

/**
 * @param {Array<{ ruleId: string | null, line: number, message: string }>} messages
 * @param {string} rule
 */
const linesOf = (messages, rule) => messages.filter((message) => message.ruleId === `unblock/${rule}`).map((message) => message.line);

/** @param {Array<{ ruleId: string | null, message: string }>} messages */
const fatal = (messages) => messages.filter((message) => message.ruleId === null);

describe('project index: callees read across files', () => {
  it('keeps a write-then-read through helpers in other files in order (ensureTenant INSERTs what settingsFor reads)', async () => {
    const reports = await lintFixture('ensure-tenant');
    assert.deepEqual(reports['handler.js'], []);
  });

  it('reports two SELECTs behind require() and module.exports (reads of different tables)', async () => {
    const reports = await lintFixture('reads-across-files');
    assert.deepEqual(linesOf(reports['handler.js'], 'no-await-waterfall'), [4]);
  });

  it('reads the same bodies when the files are linted as CommonJS (sourceType "commonjs")', async () => {
    // ESLint wraps a CommonJS file's top level in a function scope: its requires and functions
    // are still the module's own names, not locals that hide them. (Ghost is linted this way.)
    const reads = await lintFixture('reads-across-files', undefined, { sourceType: 'commonjs' });
    assert.deepEqual(linesOf(reads['handler.js'], 'no-await-waterfall'), [4]);
    const singleton = await lintFixture('singleton', undefined, { sourceType: 'commonjs' });
    assert.deepEqual(linesOf(singleton['handler.js'], 'no-await-waterfall'), [5]);
  });

  it('follows a TypeScript field typed by a constructor parameter, through tsconfig paths', async () => {
    const reports = await lintFixture('typed-field');
    assert.deepEqual(fatal(reports['src/service.ts']), []);
    // health(): two SELECTs → reported; visit(): a SELECT then an INSERT → silent.
    assert.deepEqual(linesOf(reports['src/service.ts'], 'no-await-waterfall'), [8]);
  });

  it('does not report helpers whose bodies only compute', async () => {
    const reports = await lintFixture('cpu-helpers');
    assert.deepEqual(reports['handler.js'], []);
  });

  it('falls back to names when an import does not resolve, without an error', async () => {
    const reports = await lintFixture('unresolved-import');
    assert.deepEqual(fatal(reports['handler.js']), []);
    // getUser/getOrders/loadThing read by their names, as before the index existed.
    assert.deepEqual(linesOf(reports['handler.js'], 'no-await-waterfall'), [5]);
  });

  it('skips an imported file that does not parse, without an error (names decide)', async () => {
    const reports = await lintFixture('broken-import');
    assert.deepEqual(fatal(reports['handler.js']), []);
    assert.deepEqual(linesOf(reports['handler.js'], 'no-await-waterfall'), [5]);
  });

  it('survives a cycle of imports and keeps the cycle unknown', async () => {
    const reports = await lintFixture('import-cycle');
    assert.deepEqual(reports['handler.js'], []);
    assert.deepEqual(reports['a.js'], []);
  });

  it('keeps a loop of find-or-create calls sequential, though the name reads, and reports a loop of independent reads', async () => {
    const reports = await lintFixture('loop-find-or-create');
    assert.deepEqual(linesOf(reports['handler.js'], 'no-loop-waterfall'), [15]);
  });

  it('follows functions assigned to an alias of module.exports (const areas = module.exports), and reads their bodies fairly', async () => {
    // Reduced from a forum's widget and category modules. Before the alias was followed, resetArea (a
    // read-modify-write of one shared drafts record) was judged by its name and its loop reported;
    // following it must not turn harmless bodies into writes: a read-through cache fill (cache.set of
    // what was just read) and a rebound parameter (ids = [ids]) leave a read a read, while pushing
    // into the caller's array stays a write (seenPage, line 18, is not reported).
    const reports = await lintFixture('exports-alias', undefined, { sourceType: 'commonjs' });
    assert.deepEqual(linesOf(reports['areas.js'], 'no-loop-waterfall'), [21]);
    assert.deepEqual(linesOf(reports['handler.js'], 'no-loop-waterfall'), []);
    assert.deepEqual(linesOf(reports['handler.js'], 'no-await-waterfall'), [6, 12]);
  });

  it('reads a randomBytes size from the module that exports the constant', async () => {
    // No route calls handle(): where it runs is unknown, reported here to test the sizes alone.
    const reports = await lintFixture('token-size', { 'unblock/no-blocking-sync-call': ['warn', { includeUnknownCallers: true }] });
    // TOKEN_BYTES = 16 is cheap; KEY_BYTES = 65536 blocks.
    assert.deepEqual(linesOf(reports['handler.js'], 'no-blocking-sync-call'), [6]);
  });

  it('follows a singleton (module.exports = new Service()) and exports.f; the body (a GET) overrides the name (syncProfile); a PUT stays before a GET', async () => {
    const reports = await lintFixture('singleton');
    assert.deepEqual(linesOf(reports['handler.js'], 'no-await-waterfall'), [5]);
  });

  it('follows export * and renamed re-exports to an fs read and an axios GET', async () => {
    const reports = await lintFixture('re-export');
    assert.deepEqual(linesOf(reports['handler.js'], 'no-await-waterfall'), [4]);
  });
});
