import assert from 'node:assert/strict';
import { createLineIndex } from '../../extension/src/mapping/positions.js';
import { findParseError, preferredSuggestionIndex, toDiagnosticRecord } from '../../extension/src/mapping/diagnostics.js';

const text = 'async function f() {\n  const a = await x();\n  const b = await y();\n  return [a, b];\n}\n';
const index = createLineIndex(text);
const docs = 'https://example.test/docs/rules/no-await-waterfall.md';
const lookup = {
  severityFor: () => /** @type {const} */ ('warning'),
  docsUrlFor: (/** @type {string} */ id) => (id === 'unblock/no-await-waterfall' ? docs : undefined),
};
const start = text.indexOf('const a');
const end = text.indexOf('\n  return');
const waterfall = {
  ruleId: 'unblock/no-await-waterfall',
  message: '2 independent awaits run one after another; start them together with Promise.all.',
  line: 2,
  column: 3,
  endLine: 3,
  endColumn: 23,
  messageId: 'waterfall',
  suggestions: [
    { desc: 'Keep them in order but add a comment.', fix: { range: /** @type {[number, number]} */ ([start, start]), text: '// ordered\n  ' } },
    { desc: 'Start the 2 operations together with Promise.all.', fix: { range: /** @type {[number, number]} */ ([start, end]), text: 'const [a, b] = await Promise.all([x(), y()]);' } },
  ],
};

describe('extension: ESLint message → diagnostic record', () => {
  it('maps position, message, severity, source and the rule id with its docs link', () => {
    const record = toDiagnosticRecord(waterfall, index, lookup);
    assert.deepEqual(record.range, { start: { line: 1, character: 2 }, end: { line: 2, character: 22 } });
    assert.equal(record.message, waterfall.message);
    assert.equal(record.severity, 'warning');
    assert.equal(record.source, 'unblock');
    assert.deepEqual(record.code, { value: 'no-await-waterfall', target: docs });
  });

  it('turns each suggestion into a text edit in 0-based positions, the Promise.all one preferred', () => {
    const record = toDiagnosticRecord(waterfall, index, lookup);
    assert.deepEqual(record.suggestions.map((s) => s.preferred), [false, true]);
    assert.deepEqual(record.suggestions[1], {
      title: 'Start the 2 operations together with Promise.all',
      edit: { range: { start: { line: 1, character: 2 }, end: { line: 2, character: 22 } }, newText: 'const [a, b] = await Promise.all([x(), y()]);' },
      preferred: true,
    });
    assert.deepEqual(record.suggestions[0].edit.range, { start: { line: 1, character: 2 }, end: { line: 1, character: 2 } });
  });

  it('takes the severity from the settings lookup, and drops rules set to off', () => {
    assert.equal(toDiagnosticRecord(waterfall, index, { ...lookup, severityFor: () => 'error' }).severity, 'error');
    assert.equal(toDiagnosticRecord(waterfall, index, { ...lookup, severityFor: () => 'hint' }).severity, 'hint');
    assert.equal(toDiagnosticRecord(waterfall, index, { ...lookup, severityFor: () => 'off' }), undefined);
  });

  it('ignores parse errors and messages from other rules', () => {
    assert.equal(toDiagnosticRecord({ ruleId: null, fatal: true, message: 'Parsing error', line: 1, column: 1 }, index, lookup), undefined);
    assert.equal(toDiagnosticRecord({ ...waterfall, ruleId: 'no-unused-vars' }, index, lookup), undefined);
  });

  it('has no code target when the rule has no docs url, and no actions without suggestions', () => {
    const record = toDiagnosticRecord({ ...waterfall, ruleId: 'unblock/no-blocking-sync-call', suggestions: undefined }, index, lookup);
    assert.deepEqual(record.code, { value: 'no-blocking-sync-call', target: undefined });
    assert.deepEqual(record.suggestions, []);
  });

  it('prefers the first suggestion when none is the Promise.all rewrite', () => {
    assert.equal(preferredSuggestionIndex([]), -1);
    assert.equal(preferredSuggestionIndex([{ desc: 'a', fix: { text: 'x' } }, { desc: 'b', fix: { text: 'y' } }]), 0);
    assert.equal(preferredSuggestionIndex([{ desc: 'a', fix: { text: 'x' } }, { desc: 'b', fix: { text: 'await Promise.all([p, q])' } }]), 1);
  });

  it('finds the fatal message of a text that does not parse', () => {
    const fatal = { ruleId: null, fatal: true, message: 'Parsing error: Unexpected token', line: 1, column: 9 };
    assert.equal(findParseError([waterfall, fatal]), fatal);
    assert.equal(findParseError([waterfall]), undefined);
  });
});
