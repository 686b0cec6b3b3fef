/**
 * Routes registered on an Express router that is mounted under a prefix are named by their full path:
 * `app.use('/v2', catalog)` with `catalog.get('/products/:sku', h)` is GET /v2/products/:sku. The
 * `router-prefix` fixture (a made-up shop) mounts routers with a `const` prefix after a middleware, three
 * levels deep, at a computed prefix, at two prefixes, in a loop, in themselves and in a circle of imports,
 * and Koa routers with a prefix of their own; `router-prefix-fastify` registers Fastify plugins under prefixes;
 * `router-prefix-cjs` is reduced from NodeBB's routes/api.js (a router made and mounted in the function
 * that is handed the app) and from mounts of `require('./x')` with `module.exports = router`.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { lintFixture, fixturesDir } from '../../lint-fixture.js';
import { lint, temporary, removeTemporaries } from '../../cache/cache-project.js';
import { joinPaths, joinPrefixes } from '../../../../rules/project/frameworks/routing/mounts.js';

/** @type {Record<string, Array<{ ruleId: string | null, line: number, message: string }>>} */
let shop;

/**
 * The route a file's reports name, one per report.
 * @param {string} file
 */
const routesIn = (file) => (shop[file] ?? []).map((report) => /\(reached from ([^)]*)\)/.exec(report.message)?.[1] ?? 'no route');

describe('project index: a mounted router\'s routes are named by their full path', () => {
  before(async () => {
    shop = await lintFixture('router-prefix');
  });

  it('puts a const prefix mounted after a middleware before the route\'s path, in the whole message', () => {
    assert.deepEqual(shop['src/routes/catalog.js'].map((report) => `${report.line} ${report.message}`), [
      "7 `readStock()` and `readPrice()` wait for each other though neither uses the other's result (reached from GET /v2/products/:sku in src/routes/catalog.js); start them together with Promise.all.",
    ]);
  });

  it('joins the prefixes of nested mounts, a trailing slash and a root path included', () => {
    assert.deepEqual(routesIn('src/routes/inventory/items.js'), [
      'PUT /v2/inventory/items/:sku in src/routes/inventory/items.js',
      'GET /v2/inventory/items in src/routes/inventory/items.js',
    ]);
  });

  it('keeps the registered path when the prefix is computed or a loop variable', () => {
    assert.deepEqual(routesIn('src/routes/reviews.js'), ['GET /recent in src/routes/reviews.js']);
    assert.deepEqual(routesIn('src/routes/legacy.js'), ['GET /sku/:sku in src/routes/legacy.js']);
  });

  it('names the first of two prefixes a router is mounted at and counts the other as another route', () => {
    assert.deepEqual(routesIn('src/routes/health.js'), ['GET /status in src/routes/health.js and from one other route']);
  });

  it('keeps the registered path for a router mounted in itself or in a circle of imports, and does not crash', () => {
    assert.deepEqual(routesIn('src/routes/echo.js'), ['GET /ping in src/routes/echo.js']);
    assert.deepEqual(routesIn('src/routes/circle/left.js'), ['GET /left in src/routes/circle/left.js']);
    assert.deepEqual(routesIn('src/routes/circle/right.js'), ['GET /right in src/routes/circle/right.js']);
  });

  it('Koa: a router\'s own prefix (`new Router({ prefix })`) and a router mounted with `use(path, router.routes())`', () => {
    assert.deepEqual(routesIn('src/koa/api.js'), ['GET /v3/stock/:sku in src/koa/api.js']);
    assert.deepEqual(routesIn('src/koa/orders.js'), ['GET /v3/orders/:sku in src/koa/orders.js']);
  });

  it('Fastify: `register(plugin, { prefix })` prefixes the routes the plugin registers on the instance it is handed, nested too', async () => {
    const reports = await lintFixture('router-prefix-fastify');
    const routes = Object.entries(reports).flatMap(([file, list]) => list.map((report) => `${file}: ${/\(reached from ([^)]*)\)/.exec(report.message)?.[1]}`));
    assert.deepEqual(routes, [
      'src/basket.js: GET /v4/basket/:sku in src/basket.js',
      'src/pricing.js: GET /v4/pricing/:sku in src/pricing.js',
      // A prefix from the environment is not proven.
      'src/returns.js: POST /:sku in src/returns.js',
    ]);
  });

  it('reports nothing about the odd calls themselves (`app.use()`, a path with nothing mounted)', () => {
    assert.deepEqual(shop['src/app.js'], []);
  });

  it('NodeBB-style: a router mounted in the function that registers its routes, and a required module that exports one', async () => {
    const reports = await lintFixture('router-prefix-cjs', undefined, { sourceType: 'commonjs' });
    assert.deepEqual(reports['src/routes/accounts.js'].map((report) => report.message), [
      "`readBalance()` and `readLimits()` wait for each other though neither uses the other's result (reached from GET /ledger/accounts/:id in src/routes/accounts.js); start them together with Promise.all.",
    ]);
    // The blocking rule names the route its search reached, with the mount's prefix too.
    assert.deepEqual(reports['src/signing.js'].map((report) => report.message), [
      '`crypto.pbkdf2Sync()` computes on the main thread (100,000 iterations of SHA-256: about 17 ms per call) and stalls every other request (reached from POST /receipts/sign in src/routes/receipts.js); in an async function, use await promisify(crypto.pbkdf2)(…).',
    ]);
  });
});

describe('project index: full route paths with the persistent cache', function () {
  this.timeout(120_000);
  after(removeTemporaries);

  it('names the same routes with the cache off, empty and filled', async () => {
    const dir = temporary('unblock-router-prefix-');
    fs.cpSync(path.join(fixturesDir, 'router-prefix'), dir, { recursive: true });
    // The lint child parses .js by the package's type.
    const manifest = path.join(dir, 'package.json');
    fs.writeFileSync(manifest, JSON.stringify({ ...JSON.parse(fs.readFileSync(manifest, 'utf8')), type: 'module' }));
    const cache = path.join(temporary('unblock-cache-'), 'cache');
    const off = await lint(dir, 'off');
    assert.ok((off['src/routes/catalog.js'] ?? []).some((report) => report.includes('GET /v2/products/:sku')), JSON.stringify(off));
    assert.deepEqual(await lint(dir, cache), off, 'empty cache');
    assert.deepEqual(await lint(dir, cache), off, 'filled cache');
  });
});

describe('routing/mounts: joining a prefix and a path', () => {
  it('joins as Express does, with one slash between', () => {
    assert.equal(joinPaths('/api', '/articles'), '/api/articles');
    assert.equal(joinPaths('/api/', '/x'), '/api/x');
    assert.equal(joinPaths('/', '/x'), '/x');
    assert.equal(joinPaths('/api', '/'), '/api');
    assert.equal(joinPaths('', '/'), '/');
    assert.equal(joinPaths('/api', ''), '/api');
  });

  it('joins nested prefixes, no prefix leaving the other as it is', () => {
    assert.equal(joinPrefixes('/shop', '/v2/'), '/shop/v2');
    assert.equal(joinPrefixes('', '/inventory'), '/inventory');
    assert.equal(joinPrefixes('/shop', ''), '/shop');
    assert.equal(joinPrefixes('/shop', '/'), '/shop');
    assert.equal(joinPrefixes('', ''), '');
  });
});
