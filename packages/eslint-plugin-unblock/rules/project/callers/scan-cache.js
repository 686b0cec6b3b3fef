/**
 * A module's scan for callers kept in the persistent project cache (../cache/). A scan's result
 * (the entry points it set and the call sites it added, in order) is a fact about the module's
 * text and about what the scan read elsewhere: the modules it loaded, the imports it resolved,
 * the dependencies it asked about. All of it is written with the result; a later run reuses the
 * result only when every one of those inputs still gives the same answer, and scans again
 * otherwise. The questions asked of the index (request, start-up, unknown) are answered again
 * from these facts in every run that analyses a file; a file's verdicts kept between runs
 * (rules/verdicts/) name the scans they used (caller-inputs.js), and hold only while those do.
 */
import { contentHash } from '../cache/content-hash.js';
import { recordingInputs } from '../cache/inputs.js';
import { inputsNow } from '../workspace/input-check.js';
import { movedKey } from '../workspace/moved-keys.js';
import { loadModule, moduleTextHash } from '../modules/module-cache.js';
import { countScan } from '../cache/stats.js';
import { scanModule, callAt, putEntry } from './call-sites.js';
import { scanLedgerHolds, noteScanHeld } from './scan-ledger.js';
import { scanShape } from './scan-shape.js';

const KIND = 'scan';

/**
 * @typedef {import('./call-sites.js').ScanOp} ScanOp
 * @typedef {{ inputs: import('../cache/inputs.js').Input[], ops: ScanOp[] }} ScanFacts
 */

/**
 * Scans `file` for callers into `index`, as callers.js does: from the cache when the facts of an
 * earlier scan of the same text still hold, else by reading the module (and then keeps the facts
 * for the next run). Either way the ledger notes what the scan read (scan-ledger.js).
 * @param {import('../cache/store.js').Store} store
 * @param {import('./callers.js').CallerIndex} index
 * @param {string} file the module scanned
 * @param {string} layout the project's layout (../workspace/project-layout.js)
 * @returns {string} the scan's shape (scan-shape.js)
 */
export function scanWithCache(store, index, file, layout) {
  const { ops, reused } = scanNow(store, file, layout);
  addScanFacts(index, ops, file);
  countScan(reused);
  return scanShape(ops, file);
}

/**
 * The scan of `file` as its text reads now: kept, while every input of it holds (moved with the
 * code it read), else made and kept.
 * @param {import('../cache/store.js').Store} store
 * @param {string} file
 * @param {string | null} layout the project's layout (null: not known, the ledger is not told)
 * @returns {{ ops: ScanOp[], reused: boolean }}
 */
function scanNow(store, file, layout) {
  const key = scanKey(file, moduleTextHash(file));
  const kept = store.read(KIND, key);
  const now = isFacts(kept) ? inputsNow(kept.inputs) : null;
  const keptOps = now && movedOps(/** @type {ScanFacts} */ (kept).ops, now.moves);
  if (now && keptOps) {
    // Kept as they read now: the next run finds the changed modules' hashes the same, and parses none of them.
    if (now.moves.size > 0) store.write(KIND, key, { inputs: now.inputs, ops: keptOps });
    if (layout !== null) noteScanHeld(store, key, now.inputs, layout);
    return { ops: keptOps, reused: true };
  }
  // Its own inputs, kept with it: work that uses the scan notes the entry itself (caller-inputs.js).
  const { value: ops, inputs } = recordingInputs(() => scanFacts(file), { isolated: true });
  // Reached only when the scan finished: a scan cut short by an error is not kept (it is redone, and cut short the same way).
  store.write(KIND, key, { inputs, ops });
  if (layout !== null) noteScanHeld(store, key, inputs, layout);
  return { ops, reused: false };
}

/**
 * How the kept scan of `file` at the text with hash `hash` holds now: null when it is not there or an
 * input gives another answer; else the moves of the code it read (none: it holds as written). The
 * scan, with its keys moved the same way, is what a fresh scan would find (scanWithCache). The ledger
 * answers first where it can (scan-ledger.js): then the entry is not read.
 *
 * A module whose text changed since is scanned again (and the scan kept): what used the earlier scan
 * holds when the new one has its shape (scan-shape.js). Its places moved by an amount not known here,
 * so every place in the module counts as moved: a kept report naming one is made again (renamedIn).
 * @param {import('../cache/store.js').Store} store
 * @param {string} file
 * @param {string | null} hash
 * @param {string | null} shape the scan's shape then (null: not known, a changed text does not hold)
 * @param {string | null} layout the project's layout now (null: not known, the ledger is not asked)
 * @returns {import('../workspace/input-check.js').Moves | null}
 */
export function keptScanMoves(store, file, hash, shape, layout) {
  if (hash === null) return null;
  if (moduleTextHash(file) !== hash) return hasShapeNow(store, file, shape, layout) ? renamedIn(file) : null;
  const key = scanKey(file, hash);
  if (layout !== null && scanLedgerHolds(store, key, layout)) return new Map();
  const kept = store.read(KIND, key);
  const now = isFacts(kept) ? inputsNow(kept.inputs) : null;
  const moves = now && movedOps(/** @type {ScanFacts} */ (kept).ops, now.moves) ? now.moves : null;
  if (now && moves?.size === 0 && layout !== null) noteScanHeld(store, key, now.inputs, layout);
  return moves;
}

/**
 * Whether the scan of `file`'s text now, kept or made (and kept), has the shape `shape`.
 * @param {import('../cache/store.js').Store} store
 * @param {string} file
 * @param {string | null} shape
 * @param {string | null} layout
 */
function hasShapeNow(store, file, shape, layout) {
  if (shape === null || moduleTextHash(file) === null) return false;
  const { ops, reused } = scanNow(store, file, layout);
  countScan(reused);
  return scanShape(ops, file) === shape;
}

/**
 * Moves saying that every place in `file` moved, by an amount not known: a move that covers no place
 * (a key into the file cannot be moved, ../workspace/moved-keys.js movedKey) and is not zero (anyMoved).
 * @param {string} file
 * @returns {import('../workspace/input-check.js').Moves}
 */
function renamedIn(file) {
  return new Map([[file, [[0, 0, 1]]]]);
}

/**
 * The key of the kept scan of a module's text.
 * @param {string} file
 * @param {string | null} hash
 */
function scanKey(file, hash) {
  return contentHash(`${file}\0${hash ?? ''}`);
}

/**
 * What a scan of `file` does to a caller index, in order, holding no node of its tree: the index
 * it is added to (addScanFacts) then does not keep every scanned module's tree alive for the rest
 * of the run. A run scans hundreds of modules to answer a few questions; kept alive, their trees
 * were promoted and marked by every collection after (NodeBB with no cache: about 80 MB more live
 * at the end of the run). The few sites whose nodes are asked for find them again (keptSite).
 * @param {string} file
 * @returns {ScanOp[]}
 */
export function scanFacts(file) {
  /** @type {ScanOp[]} */
  const ops = [];
  const view = loadModule(file);
  if (view) scanModule(view, null, undefined, ops);
  return ops;
}

/**
 * @param {unknown} value
 * @returns {value is ScanFacts}
 */
function isFacts(value) {
  return typeof value === 'object' && value !== null && Array.isArray(/** @type {any} */ (value).inputs) && Array.isArray(/** @type {any} */ (value).ops);
}

/**
 * A kept scan's ops with every key moved as the code it names moved (../workspace/moved-keys.js), or
 * null when one cannot be placed. The call sites themselves are in the scanned module, unchanged.
 * @param {ScanOp[]} ops
 * @param {import('../workspace/input-check.js').Moves} moves
 * @returns {ScanOp[] | null}
 */
function movedOps(ops, moves) {
  if (moves.size === 0) return ops;
  /** @type {ScanOp[]} */
  const moved = [];
  for (const op of ops) {
    if ('e' in op) {
      const key = movedKey(op.e, moves);
      if (key === null) return null;
      moved.push({ ...op, e: key });
      continue;
    }
    const key = movedKey(op.c, moves);
    const caller = op.caller === null ? null : movedKey(op.caller, moves);
    if (key === null || (op.caller !== null && caller === null)) return null;
    moved.push({ ...op, c: key, caller });
  }
  return moved;
}

/**
 * Does to the index what the scan did, in the same order.
 * @param {import('./callers.js').CallerIndex} index
 * @param {ScanOp[]} ops
 * @param {string} file the module scanned: every call site is in it
 */
export function addScanFacts(index, ops, file) {
  for (const op of ops) {
    if ('e' in op) {
      putEntry(index.entries, op.e, op.v);
      const scans = index.entryScans.get(op.e) ?? [];
      if (!scans.includes(file)) scans.push(file);
      index.entryScans.set(op.e, scans);
      continue;
    }
    const sites = index.callers.get(op.c) ?? [];
    sites.push(keptSite(op, file));
    index.callers.set(op.c, sites);
  }
}

/**
 * A call site read back from scan facts. What reachability reads (the caller's key, name and class,
 * whether the function is handed over) is there; the nodes (the call, the frame it is made from,
 * the module) are found again, by the call's place, only if asked for (argument-values.js reads a
 * call's arguments): that parses the module again if its tree was dropped meanwhile (module-cache.js)
 * or, after a kept scan, for the first time. The caller node is its place alone, all a key needs.
 * @param {Extract<ScanOp, { c: string }>} op
 * @param {string} file
 * @returns {import('./callers.js').CallSite}
 */
function keptSite(op, file) {
  /** @type {[any, any] | null | undefined} */
  let found;
  const locate = () => {
    if (found === undefined) {
      const view = loadModule(file);
      found = view ? callAt(view, op.at) : null;
    }
    return found;
  };
  return {
    caller: op.caller,
    callerNode: op.callerRange ? { range: op.callerRange } : null,
    callerName: op.callerName,
    callerClass: op.callerClass,
    file,
    deferred: op.deferred,
    get view() {
      // The module was scanned: it is read again, null only if it went away meanwhile (not narrowed: TODO #40).
      return /** @type {import('../modules/module-view.js').ModuleView} */ (loadModule(file));
    },
    get call() {
      return op.direct ? (locate()?.[0] ?? null) : null;
    },
    get frame() {
      return locate()?.[1] ?? null;
    },
  };
}
