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
 */
import path from 'node:path';

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
  return choice.folder ?? path.join(projectRoot, 'node_modules', '.cache', 'unblock');
}

/**
 * The choice as plain data, to hand to a helper thread.
 * @returns {CacheChoice}
 */
export function cacheChoice() {
  return choice;
}
