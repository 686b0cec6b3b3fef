/**
 * The layers of eslint-plugin-unblock's rules/ folder, bottom to top, and the one question the
 * lint rule (eslint-rule.js) and the graph check (scripts/layers.js) both ask of an import: may a
 * file in this folder import that file? One table for both, so the two cannot disagree.
 *
 * A file imports from its own folder or from a lower step; never from a higher one, and never
 * from another folder of its own step (folders of one step do not know each other). Each rule's
 * own folders sit on top: `<id>/` (its analysis), `<id>/report/` above it, `<id>.js` above both;
 * no other rule and no shared folder imports them. A folder that is in no step is a problem too:
 * a new folder gets its place here, where everyone sees it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The plugin's rules/ folder. */
export const RULES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/eslint-plugin-unblock/rules');

/**
 * @typedef {object} Layer
 * @property {string} name
 * @property {string} job  what its folders know, for the printout
 * @property {string[][]} steps  folders (relative to rules/), bottom step first; folders of one step are siblings
 */

/** @type {readonly Layer[]} */
export const LAYERS = [
  { name: 'language', job: 'JavaScript syntax, English words, helper threads: nothing read from a project', steps: [['language/syntax', 'language/english', 'threads']] },
  { name: 'effects', job: 'what a call does, from the file it is in: libraries\' APIs, names, references, SQL text', steps: [['effects/libraries'], ['effects']] },
  {
    name: 'project index',
    job: 'other files: bounds, cache, modules, the workspace, callees and their evidence, frameworks, callers',
    steps: [
      ['project/bounds'],
      ['project/cache/schemas'],
      ['project/cache'],
      ['project/modules'],
      ['project/workspace'],
      ['project/body-calls'],
      ['project/evidence'],
      ['project/callees'],
      ['project/frameworks/routing'],
      ['project/frameworks/servers', 'project/frameworks/apps', 'project/frameworks/events'],
      ['project/frameworks'],
      ['project/callers'],
      ['project'],
    ],
  },
  { name: 'code kinds', job: 'what code is and where it runs, asking the index: one-off, start-up, its route', steps: [['code-kind']] },
  {
    name: 'frame',
    job: 'what every rule is made with: verdicts kept between runs, the rule shell, rewrite helpers, reuse between lints',
    steps: [['verdicts'], ['rule-shell', 'rewrite', 'reuse']],
  },
];

/** Each shared folder's place: [layer index, step index]. */
const PLACES = new Map(LAYERS.flatMap((layer, l) => layer.steps.flatMap((step, s) => step.map((folder) => [folder, [l, s]]))));

/** @type {Map<string, Set<string>>} */
const ruleIdsByDir = new Map();

/**
 * The rules' ids: the `<id>.js` files directly in rules/.
 * @param {string} [rulesDir]
 * @returns {Set<string>}
 */
export function ruleIds(rulesDir = RULES_DIR) {
  let ids = ruleIdsByDir.get(rulesDir);
  if (!ids) {
    ids = new Set(fs.readdirSync(rulesDir).filter((name) => name.endsWith('.js')).map((name) => name.slice(0, -3)));
    ruleIdsByDir.set(rulesDir, ids);
  }
  return ids;
}

/**
 * The folder of a file under rules/, '' for the rules' own entries.
 * @param {string} file relative to rules/, with `/`
 */
export const folderOf = (file) => path.posix.dirname(file).replace(/^\.$/, '');

/**
 * The rule a file belongs to (its entry, its folder and what is under it), or null for shared code.
 * @param {string} file relative to rules/, with `/`
 * @param {Set<string>} ids
 * @returns {string | null}
 */
export function ruleOf(file, ids) {
  const folder = folderOf(file);
  const id = folder === '' ? path.posix.basename(file, '.js') : folder.split('/')[0];
  return ids.has(id) ? id : null;
}

/**
 * A file's height inside its rule: the analysis folder 0, a subfolder of it (report/) 1, the entry 2.
 * @param {string} file
 */
const heightInRule = (file) => {
  const folder = folderOf(file);
  return folder === '' ? 2 : folder.includes('/') ? 1 : 0;
};

/**
 * Where a shared folder sits, as printed: `project index, step 3`.
 * @param {string} folder
 */
export function placeName(folder) {
  const place = PLACES.get(folder);
  return place ? `${LAYERS[place[0]].name}, step ${place[1] + 1}` : 'no layer';
}

/**
 * The place of a shared folder, for ordering: a number that grows upward, or undefined when the table does not name it.
 * @param {string} folder
 */
export function heightOf(folder) {
  const place = PLACES.get(folder);
  return place && place[0] * 100 + place[1];
}

/**
 * Why `from` may not import `to`, or null when it may. Both are files under rules/.
 * @param {string} from relative to rules/, with `/`
 * @param {string} to relative to rules/, with `/`
 * @param {Set<string>} [ids] the rules' ids
 * @returns {{ kind: 'up' | 'sibling' | 'other-rule' | 'unplaced', message: string } | null}
 */
export function importProblem(from, to, ids = ruleIds()) {
  const fromFolder = folderOf(from);
  const toFolder = folderOf(to);
  const fromRule = ruleOf(from, ids);
  const toRule = ruleOf(to, ids);
  if (toRule) {
    if (fromRule !== toRule) {
      return { kind: 'other-rule', message: `${to} belongs to the rule ${toRule}: only that rule imports it (move what several rules use into a shared layer)` };
    }
    if (fromFolder === toFolder && fromFolder !== '') return null;
    const up = heightInRule(to) - heightInRule(from);
    if (up > 0) return { kind: 'up', message: `${to} is above ${from} in the rule ${toRule} (its analysis, then report/, then the entry)` };
    if (up === 0) return { kind: 'sibling', message: `${toFolder}/ and ${fromFolder}/ are on one level of the rule ${toRule}: neither imports the other` };
    return null;
  }
  for (const folder of [toFolder, fromRule ? null : fromFolder]) {
    if (folder !== null && heightOf(folder) === undefined) {
      return { kind: 'unplaced', message: `rules/${folder}/ is in no layer: give it its place in scripts/layers/layer-table.js` };
    }
  }
  if (fromRule || fromFolder === toFolder) return null;
  const fromHeight = /** @type {number} */ (heightOf(fromFolder));
  const toHeight = /** @type {number} */ (heightOf(toFolder));
  if (toHeight > fromHeight) return { kind: 'up', message: `rules/${toFolder}/ (${placeName(toFolder)}) is above rules/${fromFolder}/ (${placeName(fromFolder)})` };
  if (toHeight === fromHeight) return { kind: 'sibling', message: `rules/${toFolder}/ and rules/${fromFolder}/ share a step (${placeName(toFolder)}): neither imports the other` };
  return null;
}
