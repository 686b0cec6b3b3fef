import assert from 'node:assert/strict';
import graphql from '../../../../rules/project/frameworks/apps/graphql.js';
import { declaredIn } from '../framework-probe.js';

describe('frameworks: graphql', () => {
  it('takes the fields of a resolver map as request handlers: its root types and the types resolved with them', () => {
    const code = `const resolvers = { Query: { user: (_, { id }) => load(id) }, Mutation: { save() { return 1; } }, User: { name: (u) => u.name } };\nexport default resolvers;`;
    assert.deepEqual(declaredIn(graphql, code), [
      { label: 'GraphQL Query.user', kind: 'request', handler: '(_, { id }) => load(id)' },
      { label: 'GraphQL Mutation.save', kind: 'request', handler: '() { return 1; }' },
      { label: 'GraphQL User.name', kind: 'request', handler: '(u) => u.name' },
    ]);
  });

  it('reads a map that is the module itself (a folder of resolver modules merged by the server, as Wiki.js loads them)', () => {
    const code = `module.exports = {\n  Query: { async shelves() { return {}; } },\n  ShelfQuery: { async list(obj, args) { return db.shelves(args.id); } },\n  helpers: { format() {} },\n};`;
    assert.deepEqual(declaredIn(graphql, code).map((entry) => entry.label), ['GraphQL Query.shelves', 'GraphQL ShelfQuery.list']);
  });

  it('an object without a root type is no resolver map', () => {
    assert.deepEqual(declaredIn(graphql, 'module.exports = { Shelf: { async list() { return []; } } };'), []);
  });
});
