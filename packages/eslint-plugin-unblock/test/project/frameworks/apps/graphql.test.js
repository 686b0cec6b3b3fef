import assert from 'node:assert/strict';
import graphql from '../../../../rules/project/frameworks/apps/graphql.js';
import { declaredIn } from '../framework-probe.js';

describe('frameworks: graphql', () => {
  it('takes the fields of Query and Mutation in a resolver map as request handlers', () => {
    const code = `const resolvers = { Query: { user: (_, { id }) => load(id) }, Mutation: { save() { return 1; } }, User: { name: (u) => u.name } };\nexport default resolvers;`;
    assert.deepEqual(declaredIn(graphql, code), [
      { label: 'GraphQL Query.user', kind: 'request', handler: '(_, { id }) => load(id)' },
      { label: 'GraphQL Mutation.save', kind: 'request', handler: '() { return 1; }' },
    ]);
  });
});
