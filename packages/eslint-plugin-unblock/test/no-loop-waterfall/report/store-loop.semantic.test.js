/**
 * A loop over an async store (`await settings.set(key, value)`) must keep
 * every call awaited when rewritten: run the handler before and after the
 * suggestion against a stub backend and compare results, errors, and what is
 * still running when the handler returns.
 */
import assert from 'node:assert/strict';
import { lintWith, applyFirstSuggestions } from '../../support/apply-suggestions.js';
import { createBackend, compile, outcome } from '../../support/stub-backend.js';

const source = `async function handler(api, id) {
  const data = { name: 'n' + id, mail: 'm' + id, theme: 'dark' };
  for (const key of Object.keys(data)) {
    await api.set(key, data[key]);
  }
  return 'saved';
}`;

describe('store loop rewrite keeps every set awaited', () => {
  // Writes are reported only when asked (includeWrites): this is the rewrite a user who asks gets.
  const messages = lintWith(source, { rule: 'no-loop-waterfall', options: { includeWrites: true } });
  const rewritten = applyFirstSuggestions(source, messages);

  it('is reported with a Promise.all rewrite', () => {
    assert.equal(messages.length, 1);
    assert.match(rewritten, /await Promise\.all/);
  });

  it('returns only once every set has finished, with the same calls', async () => {
    const before = createBackend();
    const after = createBackend();
    const expected = await outcome(() => compile(source)(before.api, 1));
    const actual = await outcome(() => compile(rewritten)(after.api, 1));
    assert.deepEqual(actual, expected);
    assert.equal(after.stats.inFlight, 0, 'nothing the handler started is still running when it returns');
    assert.equal(before.stats.maxInFlight, 1);
    assert.equal(after.stats.maxInFlight, 3);
    assert.deepEqual([...after.stats.calls].sort(), [...before.stats.calls].sort());
  });

  it('throws the same error when a set fails', async () => {
    const expected = await outcome(() => compile(source)(createBackend({ failing: 'set' }).api, 1));
    const actual = await outcome(() => compile(rewritten)(createBackend({ failing: 'set' }).api, 1));
    assert.ok('error' in expected);
    assert.deepEqual(actual, expected);
  });
});
