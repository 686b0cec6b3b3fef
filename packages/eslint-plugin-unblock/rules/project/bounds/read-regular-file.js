/**
 * Reads a project file only when it is a regular file (after following links) of at most a given
 * size. A project may hold anything under a source file's name: a FIFO (`evil.js`) blocked the
 * lint until something wrote into it, a link to /dev/zero was read until memory ran out (its
 * size reads as 0, so a size check alone let it through). The file is opened without blocking
 * and checked through its descriptor, so it cannot be swapped between the check and the read.
 */
import fs from 'node:fs';

/** Opening a FIFO for reading must not wait for a writer (0 where the platform has no such flag). */
const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);

/**
 * @param {string} file
 * @param {number} maxBytes
 * @returns {string | null} the text, or null when it is not a regular file, is bigger, or cannot be read
 */
export function readRegularFile(file, maxBytes) {
  let fd;
  try {
    fd = fs.openSync(file, OPEN_FLAGS);
    const stat = fs.fstatSync(fd);
    if (!stat.isFile() || stat.size > maxBytes) return null;
    // Read at most one byte past the limit: a file growing meanwhile is refused, not read on and on.
    const buffer = Buffer.allocUnsafe(Math.min(stat.size, maxBytes) + 1);
    let length = 0;
    while (length < buffer.length) {
      const read = fs.readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
    }
    return length > maxBytes ? null : buffer.toString('utf8', 0, length);
  } catch {
    return null;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** U+FEFF, which ESLint's SourceCode drops from the start of a text (its `hasBOM`). */
const BYTE_ORDER_MARK = 0xfeff;

/** How many bytes the mark takes in UTF-8. */
export const BYTE_ORDER_MARK_BYTES = 3;

/**
 * A source module's text as ESLint lints it and Node loads it: without a leading byte-order mark.
 * The project index places functions by offset (`file#start`) and compares the linted text with the
 * file on disk: read with its mark, a file written by an editor that adds one had every offset one
 * further than the linted tree's, and none of its functions was known to the index.
 * @param {string} file
 * @param {number} maxBytes
 * @returns {string | null}
 */
export function readModuleText(file, maxBytes) {
  const text = readRegularFile(file, maxBytes);
  return text !== null && text.charCodeAt(0) === BYTE_ORDER_MARK ? text.slice(1) : text;
}

/**
 * The stat of a path when it is a regular file (after following links), else null.
 * @param {string} file
 * @returns {fs.Stats | null}
 */
export function regularFileStat(file) {
  try {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    return stat?.isFile() ? stat : null;
  } catch {
    return null;
  }
}
