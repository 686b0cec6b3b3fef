/**
 * Callers across files decide where code runs: each fixture folder (its own
 * package.json is the project root) is linted from disk.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lintFixture, fixturesDir } from './lint-fixture.js';

/**
 * @param {Array<{ ruleId: string | null, line: number, message: string }> | undefined} messages
 * @param {string} rule
 */
const reportsOf = (messages, rule) => (messages ?? []).filter((message) => message.ruleId === `unblock/${rule}`);

describe('project index: where code runs (callers across files)', () => {
  it('is silent on a constructor whose only instance is made when another module loads', async () => {
    const reports = await lintFixture('startup-constructor');
    assert.deepEqual(reportsOf(reports['assets.js'], 'no-blocking-sync-call'), []);
  });

  it('is silent on a loader called only from main()', async () => {
    const reports = await lintFixture('main-loader');
    assert.deepEqual(reportsOf(reports['config-loader.js'], 'no-blocking-sync-call'), []);
  });

  it('is as silent when the project is linted through a symlink to it', async () => {
    // ESLint names files by the linked path, the resolver answers with real paths. Before both were
    // brought to one name, no importer matched: main() was not seen as the only caller, and both
    // readFileSync calls of the start-up loader were reported (found on Ghost linked into a worktree).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-linked-'));
    try {
      const link = path.join(dir, 'app');
      fs.symlinkSync(path.join(fixturesDir, 'main-loader'), link, 'junction');
      const reports = await lintFixture('main-loader', undefined, { at: link });
      assert.ok(reports['config-loader.js'], 'the loader was linted through the link');
      assert.deepEqual(reportsOf(reports['config-loader.js'], 'no-blocking-sync-call'), []);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports a helper reached from an Express route in another file, naming the route', async () => {
    const [report, ...rest] = reportsOf((await lintFixture('express-route'))['passwords.js'], 'no-blocking-sync-call');
    assert.equal(rest.length, 0);
    assert.equal(report.line, 4);
    assert.match(report.message, /reached from POST \/login in routes\.js/);
  });

  it('follows the route through an index file that re-exports the helper, next to imports that lead elsewhere', async () => {
    // The caller index follows a scanned file's imports only into files that lead to the one asked
    // about (services/index.js here, not audit.js or mailer.js): the route must still be found.
    const [report, ...rest] = reportsOf((await lintFixture('route-through-index'))['services/passwords.js'], 'no-blocking-sync-call');
    assert.equal(rest.length, 0);
    assert.match(report?.message ?? '', /reached from POST \/login in routes\.js/);
  });

  it('reports a helper reached from a BullMQ worker', async () => {
    const [report] = reportsOf((await lintFixture('queue-worker'))['render.js'], 'no-blocking-sync-call');
    assert.match(report?.message ?? '', /reached from queue worker reports in worker\.js/);
  });

  it('reports a Next.js route handler, naming its route', async () => {
    const [report] = reportsOf((await lintFixture('next-route'))['app/api/export/route.ts'], 'no-blocking-sync-call');
    assert.match(report?.message ?? '', /reached from POST \/api\/export in app\/api\/export\/route\.ts/);
  });

  it('keeps today\'s behaviour for a function no project file calls', async () => {
    const [report] = reportsOf((await lintFixture('unknown-caller'))['templates.js'], 'no-blocking-sync-call');
    assert.equal(report?.line, 5);
    assert.doesNotMatch(report.message, /reached from/);
  });

  it('skips a migration\'s loop of UPDATEs by default and reports it with includeOneOffCode', async () => {
    const silent = await lintFixture('migration-loop');
    assert.deepEqual(reportsOf(silent['db/backfill-display-names.js'], 'no-loop-waterfall'), []);
    const included = await lintFixture('migration-loop', { 'unblock/no-loop-waterfall': ['warn', { includeOneOffCode: true }] });
    assert.deepEqual(reportsOf(included['db/backfill-display-names.js'], 'no-loop-waterfall').map((report) => report.line), [4]);
  });
});

describe('project index: false positives of the first version of the verdict (found on directus)', () => {
  it('treats a handler wrapped in asyncHandler() as the route, not as start-up code', async () => {
    const reports = reportsOf((await lintFixture('wrapped-handlers'))['routes.js'], 'no-blocking-sync-call');
    assert.match(reports.find((report) => report.line === 12)?.message ?? '', /reached from GET \/dashboards in routes\.js/);
  });

  it('does not take an event handler registered inside init() for start-up code', async () => {
    const reports = reportsOf((await lintFixture('wrapped-handlers'))['routes.js'], 'no-blocking-sync-call');
    assert.ok(reports.some((report) => report.line === 22), JSON.stringify(reports));
  });
});
