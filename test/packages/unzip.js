// Unpacks a .vsix (a zip) into a folder, with yauzl, the zip reader @vscode/vsce itself uses
// (reached through vsce, whose dependency it is).
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const require = createRequire(import.meta.url);
/** @type {typeof import('yauzl')} */
const yauzl = createRequire(require.resolve('@vscode/vsce/package.json'))('yauzl');

/**
 * @param {string} file the .vsix
 * @param {string} folder where its entries go (extension/…, extension.vsixmanifest)
 * @returns {Promise<void>}
 */
export function unzip(file, folder) {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (/** @type {import('yauzl').Entry} */ entry) => {
        // yauzl refuses absolute names and `..` itself; a folder entry only makes the folder.
        const target = path.join(folder, entry.fileName);
        if (entry.fileName.endsWith('/')) return mkdir(target, { recursive: true }).then(() => zip.readEntry(), reject);
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          mkdir(path.dirname(target), { recursive: true })
            .then(() => pipeline(stream, createWriteStream(target)))
            .then(() => zip.readEntry(), reject);
        });
      });
      zip.readEntry();
    });
  });
}
