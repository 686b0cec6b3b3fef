import assert from 'node:assert/strict';
import builtinMethods from '../../../../rules/project/evidence/builtin-methods.js';
import { PURE } from '../../../../rules/project/evidence/call-effect.js';
import { sourceSays } from './call-site.js';

describe('evidence: built-in methods', () => {
  it('string and array methods compute, through a chain of them', () => {
    assert.equal(sourceSays(builtinMethods, 'function target(s) { return s.trim().toLowerCase(); }'), PURE);
    assert.equal(sourceSays(builtinMethods, 'function target() { return this.items.map((x) => x * 2); }'), PURE);
  });

  it('a data verb counts only on a value made right here', () => {
    assert.equal(sourceSays(builtinMethods, 'function target(x) { const list = []; return list.push(x); }'), PURE);
    // `cache.get(id)` on an unknown object may be a Redis client.
    assert.equal(sourceSays(builtinMethods, 'function target(cache, id) { return cache.get(id); }'), null);
  });

  it('says nothing about a method of an imported module or of a call that may do I/O', () => {
    // `_.map` is lodash's to say, not Array's.
    assert.equal(sourceSays(builtinMethods, "import _ from 'lodash';\nfunction target(a) { return _.map(a, String); }"), null);
    assert.equal(sourceSays(builtinMethods, 'function target(api, id) { return api.getPair(id).then(String); }'), null);
  });
});
