#!/usr/bin/env node
/**
 * Prints the plugin's rules/ folders with their layer, their file count and the imports each makes
 * that the layer table forbids (up, sideways, into another rule's folder; JSDoc type imports too), then the loops between
 * folders and between files and the folders past 15 files. Exits 1 when there is any of these,
 * so it can stand in a CI step; test/scripts/layers.test.js runs the same check.
 *
 *   node scripts/layers.js
 */
import { checkLayers, MAX_FOLDER_FILES } from './layers/check-layers.js';
import { heightOf, placeName, ruleIds, ruleOf } from './layers/layer-table.js';

const result = checkLayers();
const ids = ruleIds();
/**
 * Bottom to top: the shared folders in the table's order, then each rule's folders, then the entries.
 * @param {string} folder
 */
const rank = (folder) => heightOf(folder) ?? (folder === '' ? 1e9 : 1e6 + (folder.includes('/') ? 1 : 0));
result.folders.sort((a, b) => rank(a.folder) - rank(b.folder) || (a.folder < b.folder ? -1 : 1));
const width = Math.max(...result.folders.map((row) => row.folder.length + 2));
console.log(`${'folder'.padEnd(width)}  files  bad imports  layer`);
for (const row of result.folders) {
  const name = `${row.folder || '.'}/`;
  const rule = ruleOf(row.folder === '' ? `${[...ids][0]}.js` : `${row.folder}/x.js`, ids);
  const place = row.folder === '' ? 'rules (entries)' : rule ? `rule ${rule}` : placeName(row.folder);
  console.log(`${name.padEnd(width)}  ${String(row.files).padStart(5)}  ${String(row.importsUp).padStart(11)}  ${place}`);
}
for (const problem of result.problems) console.log(`bad ${problem.type ? 'type import' : 'import'}: ${problem.from} -> ${problem.to}: ${problem.message}`);
for (const loop of result.folderLoops) console.log(`folder loop: ${loop.join(' <-> ')}`);
for (const loop of result.fileLoops) console.log(`file loop: ${loop.join(' <-> ')}`);
for (const row of result.oversized) console.log(`folder over ${MAX_FOLDER_FILES} files: ${row.folder}/ (${row.files})`);
console.log(
  `${result.folders.length} folders, ${result.problems.length} bad imports (up, sideways or into another rule), ` +
    `${result.folderLoops.length} folder loops, ${result.fileLoops.length} file loops, ${result.oversized.length} folders over ${MAX_FOLDER_FILES} files`,
);
process.exitCode = result.problems.length + result.folderLoops.length + result.fileLoops.length + result.oversized.length > 0 ? 1 : 0;
