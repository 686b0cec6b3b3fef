/**
 * What the kept scans read, in one cache entry per project: for each scan, the modules its inputs
 * named with the hash of the text it read of each, the project's layout and the lint folders then.
 *
 * Why: a file's kept verdicts name the scans they used (caller-inputs.js), and a warm run checks each
 * of those scans before it reuses a verdict. Read from their entries, that was hundreds of entries
 * holding every call site: on NodeBB, 6 MB parsed and checked to learn that nothing had changed.
 *
 * Why it is the same answer: a scan holds while each of its inputs gives the answer it gave
 * (../workspace/input-check.js). A module whose text has the hash an input recorded gives every answer
 * it gave, at the same place, without being parsed; an import resolves as it did while the layout
 * (what decides resolutions: folders, file names, package.json and tsconfig files, node_modules) and
 * the lint folders are the same, which is the rule the import map's kept resolutions follow too. So a
 * scan whose inputs are only of these kinds holds exactly when every module it read has the recorded
 * hash and the layout and folders are the same. A line is made only for such a scan, from the inputs of
 * the entry this process found to hold or wrote; anything else (another hash, another layout, a scan
 * that asked about dependencies or folders, no line) is checked from the entry, as before.
 *
 * Written when the process exits, or at the next lint after a pause (an editor's): a command-line run
 * writes it once. Several processes writing it at once leave the last one's: lines lost are only misses.
 */
import fs from 'node:fs';
import { contentHash } from '../cache/content-hash.js';
import { moduleTextHash } from '../modules/module-cache.js';
import { onLintStart, lintPauses, readBoundOf } from '../bounds/lint-bounds.js';

const KIND = 'scan-ledger';
const KEY = contentHash('scan-ledger');
/** A ledger past this many lines is not written again (a scan is a module: no project has that many). */
const MAX_LINES = 100_000;

/**
 * @typedef {import('../cache/store.js').Store} Store
 * @typedef {import('../cache/inputs.js').Input} Input
 * @typedef {{ layout: string, bounds: string, files: Array<[string, string]> }} Line
 *   the layout and lint folders the scan read under, and each module it read with its text's hash
 * @typedef {{ lines: Map<string, Line>, changed: boolean, touched: Set<string> }} Ledger  by scan key; touched: the
 *   scans this process noted or found held by their line
 */

/** @type {WeakMap<Store, Ledger>} */
const ledgers = new WeakMap();
/** @type {Set<Store>} stores whose ledger changed since it was last written */
const unwritten = new Set();
let writesHooked = false;
let writtenAtPauses = 0;

/**
 * Whether the ledger shows the kept scan under `key` to hold now, without reading it.
 * @param {Store} store
 * @param {string} key the scan's entry key
 * @param {string} layout the project's layout now
 */
export function scanLedgerHolds(store, key, layout) {
  const ledger = ledgerOf(store);
  const line = ledger.lines.get(key);
  if (!line || line.layout !== layout) return false;
  for (const [file, hash] of line.files) if (moduleTextHash(file) !== hash) return false;
  if (boundsOf(line.files) !== line.bounds) return false;
  ledger.touched.add(key);
  return true;
}

/**
 * Notes the inputs of a kept scan found to hold, or just written: its line, or none when its inputs
 * are of a kind the ledger cannot vouch for.
 * @param {Store} store
 * @param {string} key
 * @param {readonly Input[]} inputs
 * @param {string} layout the layout they were read under
 */
export function noteScanHeld(store, key, inputs, layout) {
  const ledger = ledgerOf(store);
  const line = lineOf(inputs, layout);
  ledger.touched.add(key);
  if (line) ledger.lines.set(key, line);
  else if (!ledger.lines.delete(key)) return;
  ledger.changed = true;
  unwritten.add(store);
  hookWrites();
}

/**
 * @param {readonly Input[]} inputs
 * @param {string} layout
 * @returns {Line | null}
 */
function lineOf(inputs, layout) {
  /** @type {Map<string, string>} */
  const files = new Map();
  /** @type {Set<string>} files whose imports were resolved */
  const resolving = new Set();
  for (const input of inputs) {
    if (input[0] === 'resolve') {
      resolving.add(input[1]);
      continue;
    }
    if (input[0] !== 'module' && input[0] !== 'name' && input[0] !== 'member' && input[0] !== 'shape') return null;
    const hash = input[2];
    // A module with no text, or read at two texts in one scan: not something a hash can vouch for.
    if (typeof hash !== 'string' || (files.has(input[1]) && files.get(input[1]) !== hash)) return null;
    files.set(input[1], hash);
  }
  // The folders an import resolves within are those of the file it is written in: it must be one of the files listed.
  for (const file of resolving) if (!files.has(file)) return null;
  const list = [...files];
  return { layout, bounds: boundsOf(list), files: list };
}

/**
 * The lint folders that bound what is read on behalf of these files (../bounds/lint-bounds.js).
 * @param {Array<[string, string]>} files
 */
function boundsOf(files) {
  return [...new Set(files.map(([file]) => readBoundOf(file) ?? ''))].sort().join('\n');
}

/**
 * @param {Store} store
 * @returns {Ledger}
 */
function ledgerOf(store) {
  let ledger = ledgers.get(store);
  if (!ledger) {
    ledger = { lines: decoded(store.read(KIND, KEY)), changed: false, touched: new Set() };
    ledgers.set(store, ledger);
  }
  return ledger;
}

/**
 * @param {{ files: Array<[string, string]>, lines: Array<[string, string, string, number[]]> } | undefined} value
 * @returns {Map<string, Line>}
 */
function decoded(value) {
  /** @type {Map<string, Line>} */
  const lines = new Map();
  if (!value) return lines;
  for (const [key, layout, bounds, at] of value.lines) lines.set(key, { layout, bounds, files: at.map((index) => value.files[index]) });
  return lines;
}

/**
 * One entry: each module and hash once, each line naming them by their place.
 * @param {Map<string, Line>} lines
 */
function encoded(lines) {
  /** @type {Map<string, number>} */
  const places = new Map();
  /** @type {Array<[string, string]>} */
  const files = [];
  const placeOf = (/** @type {[string, string]} */ pair) => {
    const id = `${pair[0]}\0${pair[1]}`;
    let at = places.get(id);
    if (at === undefined) {
      places.set(id, (at = files.length));
      files.push(pair);
    }
    return at;
  };
  return { files, lines: [...lines].map(([key, line]) => [key, line.layout, line.bounds, line.files.map(placeOf)]) };
}

function hookWrites() {
  if (writesHooked) return;
  writesHooked = true;
  writtenAtPauses = lintPauses();
  process.once('exit', writeLedgers);
  // A long-lived process (an editor's) writes after each pause in linting; a command-line run, at exit.
  onLintStart(() => {
    if (lintPauses() !== writtenAtPauses) writeLedgers();
  });
}

/**
 * Writes each ledger that changed, only into a cache folder still there: its lines came from entries
 * read or written there, so one gone since was removed (by a user, by a test), and is not made again.
 */
function writeLedgers() {
  writtenAtPauses = lintPauses();
  for (const store of unwritten) {
    const ledger = ledgerOf(store);
    if (ledger.changed && fs.existsSync(store.folder)) {
      // A line of a scan this process did not meet stays while its entry does: an edited module's old scans go with their entries (../cache/prune.js).
      for (const key of ledger.lines.keys()) if (!ledger.touched.has(key) && !store.has('scan', key)) ledger.lines.delete(key);
      if (ledger.lines.size <= MAX_LINES) store.write(KIND, KEY, encoded(ledger.lines));
    }
    ledger.changed = false;
  }
  unwritten.clear();
}
