/**
 * Paths as the lint names them. ESLint (and VS Code) name a file by the path it was reached
 * through, symlinks and all (`~/code/app` linked to `/data/app`, macOS's `/tmp`), while the
 * resolver answers with real paths. The project index compares paths to know who imports whom:
 * two names for one file made every importer look absent, and code run only at start-up then
 * looked reachable from nowhere in particular — reported where it should stay silent. So a
 * resolved path under a linked folder's real location is turned back into its linked name.
 */
import fs from 'node:fs';
import path from 'node:path';

/**
 * @typedef {{ real: string, linked: string }} FolderLink the real location of a linked folder, and its name
 */

/** @type {Map<string, FolderLink | null>} null: the folder is not behind a symlink */
const linkOfFolder = new Map();

/**
 * @param {string} folder absolute, as the lint names it
 * @returns {FolderLink | null}
 */
function folderLink(folder) {
  let link = linkOfFolder.get(folder);
  if (link === undefined) {
    link = null;
    try {
      const real = fs.realpathSync.native(folder);
      if (real !== folder) link = linkedPrefixes(folder, real);
    } catch {
      // A folder that cannot be read: nothing in it resolves either.
    }
    linkOfFolder.set(folder, link);
  }
  return link;
}

/**
 * The two paths with their common trailing folders removed: `/tmp/l/sub` and `/data/app/sub`
 * give `/tmp/l` and `/data/app`, the link and what it points at.
 * @param {string} linkedPath
 * @param {string} realPath
 * @returns {FolderLink}
 */
function linkedPrefixes(linkedPath, realPath) {
  const linked = linkedPath.split(path.sep);
  const real = realPath.split(path.sep);
  while (linked.length > 1 && real.length > 1 && linked[linked.length - 1] === real[real.length - 1]) {
    linked.pop();
    real.pop();
  }
  return { real: real.join(path.sep), linked: linked.join(path.sep) };
}

/**
 * `target` (a real path from the resolver) named the way the lint names files in `fromFolder`.
 * @param {string} target
 * @param {string} fromFolder the folder of the importing file, as the lint names it
 */
export function asLinted(target, fromFolder) {
  const link = folderLink(fromFolder);
  if (!link || !target.startsWith(link.real + path.sep)) return target;
  return link.linked + target.slice(link.real.length);
}

/** Forgets which folders are links (the editor calls this when files appear, move or vanish). */
export function clearFolderLinks() {
  linkOfFolder.clear();
}
