/**
 * The layer check over the whole rules/ folder: every import (and JSDoc type import) against the
 * layer table, the loops between folders and between files, and the folders grown past their size.
 * Loops are looked for among the imports that load code; a type loop between two folders has an
 * edge up or sideways, which the table finds, and one inside a folder is no one's business. scripts/layers.js
 * prints it; test/scripts/layers.test.js holds the plugin to it.
 */
import { readImportGraph, loopsOf } from './import-graph.js';
import { RULES_DIR, folderOf, importProblem, ruleIds } from './layer-table.js';

/** A folder past this many files has more than one job: split it. */
export const MAX_FOLDER_FILES = 15;

/**
 * @typedef {object} FolderRow
 * @property {string} folder  relative to rules/ ('' for the rules' entries)
 * @property {number} files
 * @property {number} importsUp  imports of a file in a higher folder (or another rule's, or a sibling's)
 *
 * @typedef {object} LayerCheck
 * @property {FolderRow[]} folders
 * @property {Array<{ from: string, to: string, type: boolean, message: string }>} problems  the imports the table forbids
 * @property {string[][]} folderLoops
 * @property {string[][]} fileLoops
 * @property {FolderRow[]} oversized
 */

/**
 * @param {string} [rulesDir]
 * @returns {LayerCheck}
 */
export function checkLayers(rulesDir = RULES_DIR) {
  const { files, edges } = readImportGraph(rulesDir);
  const ids = ruleIds(rulesDir);
  /** @type {Map<string, FolderRow>} */
  const rows = new Map();
  for (const file of files) {
    const folder = folderOf(file);
    const row = rows.get(folder) ?? { folder, files: 0, importsUp: 0 };
    row.files += 1;
    rows.set(folder, row);
  }
  /** @type {LayerCheck['problems']} */
  const problems = [];
  /** @type {Map<string, Set<string>>} */
  const fileGraph = new Map(files.map((file) => [file, new Set()]));
  /** @type {Map<string, Set<string>>} */
  const folderGraph = new Map([...rows.keys()].map((folder) => [folder, new Set()]));
  for (const { from, to, type } of edges) {
    if (!type) {
      fileGraph.get(from)?.add(to);
      if (folderOf(from) !== folderOf(to)) folderGraph.get(folderOf(from))?.add(folderOf(to));
    }
    const problem = importProblem(from, to, ids);
    if (!problem) continue;
    problems.push({ from, to, type, message: problem.message });
    rows.get(folderOf(from)).importsUp += 1;
  }
  const folders = [...rows.values()].sort((a, b) => (a.folder < b.folder ? -1 : 1));
  return {
    folders,
    problems,
    folderLoops: loopsOf(folderGraph),
    fileLoops: loopsOf(fileGraph),
    oversized: folders.filter((row) => row.files > MAX_FOLDER_FILES),
  };
}
