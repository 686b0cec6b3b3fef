/**
 * What a piece of work read of another module, noted as narrowly as the reading allows, so that an
 * edit elsewhere in that module does not make every fact read from it stale. A scan of a file that
 * imports a database layer asks that module for one or two names (`db.getObject`); its result
 * holds as long as those names stand for the same code at the same place, whatever else the
 * module's text gained. Noted per module view, by its accessors (watchReads):
 * - a name looked up among its top-level bindings or its exports: the entry found (or none), with
 *   the text and place of the node it holds (a function, a class, an initialiser), since the reader
 *   may walk into that node (a callee's body, an object's members), and a key made from it names
 *   its place (`file#start`); a class only by its head, its body by the members read of it
 *   (class-reads.js);
 * - its shape: whether it parses, as a module or a script, `module.exports` assigned or re-exported,
 *   and the names bound to `module.exports`;
 * - anything wider (its whole tree, every binding): its whole text, as before.
 * Each note also holds the module's text hash: while the text is the same, nothing is parsed to
 * check it (../workspace/input-check.js); only a changed module is parsed and asked again.
 *
 * Sound because every path into a module's code starts at one of these accessors: a node handed
 * out is covered by its text and place, and a name it refers to is looked up through the bindings
 * again (module-values.js, body-reader.js). Code that keeps what it read of a view beyond the work
 * being recorded (a memo keyed by the view) must read through an accessor on every use
 * (call-sites.js reads `program` before its memo).
 */
import { noteInputAgain, notedInput, recordingNow } from '../cache/inputs.js';
import { contentHash } from '../cache/content-hash.js';
import { classHead, isClassNode, memberRead, watchClass } from './class-reads.js';

/**
 * @typedef {import('../cache/schemas/input.js').NameKind} NameKind
 * @typedef {{ digest: string, place: [number, number] | null }} NameRead
 * @typedef {object} ViewSource
 * @property {string} text
 * @property {string} hash the text's hash
 * @property {Record<NameKind, Map<string, NameRead>>} reads  by kind and name, made once
 * @property {string} shape  how it parsed and exports (shapeOf)
 * @property {import('../cache/inputs.js').NotedInput} shapeRead  the input noted when the shape is read
 */

/** @type {WeakMap<object, ViewSource>} the text each watched view was parsed from */
const sources = new WeakMap();

/** A Map of names that notes each lookup, and notes the whole module when it is listed. */
class WatchedNames extends Map {
  /** @type {(name: string) => import('../cache/inputs.js').Input} */
  #inputOf;
  /** @type {() => void} */
  #onWhole;
  /** @type {Map<string, import('../cache/inputs.js').NotedInput>} the input each name looked up gives, made once */
  #noted = new Map();

  /**
   * @param {Map<string, any>} names
   * @param {(name: string) => import('../cache/inputs.js').Input} inputOf
   * @param {() => void} onWhole
   */
  constructor(names, inputOf, onWhole) {
    super(names);
    this.#inputOf = inputOf;
    this.#onWhole = onWhole;
  }

  /** @param {string} name */
  #onName(name) {
    let noted = this.#noted.get(name);
    if (!noted) {
      noted = notedInput(this.#inputOf(name));
      this.#noted.set(name, noted);
    }
    noteInputAgain(noted);
  }

  /** @param {string} name */
  get(name) {
    if (recordingNow()) this.#onName(name);
    return super.get(name);
  }

  /** @param {string} name */
  has(name) {
    if (recordingNow()) this.#onName(name);
    return super.has(name);
  }

  get size() {
    if (recordingNow()) this.#onWhole();
    return super.size;
  }

  keys() {
    if (recordingNow()) this.#onWhole();
    return super.keys();
  }

  values() {
    if (recordingNow()) this.#onWhole();
    return super.values();
  }

  entries() {
    if (recordingNow()) this.#onWhole();
    return super.entries();
  }

  /** @param {(value: any, key: string, map: Map<string, any>) => void} visit @param {any} [self] */
  forEach(visit, self) {
    if (recordingNow()) this.#onWhole();
    super.forEach(visit, self);
  }

  [Symbol.iterator]() {
    return this.entries();
  }
}

/**
 * Makes a module view note what is read of it while work is recorded (inputs.js). Called once, on
 * a view just made from `text` (module-cache.js).
 * @param {import('./module-view.js').ModuleView} view
 * @param {string} text
 * @param {string} hash the text's hash
 */
export function watchReads(view, text, hash) {
  const { program, exportAllFrom, commonJs, exportsAliases } = view;
  const shape = JSON.stringify([program.sourceType, commonJs, exportAllFrom, [...exportsAliases]]);
  /** @type {ViewSource} */
  const source = { text, hash, reads: { binding: new Map(), export: new Map() }, shape, shapeRead: notedInput(['shape', view.file, hash, shape]) };
  sources.set(view, source);
  const wholeRead = notedInput(['module', view.file, hash]);
  const whole = () => noteInputAgain(wholeRead);
  const noteShape = () => noteInputAgain(source.shapeRead);
  /** @param {NameKind} kind @returns {(name: string) => import('../cache/inputs.js').Input} */
  const nameInput = (kind) => (name) => {
    const read = nameRead(view, kind, name);
    return ['name', view.file, hash, kind, name, read.digest, read.place];
  };
  view.bindings = new WatchedNames(view.bindings, nameInput('binding'), whole);
  view.exports = new WatchedNames(view.exports, nameInput('export'), whole);
  Object.defineProperties(view, {
    program: { get: () => (recordingNow() && whole(), program), enumerable: true },
    exportAllFrom: { get: () => (recordingNow() && noteShape(), exportAllFrom), enumerable: true },
    commonJs: { get: () => (recordingNow() && noteShape(), commonJs), enumerable: true },
    exportsAliases: { get: () => (recordingNow() && noteShape(), exportsAliases), enumerable: true },
  });
}

/**
 * Notes that the module parsed to a view at all (module-cache.js, on each load while recording).
 * @param {import('./module-view.js').ModuleView} view
 */
export function noteLoaded(view) {
  const source = sources.get(view);
  if (source) noteInputAgain(source.shapeRead);
}

/**
 * What a name stands for in a watched view: `digest`, a string that changes when the entry or the
 * text of the node it holds does (`none` when the module has no such name), and `place`, where that
 * node is (null: none). Apart, so that a kept fact can follow a node moved by an edit above it
 * (../workspace/input-check.js).
 * @param {import('./module-view.js').ModuleView} view
 * @param {NameKind} kind
 * @param {string} name
 * @returns {NameRead}
 */
export function nameRead(view, kind, name) {
  const source = sources.get(view);
  if (!source) return { digest: 'unwatched', place: null };
  let read = source.reads[kind].get(name);
  if (read === undefined) {
    const entry = Map.prototype.get.call(kind === 'binding' ? view.bindings : view.exports, name);
    /** @type {[number, number] | null} */
    let place = null;
    const digest = entry === undefined ? 'none' : JSON.stringify(entry, (key, value) => {
      if (key !== 'node' || !value) return value;
      if (isClassNode(value)) {
        // A class is read as its head here; its body by member, or whole (class-reads.js).
        watchClass(value, (member) => memberInput(view, source, kind, name, value, member));
        place = [value.range[0], value.body.range[0]];
        return `${value.type}:head:${contentHash(classHead(source.text, value))}`;
      }
      place = [value.range[0], value.range[1]];
      return `${value.type}:${contentHash(source.text.slice(value.range[0], value.range[1]))}`;
    });
    read = { digest, place };
    source.reads[kind].set(name, read);
  }
  return read;
}

/**
 * The input a read of a class's members notes: the members of one name (null: its whole body) of the
 * class a name of the module stands for.
 * @param {import('./module-view.js').ModuleView} view
 * @param {ViewSource} source
 * @param {NameKind} kind
 * @param {string} name
 * @param {any} classNode
 * @param {string | null} member
 * @returns {import('../cache/inputs.js').Input}
 */
function memberInput(view, source, kind, name, classNode, member) {
  const read = memberRead(source.text, classNode, member);
  return ['member', view.file, source.hash, kind, name, member, read.digest, read.place];
}

/**
 * What the members of one name (null: the whole body) of the class a name stands for are now, or
 * null when the name stands for no class (../workspace/input-check.js).
 * @param {import('./module-view.js').ModuleView} view
 * @param {NameKind} kind
 * @param {string} name
 * @param {string | null} member
 */
export function classMemberRead(view, kind, name, member) {
  const source = sources.get(view);
  const node = Map.prototype.get.call(kind === 'binding' ? view.bindings : view.exports, name)?.node;
  if (!source || !isClassNode(node)) return null;
  return memberRead(source.text, node, member);
}

/**
 * What a view says of the module as a whole, without its names: how it parsed and how it exports.
 * @param {import('./module-view.js').ModuleView} view
 */
export function shapeOf(view) {
  return sources.get(view)?.shape ?? 'unwatched';
}
