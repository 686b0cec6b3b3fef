/**
 * What a kept fact read of a class another module declares, noted by member rather than as the
 * whole class (module-reads.js notes the rest). A subclass's scan resolves `this.notify()` by
 * looking through the base class's members for `notify`; noted as the base class's whole text, an
 * edit to any method of a class that many others extend made every one of their scans again.
 *
 * A name that stands for a class is read as the class's head (its text up to the body: name,
 * `extends`, `implements`, decorators written inside it); its body is then read one of two ways:
 * - the members of one name (membersNamed), noted with their text and where they are: what
 *   resolving a method up the class chain reads;
 * - anything else (`classBody.body` itself: a walk of every member, a field's type): the whole
 *   body, as before. The body's member list is a getter that notes this while work is recorded.
 *
 * Sound because a class node is handed out only by a name read (module-reads.js), which installs the
 * getter before anyone can walk the node, and membersNamed returns every member whose key could
 * match the name: what a caller picks among them depends on nothing else.
 */
import { noteInputAgain, notedInput, recordingNow } from '../cache/inputs.js';
import { contentHash } from '../cache/content-hash.js';
import { keyName } from './module-view.js';

/**
 * @typedef {import('../cache/schemas/input.js').NameKind} NameKind
 * @typedef {{ digest: string, place: [number, number] | null }} MemberRead
 * @typedef {object} WatchedClass
 * @property {any[]} members the body's members, read without a note
 * @property {(member: string | null) => import('../cache/inputs.js').Input} inputOf the input a read of members notes
 * @property {Map<string | null, import('../cache/inputs.js').NotedInput>} notes per name read (null: the whole body), made once
 */

/** @type {WeakMap<object, WatchedClass>} per class node read through a name */
const watched = new WeakMap();

/**
 * Whether a node is a class whose body can be read by member.
 * @param {any} node
 */
export function isClassNode(node) {
  return (node?.type === 'ClassDeclaration' || node?.type === 'ClassExpression') && node.body?.type === 'ClassBody' && Array.isArray(node.body.range);
}

/**
 * The text a class's head is: from its start to its body's.
 * @param {string} text the module's text
 * @param {any} classNode
 */
export function classHead(text, classNode) {
  return text.slice(classNode.range[0], classNode.body.range[0]);
}

/**
 * Makes the class's body note what is read of it while work is recorded: its member list, read
 * whole, notes the whole body. Once per class node (the first name read that finds it).
 * @param {any} classNode
 * @param {(member: string | null) => import('../cache/inputs.js').Input} inputOf
 */
export function watchClass(classNode, inputOf) {
  if (watched.has(classNode)) return;
  const body = classNode.body;
  /** @type {WatchedClass} */
  const known = { members: body.body, inputOf, notes: new Map() };
  watched.set(classNode, known);
  Object.defineProperty(body, 'body', {
    get() {
      if (recordingNow()) noteRead(known, null);
      return known.members;
    },
    enumerable: true,
    configurable: true,
  });
}

/**
 * The members of a class whose key is `name` (a private `#name` too, and a static one: the caller
 * picks), in order; noted by that name when the class was read through a name of its module.
 * @param {any} classNode
 * @param {string} name without `#`
 * @returns {any[]}
 */
export function membersNamed(classNode, name) {
  const known = watched.get(classNode);
  if (!known) return classNode.body.body.filter((/** @type {any} */ member) => isNamed(member, name));
  if (recordingNow()) noteRead(known, name);
  return known.members.filter((member) => isNamed(member, name));
}

/**
 * What the members of one name are (null: the whole body), for a note and for checking it again.
 * @param {string} text the module's text
 * @param {any} classNode
 * @param {string | null} name
 * @returns {MemberRead}
 */
export function memberRead(text, classNode, name) {
  const members = watched.get(classNode)?.members ?? classNode.body.body;
  if (name === null) return { digest: contentHash(text.slice(...classNode.body.range)), place: [classNode.body.range[0], classNode.body.range[1]] };
  const named = members.filter((/** @type {any} */ member) => isNamed(member, name));
  if (named.length === 0) return { digest: 'none', place: null };
  const start = named[0].range[0];
  // Where each stands from the first, so that the members of that name can move only together.
  const digest = JSON.stringify(named.map((/** @type {any} */ member) => [member.type, member.range[0] - start, contentHash(text.slice(...member.range))]));
  return { digest, place: [start, named[named.length - 1].range[1]] };
}

/**
 * @param {any} member
 * @param {string} name
 */
function isNamed(member, name) {
  return !member.computed && Boolean(member.key) && keyName(member.key) === name;
}

/**
 * @param {WatchedClass} known
 * @param {string | null} name
 */
function noteRead(known, name) {
  let note = known.notes.get(name);
  if (!note) known.notes.set(name, (note = notedInput(known.inputOf(name))));
  noteInputAgain(note);
}
