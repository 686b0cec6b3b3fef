import assert from 'node:assert/strict';
import responseBody from '../../../rules/project/evidence/response-body.js';
import { sourceSays } from './call-site.js';

describe('evidence: reading a fetch response body', () => {
  it('json() on what fetch() returned in the same function reads', () => {
    assert.deepEqual(sourceSays(responseBody, 'async function target(u) { const res = await fetch(u); return res.json(); }'), {
      kind: 'read', io: true, reads: [], writes: [],
    });
  });

  it('says nothing about json() on anything else', () => {
    assert.equal(sourceSays(responseBody, 'async function target(api) { return api.json(); }'), null);
    assert.equal(sourceSays(responseBody, 'async function target(u) { const res = await fetch(u); return res.clone(); }'), null);
  });
});
