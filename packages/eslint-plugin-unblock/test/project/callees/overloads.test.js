/**
 * A TypeScript method declared with overload signatures is read from its implementation, not from
 * the first signature (which has no body and would read as a function that does nothing and waits
 * on nothing). Motivated by Outline's `Collection.findByPk`, which overloads Sequelize's finder.
 */
import assert from 'node:assert/strict';
import { lintFixture } from '../lint-fixture.js';

describe('project index: overloaded methods', () => {
  it('reads the implementation of an overloaded static method', async () => {
    const reports = await lintFixture('overloaded-finders');
    const routes = reports['routes.ts'].filter((report) => report.ruleId === 'unblock/no-await-waterfall');
    assert.deepEqual(routes.map((report) => report.line), [8], 'the two lookups on GET /shelves/:id, and nothing after the write');
    assert.match(routes[0].message, /two `Shelf\.lookup\(\)` calls .*GET \/shelves\/:id/);
  });
});
