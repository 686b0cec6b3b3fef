/**
 * Where the persistent project cache lives, and whether there is one. By default it is
 * `node_modules/.cache/unblock/` under the project's root (the folder of the nearest package.json,
 * or the monorepo's workspace root), the folder tools such as Babel and ESLint plugins share.
 *
 * - ESLint's shared settings, `settings: { unblock: { cache: false } }`, turn it off; a string,
 *   `settings: { unblock: { cache: '.cache/unblock' } }`, puts it in that folder (relative to the
 *   folder ESLint runs in). They win over the environment.
 * - The environment: `UNBLOCK_CACHE=off` (or `0`, `false`) turns it off, `UNBLOCK_CACHE_DIR=…`
 *   moves it (relative to the working directory of the process).
 *
 * Every rule notes its lint's settings (rule-shell/host-check.js); the project index asks here
 * when it reads or writes facts for a project.
 *
 * A folder inside the project that leads out of it through a link (a `node_modules` or
 * `node_modules/.cache` committed as a link to a folder elsewhere) is refused: the cache is off for
 * that project, with one line saying so. A folder chosen outside the project (UNBLOCK_CACHE_DIR, a
 * setting naming another place) is where its chooser wants it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isWithin, lintWarning } from '../bounds/lint-bounds.js';

/**
 * @typedef {{ off: true } | { off: false, folder: string | null }} CacheChoice folder null: the default place
 */

/** @type {CacheChoice} the latest lint's choice */
let choice = fromEnvironment();

/**
 * Notes the cache settings of a lint that starts (the first rule of a file calls it).
 * @param {{ settings?: any, cwd?: string }} context
 */
export function noteCacheSettings(context) {
  const cache = context.settings?.unblock?.cache;
  if (cache === false) choice = { off: true };
  else if (typeof cache === 'string' && cache.length > 0) choice = { off: false, folder: path.resolve(context.cwd ?? process.cwd(), cache) };
  else choice = fromEnvironment();
}

/** @returns {CacheChoice} */
function fromEnvironment() {
  const switchedOff = /^(off|0|false|no)$/i.test(process.env.UNBLOCK_CACHE ?? '');
  if (switchedOff) return { off: true };
  const folder = process.env.UNBLOCK_CACHE_DIR;
  return { off: false, folder: folder ? path.resolve(folder) : null };
}

/**
 * The cache folder for a project, or null when the cache is off.
 * @param {string} projectRoot the project's root folder
 * @returns {string | null}
 */
export function cacheFolderFor(projectRoot) {
  if (choice.off === true) return null;
  const folder = choice.folder ?? path.join(projectRoot, 'node_modules', '.cache', 'unblock');
  return staysInside(folder, projectRoot) ? folder : null;
}

/** @type {Map<string, boolean>} by folder and project root: checked once a process */
const checked = new Map();
const MAX_CHECKED = 1000;

/**
 * Whether a cache folder inside the project stays inside it once links are followed (one outside
 * it by name is not the project's to move).
 * @param {string} folder
 * @param {string} projectRoot
 */
function staysInside(folder, projectRoot) {
  if (!isWithin(folder, projectRoot)) return true;
  const id = `${folder}\0${projectRoot}`;
  let inside = checked.get(id);
  if (inside === undefined) {
    const real = realPathOf(folder);
    inside = real !== null && isWithin(real, realPathOf(projectRoot) ?? projectRoot);
    if (checked.size >= MAX_CHECKED) checked.clear();
    checked.set(id, inside);
    if (!inside) {
      const shown = (/** @type {string | null} */ name) => JSON.stringify(name ?? '?').slice(1, -1);
      lintWarning(`unblock: the project cache folder ${shown(folder)} leads outside the project (to ${shown(real)}): no project cache for this project.`, 'UNBLOCK_CACHE_OUTSIDE');
    }
  }
  return inside;
}

/**
 * The real path of a folder that may not exist yet: its nearest existing ancestor's, resolved, with
 * the rest of the path (to be created) after it; null when that cannot be read.
 * @param {string} folder
 * @returns {string | null}
 */
function realPathOf(folder) {
  /** @type {string[]} */
  const rest = [];
  for (let current = folder; ; current = path.dirname(current)) {
    try {
      return path.join(fs.realpathSync(current), ...rest.reverse());
    } catch (error) {
      const code = /** @type {NodeJS.ErrnoException} */ (error)?.code;
      // A dangling link is not a folder still to make: where it leads is not known.
      if (code !== 'ENOENT' || path.dirname(current) === current || fs.lstatSync(current, { throwIfNoEntry: false })) return null;
      rest.push(path.basename(current));
    }
  }
}

/**
 * The choice as plain data, to hand to a helper thread.
 * @returns {CacheChoice}
 */
export function cacheChoice() {
  return choice;
}
