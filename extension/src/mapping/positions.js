// Position arithmetic between ESLint and VS Code, on plain objects so it is unit-testable
// without the editor. ESLint reports 1-based lines and columns (the end column points just
// past the last character); VS Code wants 0-based lines and characters. Fix ranges are
// offsets into the linted text.
import { lineOf } from '../lint/oxc-parser/lines.js';

/** @typedef {{ line: number, character: number }} Position */
/** @typedef {{ start: Position, end: Position }} Range */

/**
 * Indexes the line starts of a text the way VS Code counts lines (\r\n, \r or \n).
 * @param {string} text
 */
export function createLineIndex(text) {
  /** @type {number[]} */
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 13 /* \r */) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    } else if (ch === 10 /* \n */) {
      starts.push(i + 1);
    }
  }

  /** Length of a line without its line break. @param {number} line */
  function lineLength(line) {
    if (line < 0 || line >= starts.length) return 0;
    const end = line + 1 < starts.length ? starts[line + 1] : text.length;
    let length = end - starts[line];
    if (line + 1 < starts.length) {
      length -= text.charCodeAt(end - 2) === 13 && text.charCodeAt(end - 1) === 10 ? 2 : 1;
    }
    return length;
  }

  /** @param {number} offset @returns {Position} */
  function offsetToPosition(offset) {
    const clamped = Math.max(0, Math.min(offset, text.length));
    const line = lineOf(starts, clamped);
    return { line, character: Math.min(clamped - starts[line], lineLength(line)) };
  }

  /** @param {Position} position */
  function positionToOffset(position) {
    const line = Math.max(0, Math.min(position.line, starts.length - 1));
    return starts[line] + Math.max(0, Math.min(position.character, lineLength(line)));
  }

  /** @param {number} line */
  function lineText(line) {
    if (line < 0 || line >= starts.length) return '';
    return text.slice(starts[line], starts[line] + lineLength(line));
  }

  return { lineCount: starts.length, lineLength, lineText, offsetToPosition, positionToOffset };
}

/** @typedef {ReturnType<typeof createLineIndex>} LineIndex */

/**
 * Clamps a position into the document, so a report past the end (ESLint may point one past
 * the last line for "unexpected end of input") still gives a valid range.
 * @param {number} line0
 * @param {number} character0
 * @param {LineIndex} index
 * @returns {Position}
 */
function clampPosition(line0, character0, index) {
  const line = Math.max(0, Math.min(line0, index.lineCount - 1));
  const character = Math.max(0, Math.min(character0, index.lineLength(line)));
  return { line, character };
}

/**
 * The editor range for an ESLint message. Without an end (parse errors), the range covers
 * the rest of the word at the start, or one character, so the squiggle is visible.
 * @param {{ line: number, column: number, endLine?: number, endColumn?: number }} message
 * @param {LineIndex} index
 * @returns {Range}
 */
export function messageRange(message, index) {
  const start = clampPosition((message.line || 1) - 1, (message.column || 1) - 1, index);
  if (message.endLine != null && message.endColumn != null) {
    const end = clampPosition(message.endLine - 1, message.endColumn - 1, index);
    if (end.line > start.line || (end.line === start.line && end.character >= start.character)) return { start, end };
    return { start, end: start };
  }
  const rest = index.lineText(start.line).slice(start.character);
  const word = /^\w+/.exec(rest);
  const length = word ? word[0].length : Math.min(1, rest.length);
  return { start, end: { line: start.line, character: start.character + length } };
}

/**
 * The editor range for an ESLint fix range `[startOffset, endOffset)`.
 * @param {readonly [number, number]} offsets
 * @param {LineIndex} index
 * @returns {Range}
 */
export function offsetsToRange(offsets, index) {
  return { start: index.offsetToPosition(offsets[0]), end: index.offsetToPosition(offsets[1]) };
}

