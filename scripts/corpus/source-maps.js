/**
 * Rebuilds a package's original TypeScript from the `sourcesContent` of its shipped source maps,
 * so compiled packages (e.g. @strapi/core) also give real TypeScript to lint.
 */
import fs from 'node:fs';
import path from 'node:path';

/**
 * @param {string} dir
 * @returns {string[]} every *.map file under dir
 */
function mapFiles(dir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.map'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes each `sources[i]` that is a .ts/.tsx file inside the package with its `sourcesContent[i]`
 * under outDir, keeping its path relative to the package. Sources that point outside the package
 * (or into node_modules) are skipped: they are not this package's code.
 * @param {string} packageDir the unpacked package/ folder
 * @param {string} outDir where to write the rebuilt files
 * @returns {string[]} the written files, sorted
 */
export function rebuildTypeScriptFromMaps(packageDir, outDir) {
  /** @type {Map<string, string>} */
  const sources = new Map();
  for (const mapFile of mapFiles(packageDir)) {
    /** @type {{ sources?: string[], sourcesContent?: (string | null)[], sourceRoot?: string }} */
    let map;
    try {
      map = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
    } catch {
      continue; // a broken map only means fewer rebuilt files
    }
    const base = path.resolve(path.dirname(mapFile), map.sourceRoot ?? '');
    (map.sources ?? []).forEach((source, index) => {
      const content = map.sourcesContent?.[index];
      if (typeof content !== 'string' || !/\.tsx?$/.test(source)) return;
      const relative = path.relative(packageDir, path.resolve(base, source));
      if (relative.startsWith('..') || path.isAbsolute(relative) || relative.split(path.sep).includes('node_modules')) return;
      sources.set(relative, content); // .js.map and .mjs.map carry the same source: keep one
    });
  }
  const written = [];
  for (const [relative, content] of sources) {
    const target = path.join(outDir, relative);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, content);
    written.push(target);
  }
  return written.sort();
}
