import assert from 'node:assert/strict';
import pureGlobals from '../../../rules/project/evidence/pure-globals.js';
import { PURE } from '../../../rules/project/body-calls/call-effect.js';
import { sourceSays } from './call-site.js';

describe('evidence: pure globals', () => {
  it('JSON, Math and Number compute', () => {
    assert.equal(sourceSays(pureGlobals, 'function target(s) { return JSON.stringify(s); }'), PURE);
    assert.equal(sourceSays(pureGlobals, 'function target(a) { return Math.max(0, Number(a)); }'), PURE);
    // Node defines Buffer as a lazy getter; it computes all the same.
    assert.equal(sourceSays(pureGlobals, "function target(s) { return Buffer.from(s, 'hex'); }"), PURE);
  });

  it('what JSON.parse, Object.keys and structuredClone return is new', () => {
    assert.deepEqual(sourceSays(pureGlobals, 'function target(s) { return JSON.parse(s); }'), { ...PURE, returns: 'copy' });
    assert.equal(sourceSays(pureGlobals, 'function target(o) { return Object.keys(o); }')?.returns, 'copy');
    assert.equal(sourceSays(pureGlobals, 'function target(o) { return structuredClone(o); }')?.returns, 'copy');
    // Object.assign returns its first argument: not new.
    assert.equal(sourceSays(pureGlobals, 'function target(o, p) { return Object.assign(o, p); }')?.returns, undefined);
  });

  it('says nothing about fetch, process, or a name the code binds itself', () => {
    assert.equal(sourceSays(pureGlobals, 'function target(u) { return fetch(u); }'), null);
    assert.equal(sourceSays(pureGlobals, 'function target() { return process.exit(1); }'), null);
    assert.equal(sourceSays(pureGlobals, "import JSON from './store';\nfunction target(s) { return JSON.parse(s); }"), null);
    assert.equal(sourceSays(pureGlobals, 'function target(Math) { return Math.max(1); }'), null);
  });
});
