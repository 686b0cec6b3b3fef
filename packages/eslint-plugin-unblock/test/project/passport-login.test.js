/**
 * Passport strategies as entries: a verify callback runs on every login, so a blocking call in it
 * is on a request path, named by its strategy. The fixture's names are its own; Wiki.js, CodiMD,
 * NodeBB and Hoppscotch register their logins this way (a verify function handed to
 * `new LocalStrategy(…)`, a NestJS `PassportStrategy` class).
 */
import assert from 'node:assert/strict';
import { lintFixture } from './lint-fixture.js';

describe('project index: passport strategies', () => {
  it('reports a blocking call in a verify function handed to a strategy from a passport package', async () => {
    const reports = await lintFixture('passport-login', undefined, { sourceType: 'commonjs' });
    assert.deepEqual(reports['src/badges.js'].map((r) => [r.line, r.ruleId]), [[7, 'unblock/no-blocking-sync-call']]);
    assert.match(reports['src/badges.js'][0].message, /\(reached from passport-local authentication in src\/auth\.js\)/);
  });

  it('stays silent where the strategy class is the project\'s own: nothing says when it calls what it is handed', async () => {
    const reports = await lintFixture('passport-login', undefined, { sourceType: 'commonjs' });
    assert.deepEqual(reports['src/kiosks.js'], []);
  });
});
