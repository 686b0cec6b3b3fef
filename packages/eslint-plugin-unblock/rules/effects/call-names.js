/**
 * What a call's names say: the chain of names it is made by, the verbs in
 * them (a read or a write, after the tables in verbs.js and the rule's
 * options), and the words that make it ordered (a barrier).
 */
import { unwrap, propertyName } from '../language/syntax/ast.js';
import { READ_VERBS, WRITE_VERBS, BARRIER_VERBS, NEUTRAL_WORDS, TENTATIVE_WORDS } from './verbs.js';

/**
 * @typedef {import('../language/syntax/ast.js').CallNode} CallNode
 */

/** @typedef {ReturnType<typeof buildVerbTables>} VerbTables */

/** Words that make any call that names them ordered: it touches a transaction, session, connection or lock. */
const BARRIER_WORDS = new Set(['transaction', 'transactions', 'session', 'sessions', 'connection', 'connections', 'lock', 'locks', 'mutex', 'semaphore', 'savepoint']);

/**
 * Splits an identifier into lower-case words: `findOneAndUpdate` → find, one, and, update.
 * @param {string} name
 */
export function nameWords(name) {
  let words = wordsOfName.get(name);
  if (!words) {
    words = name
      .replace(/^[$_#]+/, '')
      .split(/(?<=[a-z0-9])(?=[A-Z])|[_$-]+/)
      .map((word) => word.toLowerCase())
      .filter(Boolean);
    // Method names repeat across a codebase; a bounded cache keeps the regex split off the hot path.
    if (wordsOfName.size > 20_000) wordsOfName.clear();
    wordsOfName.set(name, words);
  }
  return words;
}

/** @type {Map<string, string[]>} */
const wordsOfName = new Map();

const barrierVerbs = new Set(BARRIER_VERBS);
const neutral = new Set(NEUTRAL_WORDS);
const tentative = new Set(TENTATIVE_WORDS);

/** @type {Map<string, VerbTables>} */
const verbTables = new Map();

/**
 * The verb tables extended by the user's options: built once per distinct
 * option values, not once per linted file.
 * @param {import('./call-classification.js').ClassifierOptions} options
 */
export function verbTablesFor(options) {
  const key = JSON.stringify([options.readVerbs, options.writeVerbs, options.orderedCallees]);
  let tables = verbTables.get(key);
  if (!tables) {
    tables = buildVerbTables(options, key);
    verbTables.set(key, tables);
  }
  return tables;
}

/**
 * @param {import('./call-classification.js').ClassifierOptions} options
 * @param {string} id the options the tables are built from, as text: what names them in the persistent cache
 */
function buildVerbTables(options, id) {
  const readVerbs = new Set([...READ_VERBS, ...(options.readVerbs ?? [])].map((v) => v.toLowerCase()));
  const writeVerbs = new Set([...WRITE_VERBS, ...(options.writeVerbs ?? [])].map((v) => v.toLowerCase()));
  for (const verb of options.readVerbs ?? []) writeVerbs.delete(verb.toLowerCase());
  const userVerbs = new Set([...(options.readVerbs ?? []), ...(options.writeVerbs ?? [])].map((v) => v.toLowerCase()));
  const ordered = new Set((options.orderedCallees ?? []).map((callee) => callee.replace(/\s+/g, '')));
  return { id, readVerbs, writeVerbs, userVerbs, ordered };
}

/**
 * The verb words a single callee name contributes: its first word, the word
 * after a first word that only says it is tried (`tryAddToActiveSet`), and
 * any word after "and"/"or" (`findOneAndUpdate`, `getOrCreate`).
 * @param {string} name
 */
export function verbsOf(name) {
  const words = nameWords(name);
  const verbs = words.length > 0 ? [words[0]] : [];
  if (words.length > 1 && tentative.has(words[0])) verbs.push(words[1]);
  for (let i = 1; i < words.length - 1; i++) {
    if (words[i] === 'and' || words[i] === 'or') verbs.push(words[i + 1]);
  }
  return verbs;
}

/**
 * @param {string[]} names
 * @param {VerbTables} tables
 * @returns {'read' | 'write' | 'unknown'}
 */
export function kindOfNames(names, { readVerbs, writeVerbs, userVerbs }) {
  // User-declared verbs may name a whole method (`getNext`), not just its first word.
  const all = [...names.flatMap(verbsOf), ...names.map((name) => name.toLowerCase()).filter((name) => userVerbs.has(name))];
  const meaningful = all.filter((verb) => !neutral.has(verb));
  const verbs = meaningful.length > 0 ? meaningful : all;
  if (verbs.some((verb) => writeVerbs.has(verb))) return 'write';
  if (verbs.some((verb) => readVerbs.has(verb))) return 'read';
  return 'unknown';
}

/**
 * A barrier verb first (`sleep`, `acquire`), or a word anywhere that names
 * a transaction, session, connection or lock (`getSession`, `withLock`).
 * @param {string[]} names
 */
export function isBarrierNames(names) {
  return names.some((name) => barrierVerbs.has(verbsOf(name)[0]) || nameWords(name).some((word) => BARRIER_WORDS.has(word)));
}

/**
 * Walks `a.b(x).c.d()` from the outside in and returns the method names
 * (outermost first) and the expression the chain starts at.
 * @param {CallNode} call
 */
export function calleeChain(call) {
  /** @type {string[]} names of what is called: methods and functions, the verbs */
  const names = [];
  /** @type {string[]} */
  const path = [];
  let node = unwrap(call.callee);
  let crossedCall = false;
  // Whether the node in hand is itself called. Only called names are verbs:
  // in `prisma.post.findMany()` the table `post` is a noun.
  let called = true;
  for (;;) {
    if (node.type === 'MemberExpression') {
      const name = propertyName(node);
      if (name !== null) {
        if (called) names.push(name);
        if (!crossedCall) path.unshift(name);
      }
      called = false;
      node = unwrap(node.object);
    } else if (node.type === 'CallExpression') {
      crossedCall = true;
      path.length = 0;
      node = unwrap(node.callee);
      called = true;
    } else {
      // A root that is itself called (`getUser()`, `fetch(url).then()`) is a
      // function, not a receiver: its name is the verb.
      const rootIsCallee = node.type === 'Identifier' && called;
      if (rootIsCallee) names.push(node.name);
      return { names, root: node, path: crossedCall ? [] : path.slice(0, -1), rootIsCallee };
    }
  }
}

/**
 * The name a call is made by: `f` in `f()`, `m` in `a.b.m()`.
 * @param {CallNode} call
 */
export function calleeName(call) {
  const callee = unwrap(call.callee);
  if (callee.type === 'Identifier') return callee.name;
  return callee.type === 'MemberExpression' ? propertyName(callee) : null;
}
