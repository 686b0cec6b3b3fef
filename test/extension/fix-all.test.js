import assert from 'node:assert/strict';
import { applyOffsetEdits, fixAllText, minimalReplacement } from '../../extension/src/mapping/fix-all.js';

/**
 * A stand-in lint: reports every `AA` with a suggestion to shorten it to `A`, and treats a
 * text containing `!` as unparsable.
 * @param {string} text
 */
function fakeLint(text) {
  if (text.includes('!')) return undefined;
  const messages = [];
  for (let i = text.indexOf('AA'); i !== -1; i = text.indexOf('AA', i + 1)) {
    messages.push({
      ruleId: 'unblock/x', message: 'AA', line: 1, column: i + 1,
      suggestions: [{ desc: 'shorten', fix: { range: /** @type {[number, number]} */ ([i, i + 2]), text: 'A' } }],
    });
  }
  return messages;
}

describe('extension: fix all', () => {
  it('applies non-overlapping edits in text order; the first of overlapping ones wins', () => {
    assert.deepEqual(applyOffsetEdits('abcdef', [{ range: [4, 5], text: 'E' }, { range: [0, 2], text: 'X' }]), { text: 'XcdEf', applied: 2 });
    assert.deepEqual(applyOffsetEdits('abcdef', [{ range: [0, 3], text: '1' }, { range: [2, 4], text: '2' }]), { text: '1def', applied: 1 });
  });

  it('re-lints and repeats until nothing is left (overlaps fixed in a later pass)', () => {
    // "AAAA" holds three overlapping reports: pass 1 fixes two → "AA", pass 2 the rest → "A".
    assert.deepEqual(fixAllText('x AAAA y AA', fakeLint), { text: 'x A y A', fixed: 4 });
  });

  it('stops before a rewrite that no longer parses', () => {
    assert.deepEqual(fixAllText('AA AA', (text) => (text === 'A A' ? undefined : fakeLint(text))), { text: 'AA AA', fixed: 0 });
    // A later pass that breaks the text keeps the result of the earlier passes.
    assert.deepEqual(fixAllText('AAAA', (text) => (text === 'A' ? undefined : fakeLint(text))), { text: 'AA', fixed: 2 });
  });

  it('returns the text unchanged when there is nothing to fix or it does not parse', () => {
    assert.deepEqual(fixAllText('clean', fakeLint), { text: 'clean', fixed: 0 });
    assert.deepEqual(fixAllText('AA !', fakeLint), { text: 'AA !', fixed: 0 });
  });

  it('does not loop forever on a suggestion that keeps reporting', () => {
    let calls = 0;
    const stubborn = () => {
      calls++;
      return [{ ruleId: 'unblock/x', message: '', line: 1, column: 1, suggestions: [{ desc: 'grow', fix: { range: /** @type {[number, number]} */ ([0, 0]), text: 'x' } }] }];
    };
    const result = fixAllText('', stubborn);
    assert.ok(calls <= 11, `lint ran ${calls} times`);
    assert.equal(result.text, 'x'.repeat(result.fixed));
  });

  it('reduces a rewrite to the smallest single replacement', () => {
    assert.equal(minimalReplacement('same', 'same'), undefined);
    assert.deepEqual(minimalReplacement('const a = 1;\nconst b = 2;\n', 'const a = 1;\nconst c = 2;\n'), { range: [19, 20], text: 'c' });
    assert.deepEqual(minimalReplacement('aXa', 'aa'), { range: [1, 2], text: '' });
    assert.deepEqual(minimalReplacement('ab', 'abab'), { range: [2, 2], text: 'ab' });
  });
});
