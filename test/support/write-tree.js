/**
 * Writes a small tree of files for a test: relative path → content, folders made as needed.
 */
import fs from 'node:fs';
import path from 'node:path';

/**
 * @param {string} root
 * @param {Record<string, string>} files
 * @returns {string[]} the absolute paths written, in the order given
 */
export function writeTree(root, files) {
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  }
  return Object.keys(files).map((file) => path.join(root, file));
}
