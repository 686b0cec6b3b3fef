import assert from 'node:assert/strict';
import timers from '../../../rules/project/evidence/timers.js';
import { WAIT } from '../../../rules/project/body-calls/call-effect.js';
import { sourceSays } from './call-site.js';

describe('evidence: timers', () => {
  it('a timer waits and touches nothing', () => {
    assert.equal(sourceSays(timers, 'function target(r) { return setTimeout(r, 10); }'), WAIT);
  });

  it('says nothing about a timer the code binds itself', () => {
    assert.equal(sourceSays(timers, "import { setTimeout } from './clock';\nfunction target(r) { return setTimeout(r, 10); }"), null);
    assert.equal(sourceSays(timers, 'function target(setTimeout) { return setTimeout(() => {}, 10); }'), null);
  });
});
