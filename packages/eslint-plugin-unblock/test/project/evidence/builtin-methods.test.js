import assert from 'node:assert/strict';
import builtinMethods from '../../../rules/project/evidence/builtin-methods.js';
import { PURE } from '../../../rules/project/body-calls/call-effect.js';
import { sourceSays } from './call-site.js';

describe('evidence: built-in methods', () => {
  it('string and array methods compute, through a chain of them', () => {
    assert.equal(sourceSays(builtinMethods, 'function target(s) { return s.trim().toLowerCase(); }'), PURE);
    assert.equal(sourceSays(builtinMethods, 'function target() { return this.items.join(","); }'), PURE);
  });

  it('methods that return a new array say so; those that return their receiver or an element do not', () => {
    assert.deepEqual(sourceSays(builtinMethods, 'function target() { return this.items.map((x) => x * 2); }'), { ...PURE, returns: 'copy' });
    assert.equal(sourceSays(builtinMethods, 'function target(s) { return s.split(":"); }')?.returns, 'copy');
    assert.equal(sourceSays(builtinMethods, 'function target(list) { const copy = [...list]; return copy.sort(); }')?.returns, undefined);
    assert.equal(sourceSays(builtinMethods, 'function target() { return this.items.find(Boolean); }')?.returns, undefined);
  });

  it('a data verb counts only on a value made right here', () => {
    assert.equal(sourceSays(builtinMethods, 'function target(x) { const list = []; return list.push(x); }'), PURE);
    // `cache.get(id)` on an unknown object may be a Redis client.
    assert.equal(sourceSays(builtinMethods, 'function target(cache, id) { return cache.get(id); }'), null);
  });

  // Found in a decrypt helper: `const parts = text.split(':'); parts.shift()` changes the helper's own array only.
  it('a data verb on a new array a call made here (a copy) counts, but not on its elements', () => {
    assert.equal(sourceSays(builtinMethods, 'function target(text) { const parts = text.split(":"); return parts.shift(); }'), PURE);
    assert.equal(sourceSays(builtinMethods, 'function target(list, x) { const some = list.filter(Boolean); return some[0].tags.push(x); }'), null);
    // A `let` may be bound to something else before the call: not a copy.
    assert.equal(sourceSays(builtinMethods, 'function target(text) { let parts = text.split(":"); return parts.shift(); }'), null);
  });

  // Only strings take a regular expression: `s.replace(/x/g, '')` is String.prototype.replace, not a data write.
  it('a String method handed a regular expression literal computes', () => {
    assert.equal(sourceSays(builtinMethods, 'function target(str) { return str.replace(/[\\u0000-\\u001F]/g, ""); }'), PURE);
    assert.equal(sourceSays(builtinMethods, 'function target(repo, a, b) { return repo.replace(a, b); }'), null);
  });

  it('says nothing about a method of an imported module or of a call that may do I/O', () => {
    // `_.map` is lodash's to say, not Array's.
    assert.equal(sourceSays(builtinMethods, "import _ from 'lodash';\nfunction target(a) { return _.map(a, String); }"), null);
    assert.equal(sourceSays(builtinMethods, 'function target(api, id) { return api.getPair(id).then(String); }'), null);
  });
});
