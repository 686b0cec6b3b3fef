import assert from 'node:assert/strict';
import { createLineIndex, messageRange, offsetsToRange } from '../../extension/src/mapping/positions.js';

describe('extension: positions', () => {
  describe('createLineIndex', () => {
    it('counts \\n, \\r\\n and lone \\r as line breaks, like VS Code', () => {
      const index = createLineIndex('a\nbb\r\nccc\rd');
      assert.equal(index.lineCount, 4);
      assert.deepEqual([0, 1, 2, 3].map(index.lineText), ['a', 'bb', 'ccc', 'd']);
      assert.deepEqual([0, 1, 2, 3].map(index.lineLength), [1, 2, 3, 1]);
    });

    it('maps offsets to 0-based positions and back', () => {
      const text = 'ab\r\ncd\nef';
      const index = createLineIndex(text);
      assert.deepEqual(index.offsetToPosition(0), { line: 0, character: 0 });
      assert.deepEqual(index.offsetToPosition(4), { line: 1, character: 0 });
      assert.deepEqual(index.offsetToPosition(5), { line: 1, character: 1 });
      assert.deepEqual(index.offsetToPosition(text.length), { line: 2, character: 2 });
      for (let offset = 0; offset <= text.length; offset++) {
        if (text[offset - 1] === '\r' && text[offset] === '\n') continue; // inside a CRLF pair
        assert.equal(index.positionToOffset(index.offsetToPosition(offset)), offset, `offset ${offset}`);
      }
    });

    it('clamps offsets outside the text and puts an offset inside \\r\\n at the end of its line', () => {
      const index = createLineIndex('ab\r\ncd');
      assert.deepEqual(index.offsetToPosition(-5), { line: 0, character: 0 });
      assert.deepEqual(index.offsetToPosition(99), { line: 1, character: 2 });
      assert.deepEqual(index.offsetToPosition(3), { line: 0, character: 2 });
    });

    it('handles an empty text and a trailing line break', () => {
      assert.equal(createLineIndex('').lineCount, 1);
      const index = createLineIndex('x\n');
      assert.equal(index.lineCount, 2);
      assert.deepEqual(index.offsetToPosition(2), { line: 1, character: 0 });
    });
  });

  describe('messageRange', () => {
    const index = createLineIndex('const a = 1;\n  await f();\n  await g();\n');

    it('turns ESLint 1-based line/column (end exclusive) into a 0-based range', () => {
      assert.deepEqual(messageRange({ line: 2, column: 3, endLine: 3, endColumn: 13 }, index), {
        start: { line: 1, character: 2 },
        end: { line: 2, character: 12 },
      });
    });

    it('without an end (parse errors) covers the word at the start, or one character', () => {
      assert.deepEqual(messageRange({ line: 2, column: 3 }, index), { start: { line: 1, character: 2 }, end: { line: 1, character: 7 } });
      assert.deepEqual(messageRange({ line: 1, column: 12 }, index), { start: { line: 0, character: 11 }, end: { line: 0, character: 12 } });
      assert.deepEqual(messageRange({ line: 4, column: 1 }, index), { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } });
    });

    it('clamps positions past the end of the document or of a line', () => {
      assert.deepEqual(messageRange({ line: 9, column: 9, endLine: 12, endColumn: 1 }, index), {
        start: { line: 3, character: 0 },
        end: { line: 3, character: 0 },
      });
      assert.deepEqual(messageRange({ line: 1, column: 1, endLine: 1, endColumn: 80 }, index).end, { line: 0, character: 12 });
    });

    it('never returns an end before the start', () => {
      assert.deepEqual(messageRange({ line: 2, column: 5, endLine: 2, endColumn: 2 }, index), {
        start: { line: 1, character: 4 },
        end: { line: 1, character: 4 },
      });
    });

    it('treats line 0 (file-level messages) as the first line', () => {
      assert.deepEqual(messageRange({ line: 0, column: 0 }, index).start, { line: 0, character: 0 });
    });
  });

  it('offsetsToRange maps an ESLint fix range across lines', () => {
    const index = createLineIndex('ab\ncd\nef');
    assert.deepEqual(offsetsToRange([1, 7], index), { start: { line: 0, character: 1 }, end: { line: 2, character: 1 } });
  });
});
