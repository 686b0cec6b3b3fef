/**
 * Routes registered by a module that is a function of its router and of the handlers it is handed
 * (NodeBB's `module.exports = function (app, middleware, controllers)`, called as
 * `_mounts.activitypub(router, middleware, controllers)`), with handlers reached through modules
 * attached to exported objects (`Controllers.activitypub = require('./activitypub')`) and index files
 * that pass them on, and handed to a wrapper (`helpers.tryRoute(fn)`). The fixture's names and
 * layout are its own; NodeBB's `generateKeyPairSync` behind GET /actor motivated it.
 */
import assert from 'node:assert/strict';
import { lintFixture } from '../../lint-fixture.js';

describe('project index: routes mounted through parameters', () => {
  it('follows a handler named through a parameter the caller gives a module value', async () => {
    const reports = await lintFixture('mounted-routes', undefined, { sourceType: 'commonjs' });
    const keys = reports['src/catalog/keys.js'].filter((report) => report.ruleId === 'unblock/no-blocking-sync-call');
    assert.equal(keys.length, 1);
    assert.match(keys[0].message, /reached from GET \/catalog\/:sku\/signature in src\/routes\/catalog\.js/);
  });

  it('does not follow a parameter given a value the calling function made', async () => {
    const reports = await lintFixture('mounted-routes', undefined, { sourceType: 'commonjs' });
    assert.deepEqual(reports['src/handlers/audit.js'], []);
  });
});
