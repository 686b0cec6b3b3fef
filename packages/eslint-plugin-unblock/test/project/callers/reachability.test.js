/**
 * Callers across files decide where code runs: each fixture folder (its own
 * package.json is the project root) is linted from disk.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import plugin from '../../../index.js';
import { lintFixture, fixturesDir } from '../lint-fixture.js';

/**
 * @param {Array<{ ruleId: string | null, line: number, message: string }> | undefined} messages
 * @param {string} rule
 */
const reportsOf = (messages, rule) => (messages ?? []).filter((message) => message.ruleId === `unblock/${rule}`);

/** The blocking rule with unknown callers reported too: start-up code must stay silent even then. */
const withUnknownCallers = { 'unblock/no-blocking-sync-call': /** @type {any} */ (['warn', { includeUnknownCallers: true }]) };

/**
 * The blocking rule's reports in one file of a fixture, as `line: message`.
 * @param {string} fixture
 * @param {string} file
 * @param {import('eslint').Linter.RulesRecord} [rules]
 * @param {{ sourceType?: 'module' | 'commonjs' }} [options]
 */
async function blockingIn(fixture, file, rules, options) {
  const reports = await lintFixture(fixture, rules, options);
  assert.ok(reports[file], `${file} was linted`);
  return reportsOf(reports[file], 'no-blocking-sync-call').map((report) => `${report.line}: ${report.message}`);
}

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

  it('is silent on a function no project file calls, and reports it with includeUnknownCallers', async () => {
    // An unknown caller is not a request path: by default nothing shows that this code serves requests.
    assert.deepEqual(reportsOf((await lintFixture('unknown-caller'))['templates.js'], 'no-blocking-sync-call'), []);
    const [report] = reportsOf((await lintFixture('unknown-caller', withUnknownCallers))['templates.js'], 'no-blocking-sync-call');
    assert.equal(report?.line, 5);
    assert.doesNotMatch(report.message, /reached from/);
  });

  it('skips a migration\'s loop of UPDATEs by default and reports it with includeOneOffCode (and includeWrites: its iterations write)', async () => {
    const silent = await lintFixture('migration-loop');
    assert.deepEqual(reportsOf(silent['db/backfill-display-names.js'], 'no-loop-waterfall'), []);
    const included = await lintFixture('migration-loop', { 'unblock/no-loop-waterfall': ['warn', { includeOneOffCode: true, includeWrites: true }] });
    assert.deepEqual(reportsOf(included['db/backfill-display-names.js'], 'no-loop-waterfall').map((report) => report.line), [4]);
  });
});

describe('project index: a loop nothing is known to call has no entry to prove (found on Wiki.js)', () => {
  it('is silent in a method reached only through a global registry, and reports the routed loop', async () => {
    const reports = await lintFixture('registry-services');
    assert.deepEqual(reportsOf(reports['inventory.js'], 'no-loop-waterfall'), []);
    const routed = reportsOf(reports['catalog.js'], 'no-loop-waterfall');
    assert.deepEqual(routed.map((report) => report.line), [4]);
    assert.match(routed[0].message, /reached from GET \/catalog in app\.js/);
  });

  it('reports it with includeUnknownCallers', async () => {
    const reports = await lintFixture('registry-services', { 'unblock/no-loop-waterfall': ['warn', { includeUnknownCallers: true }] });
    assert.deepEqual(reportsOf(reports['inventory.js'], 'no-loop-waterfall').map((report) => report.line), [8]);
  });
});

describe('project index: awaits nothing is known to run have no entry to prove (found on Wiki.js, Postiz, Reaction)', () => {
  it('the waterfall rule is silent in a method kept on an app-wide object, and reports the pair a request reaches', async () => {
    const reports = await lintFixture('locals-registry');
    assert.deepEqual(reportsOf(reports['janitor.js'], 'no-await-waterfall'), []);
    assert.deepEqual(reportsOf(reports['dashboard.js'], 'no-await-waterfall').map((report) => report.line), [5]);
  });

  it('reports it with includeUnknownCallers', async () => {
    const reports = await lintFixture('locals-registry', { 'unblock/no-await-waterfall': ['warn', { includeUnknownCallers: true }] });
    assert.deepEqual(reportsOf(reports['janitor.js'], 'no-await-waterfall').map((report) => report.line), [6]);
  });
});

describe('project index: one transaction, one connection (found on Vendure)', () => {
  it('is silent on reads reached only from a @Transaction() handler, and reports the same reads on a plain query', async () => {
    const reports = reportsOf((await lintFixture('transactional-resolvers'))['ledger.service.ts'], 'no-await-waterfall');
    assert.deepEqual(reports.map((report) => report.line), [14]);
    assert.match(reports[0].message, /reached from GraphQL Query\.statement/);
  });

  it('reports both with includeTransactions', async () => {
    const rules = { 'unblock/no-await-waterfall': /** @type {any} */ (['warn', { includeTransactions: true }]) };
    const reports = reportsOf((await lintFixture('transactional-resolvers', rules))['ledger.service.ts'], 'no-await-waterfall');
    assert.deepEqual(reports.map((report) => report.line), [8, 14]);
  });
});

describe('one transaction, in a file read alone (no project index)', () => {
  /** @param {string} decorator written above the mutation */
  const resolver = (decorator) => `import { Resolver, Mutation } from '@nestjs/graphql';
declare const vault: { slots: { count(ctx: unknown, id: string): Promise<number>; findFree(ctx: unknown, id: string): Promise<number> } };
@Resolver()
export class LockerResolver {
  ${decorator}
  @Mutation()
  public release(ctx: unknown, id: string) {
    return this.tally(ctx, id);
  }

  private async tally(ctx: unknown, id: string) {
    const held = await vault.slots.count(ctx, id);
    const free = await vault.slots.findFree(ctx, id);
    return held + free;
  }
}
`;
  /** @param {string} text */
  const linesReported = (text) => {
    const linter = new Linter();
    // A relative name: no project index, the file's own calls and entries are read.
    return linter.verify(text, [{ files: ['**/*.ts'], plugins: { unblock: plugin }, languageOptions: { parser: tsParser }, rules: { 'unblock/no-await-waterfall': 'warn' } }], { filename: 'locker.resolver.ts' }).map((message) => message.line);
  };

  it('is read from the file itself: silent below a @Transaction() handler, also behind an escape; reported without it', () => {
    assert.deepEqual(linesReported(resolver('// no transaction')), [12]);
    assert.deepEqual(linesReported(resolver('@Transaction()')), []);
    assert.deepEqual(linesReported(resolver('@\\u0054ransaction()')), []);
  });
});

describe('project index: false positives of the first version of the verdict (found on directus)', () => {
  it('treats a handler wrapped in asyncHandler() as the route, not as start-up code', async () => {
    const reports = reportsOf((await lintFixture('wrapped-handlers'))['routes.js'], 'no-blocking-sync-call');
    assert.match(reports.find((report) => report.line === 12)?.message ?? '', /reached from GET \/dashboards in routes\.js/);
  });

  it('does not take an event handler registered inside init() for start-up code', async () => {
    // It may run per event: unknown, so silent by default, but reported once unknown callers are.
    const silent = reportsOf((await lintFixture('wrapped-handlers'))['routes.js'], 'no-blocking-sync-call');
    assert.ok(!silent.some((report) => report.line === 22), JSON.stringify(silent));
    const reports = reportsOf((await lintFixture('wrapped-handlers', withUnknownCallers))['routes.js'], 'no-blocking-sync-call');
    assert.ok(reports.some((report) => report.line === 22), JSON.stringify(reports));
  });
});

describe('project index: start-up code the caller search must see (silent even with includeUnknownCallers)', () => {
  it('NestJS: onModuleInit(), what only it calls, and the constructors of providers, controllers and middlewares', async () => {
    // The container runs these once, before the application listens.
    for (const file of ['i18n.service.ts', 'html.middleware.ts', 'keys.controller.ts']) {
      const reports = await blockingIn('nest-app', file, withUnknownCallers);
      assert.deepEqual(reports.filter((report) => !/reached from/.test(report)), [], file);
    }
  });

  it("the server factory fixture.json names, and what it calls outside its handlers, though nothing in the project calls it", async () => {
    // Preparing an app for the bench exports a createServer() only the bench calls: its start-up hashes stay silent,
    // the route the factory registers is still a request path.
    const reports = await lintFixture('bench-factory', withUnknownCallers);
    assert.deepEqual(reportsOf(reports['src/app.ts'], 'no-blocking-sync-call'), []);
    assert.deepEqual(reportsOf(reports['src/seed.ts'], 'no-blocking-sync-call'), []);
    assert.deepEqual(reportsOf(reports['src/routes/login.ts'], 'no-blocking-sync-call').map((report) => report.line), [9]);
  });

  it('the same factory without the fixture.json: nothing shows it runs at start-up, so unknown callers are reported', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-no-fixture-'));
    try {
      fs.cpSync(path.join(fixturesDir, 'bench-factory'), dir, { recursive: true });
      fs.rmSync(path.join(dir, 'fixture.json'));
      const reports = await lintFixture('bench-factory', withUnknownCallers, { at: dir });
      assert.deepEqual(reportsOf(reports['src/app.ts'], 'no-blocking-sync-call').map((report) => report.line), [9]);
      assert.deepEqual(reportsOf(reports['src/seed.ts'], 'no-blocking-sync-call').map((report) => report.line), [8]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a static method reached through this.method() from a static method boot calls', async () => {
    assert.deepEqual(await blockingIn('static-boot', 'database.js', withUnknownCallers), []);
  });

  it('a start function reached through import(…).then(({ launch }) => launch()) and const { launch } = await import(…)', async () => {
    assert.deepEqual(await blockingIn('dynamic-import-start', 'ssl.js', withUnknownCallers), []);
  });

  it('an adapter that reads its TLS files when the server object made at load constructs it', async () => {
    assert.deepEqual(await blockingIn('adapter-at-start', 'config-parser.js', withUnknownCallers), []);
  });

  it('the route of a one-time setup server that the route itself closes', async () => {
    // The wizard serves one request before the real server starts; before, this was reported as "POST /setup".
    assert.deepEqual(await blockingIn('setup-wizard', 'config.js'), []);
    assert.deepEqual(await blockingIn('setup-wizard', 'config.js', withUnknownCallers), []);
  });

  it('a helper only test files import', async () => {
    assert.deepEqual(await blockingIn('test-helper', 'src/calculator-test-utils.js', withUnknownCallers), []);
    // Imported by nothing at all: unknown, so reported once unknown callers are.
    assert.equal((await blockingIn('test-helper', 'src/export.js', withUnknownCallers)).length, 1);
  });
});

describe('project index: request paths the caller search recognises (reported by default, route named)', () => {
  it('a NestJS route as controller prefix + method decorator path, and a middleware\'s use()', async () => {
    const [service, ...others] = await blockingIn('nest-app', 'keys.service.ts');
    assert.equal(others.length, 0);
    // Not "HasPermission create": the first decorator is not the route.
    assert.match(service, /^9: .*\(reached from POST \/api-keys in keys\.controller\.ts\)/);
    const [middleware, ...rest] = await blockingIn('nest-app', 'html.middleware.ts');
    assert.equal(rest.length, 0);
    assert.match(middleware, /^15: .*\(reached from middleware HtmlMiddleware in html\.middleware\.ts\)/);
  });

  it('a normal server closed on SIGTERM keeps its routes', async () => {
    const [report, ...rest] = await blockingIn('setup-wizard', 'main-app.js');
    assert.equal(rest.length, 0);
    assert.match(report, /^5: .*\(reached from POST \/login in main-app\.js\)/);
  });

  it('socket.io handlers registered on each connection\'s socket, there or in a module handed the socket', async () => {
    assert.match((await blockingIn('socket-handlers', 'auth.js'))[0] ?? '', /^4: .*\(reached from socket event "login" in server\.js\)/);
    assert.match((await blockingIn('socket-handlers', 'history-handlers.js'))[0] ?? '', /^6: .*\(reached from socket event "history" in history-handlers\.js\)/);
  });

  it('a Hapi server handed in as a parameter, in a package that depends on Hapi', async () => {
    assert.match((await blockingIn('hapi-plugin', 'encrypt.js'))[0] ?? '', /^4: .*\(reached from POST \/v1\/account in account-routes\.js\)/);
  });

  it('a worker thread\'s message handler', async () => {
    assert.match((await blockingIn('worker-message', 'render.js'))[0] ?? '', /^4: .*\(reached from worker thread message in worker\.js\)/);
  });

  it('functions a route hands over to run on its behalf, and functions declared inside the handler', async () => {
    assert.match((await blockingIn('deferred-callbacks', 'recordings.js'))[0] ?? '', /^13: .*\(reached from POST \/record in routes\.js\)/);
    assert.match((await blockingIn('deferred-callbacks', 'routes.js'))[0] ?? '', /^13: .*\(reached from POST \/replay in routes\.js\)/);
  });

  it('says a Koa path is computed rather than naming none', async () => {
    assert.match((await blockingIn('koa-computed-path', 'auth.js'))[0] ?? '', /\(reached from GET with a computed path in auth\.js\)/);
  });
});

describe('project index: what callers pass', () => {
  it('is silent on randomBytes(length) when every caller passes a small constant, and reports a size from the request', async () => {
    const reports = await blockingIn('small-random-callers', 'random.js');
    assert.deepEqual(reports.map((report) => report.split(':')[0]), ['13']);
    assert.match(reports[0], /reached from GET \/token in routes\.js/);
  });
});
