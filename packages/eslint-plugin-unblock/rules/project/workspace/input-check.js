/**
 * Whether the inputs a kept fact was read from (inputs.js) still give the answers they gave
 * then: what was read of each module, each import's resolution, each dependency question. A fact
 * is used only while this holds (callers/scan-cache.js, callees/summary-cache.js). A module whose
 * text is unchanged holds without being parsed; a changed one is parsed and asked the same
 * questions again (../modules/module-reads.js). A name that still stands for the same code, moved by an edit
 * above it, holds too, as a move: a fact that names places in that module (a function's key,
 * `file#start`) is used only with its keys moved the same way (moved-keys.js).
 */
import { moduleTextHash, currentModuleView } from '../modules/module-cache.js';
import { resolveImport } from '../modules/resolve-import.js';
import { dependsOnAny } from './dependencies.js';
import { classMemberRead, nameRead, shapeOf } from '../modules/module-reads.js';
import { listModules } from '../modules/folder-modules.js';
import { anyMoved } from './moved-keys.js';
import { concurrencyPackagesOf } from './concurrency-packages.js';

/**
 * @typedef {Map<string, Array<[number, number, number]>>} Moves
 *   per changed module, each node read of it: where it was (start, end) and how far it moved (0: not)
 * @typedef {{ inputs: import('../cache/inputs.js').Input[], moves: Moves }} InputsNow
 *   the inputs as they read now (a changed module's hash and places updated), and the moves
 */

/**
 * Whether every input gives the same answer, at the same place.
 * @param {import('../cache/inputs.js').Input[]} inputs
 */
export function inputsHold(inputs) {
  const now = inputsNow(inputs);
  return now !== null && !anyMoved(now.moves);
}

/**
 * The inputs as they read now, or null when any gives another answer.
 * @param {import('../cache/inputs.js').Input[]} inputs
 * @returns {InputsNow | null}
 */
export function inputsNow(inputs) {
  /** @type {Moves} */
  const moves = new Map();
  /** @type {import('../cache/inputs.js').Input[]} */
  const updated = [];
  for (const input of inputs) {
    const now = inputNow(input, moves);
    // The first that fails decides: the rest (changed modules to parse) need not be read.
    if (now === null) return null;
    updated.push(now);
  }
  return { inputs: updated, moves };
}

/**
 * @param {import('../cache/inputs.js').Input} input
 * @param {Moves} moves
 * @returns {import('../cache/inputs.js').Input | null}
 */
function inputNow(input, moves) {
  switch (input[0]) {
    case 'module':
      return moduleTextHash(input[1]) === input[2] ? input : null;
    case 'name': {
      // An entry written by hand or cut short is a miss, not a crash.
      if (!isNameInput(input)) return null;
      const [, file, hash, kind, name, digest, place] = input;
      const now = readAgain(file, hash, digest, place, moves, (view) => nameRead(view, kind, name));
      return now === 'same' ? input : now && ['name', file, now.hash, kind, name, digest, now.place];
    }
    case 'member': {
      const [, file, hash, kind, name, member, digest, place] = input;
      const now = readAgain(file, hash, digest, place, moves, (view) => classMemberRead(view, kind, name, member));
      return now === 'same' ? input : now && ['member', file, now.hash, kind, name, member, digest, now.place];
    }
    case 'shape': {
      const nowHash = moduleTextHash(input[1]);
      if (nowHash === input[2]) return input;
      const view = nowHash === null ? null : currentModuleView(input[1]);
      if (!view || shapeOf(view) !== input[3]) return null;
      if (!moves.has(input[1])) moves.set(input[1], []);
      return ['shape', input[1], /** @type {string} */ (nowHash), input[3]];
    }
    case 'resolve':
      return resolveImport(input[1], input[2]) === input[3] ? input : null;
    case 'depends':
      return dependsOnAny(input[1], new Set(input[2])) === input[3] ? input : null;
    case 'folder':
      return (listModules(input[1])?.join('\n') ?? null) === input[2] ? input : null;
    case 'packages':
      return JSON.stringify(concurrencyPackagesOf(input[1])) === input[2] ? input : null;
    default:
      return null;
  }
}

/**
 * A read of a module that gave a digest of what it found and where (a name, a class's members): the
 * same while the module's text is ('same'); after an edit, held when reading it again gives the same
 * digest, at the place it now has (a move noted), else null. The same digest holds a node exactly
 * when the kept one did: both places are there, or neither.
 * @param {string} file
 * @param {string} hash the text's hash when it was read
 * @param {string} digest
 * @param {[number, number] | null} place
 * @param {Moves} moves
 * @param {(view: import('../modules/module-view.js').ModuleView) => { digest: string, place: [number, number] | null } | null} readNow
 * @returns {'same' | { hash: string, place: [number, number] | null } | null}
 */
function readAgain(file, hash, digest, place, moves, readNow) {
  const nowHash = moduleTextHash(file);
  if (nowHash === hash) return 'same';
  const view = nowHash === null ? null : currentModuleView(file);
  const read = view && readNow(view);
  if (!read || read.digest !== digest) return null;
  if (place && read.place) addMove(moves, file, [place[0], place[1], read.place[0] - place[0]]);
  return { hash: /** @type {string} */ (nowHash), place: read.place };
}

/**
 * @param {Moves} moves
 * @param {string} file
 * @param {[number, number, number]} move
 */
function addMove(moves, file, move) {
  const list = moves.get(file) ?? [];
  list.push(move);
  moves.set(file, list);
}

/**
 * @param {import('../cache/inputs.js').Input} input
 * @returns {boolean}
 */
function isNameInput(input) {
  const [, file, hash, kind, name, digest, place] = input;
  const placeOk = place === null || (Array.isArray(place) && place.length === 2 && place.every(Number.isInteger));
  return [file, hash, name, digest].every((field) => typeof field === 'string') && (kind === 'binding' || kind === 'export') && placeOk;
}
