/**
 * Where a checkout's plugin entry is: packages/eslint-plugin-unblock/index.js since the repo was split
 * into packages, index.js at the root before. Measurement scripts take `--plugin DIR` to compare
 * another checkout (often an older one), so both layouts are accepted.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * @param {string} checkoutDir
 * @returns {string} a file URL to import
 */
export function pluginEntryUrl(checkoutDir) {
  const split = path.join(checkoutDir, 'packages', 'eslint-plugin-unblock', 'index.js');
  return pathToFileURL(fs.existsSync(split) ? split : path.join(checkoutDir, 'index.js')).href;
}
