/**
 * Classifies an awaited operation: is it a read, a write or unknown; is it a
 * barrier (its place in time is the point); which receiver does it act on.
 * Everything is driven by the tables in verbs.js plus the rule's options.
 */
import { unwrap, walk, propertyName, isFunctionNode } from './ast.js';
import { createObjectArguments } from './object-arguments.js';
import {
  READ_VERBS,
  WRITE_VERBS,
  BARRIER_VERBS,
  NEUTRAL_WORDS,
  CONNECTION_RECEIVER_NAMES,
  HTTP_CLIENT_NAMES,
} from './verbs.js';

/**
 * @typedef {object} Receiver
 * @property {unknown} root      variable (or `this` owner, or `global:name`) the chain starts at
 * @property {string[]} path     property names between the root and the called method
 * @property {boolean} connection one connection/session/page: even reads on it are ordered
 *
 * @typedef {object} OperationClass
 * @property {'read' | 'write' | 'unknown'} kind
 * @property {boolean} barrier
 * @property {Receiver | null} receiver
 * @property {Set<string>} objectArguments  objects handed over by reference (`storage`, `this.cache`), by key
 * @property {import('./project/index.js').CallSummary | null} summary  what the callee's body shows, when it can be read
 * @property {boolean | null} io  whether it waits on I/O: false only when its body shows pure computation
 * @property {string | null} [nounName]  an unknown call's name, to ask whether it is a noun getter (a read) when that matters
 *
 * @typedef {object} ClassifierOptions
 * @property {string[]} [orderedCallees] callee paths (`audit.log`) or names (`sleep`) that are barriers
 * @property {string[]} [readVerbs]
 * @property {string[]} [writeVerbs]
 */

/** The end of a question to the user: `? `, `? [y/N] `, `(y/n): `. */
const QUESTION = /\?\s*(\[[yn]\/[yn]\]|\([yn]\/[yn]\))?\s*:?\s*$|\[[yn]\/[yn]\]\s*:?\s*$/i;

/** Words that make any call that names them ordered: it touches a transaction, session, connection or lock. */
const BARRIER_WORDS = new Set(['transaction', 'transactions', 'session', 'sessions', 'connection', 'connections', 'lock', 'locks', 'mutex', 'semaphore', 'savepoint']);

/** Option keys that hand a call a transaction or session (Bookshelf/knex, Sequelize, Mongoose, Prisma): it runs on that one connection. */
const TRANSACTION_OPTIONS = new Set(['transacting', 'transaction', 'session', 'trx', 'tx']);

/** Last words of a receiver's name that make it one ordered resource. */
const CONNECTION_LAST_WORDS = new Set(['page', 'browser', 'frame', 'session', 'transaction', 'connection', 'conn', 'socket', 'tx', 'trx', 'cursor', 'stream', 'channel', 'driver']);


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
const connectionNames = new Set(CONNECTION_RECEIVER_NAMES.map((name) => name.toLowerCase()));

/** @type {Map<string, ReturnType<typeof buildVerbTables>>} */
const verbTables = new Map();

/**
 * The verb tables extended by the user's options: built once per distinct
 * option values, not once per linted file.
 * @param {ClassifierOptions} options
 */
function verbTablesFor(options) {
  const key = JSON.stringify([options.readVerbs, options.writeVerbs, options.orderedCallees]);
  let tables = verbTables.get(key);
  if (!tables) {
    tables = buildVerbTables(options);
    verbTables.set(key, tables);
  }
  return tables;
}

/** @param {ClassifierOptions} options */
function buildVerbTables(options) {
  const readVerbs = new Set([...READ_VERBS, ...(options.readVerbs ?? [])].map((v) => v.toLowerCase()));
  const writeVerbs = new Set([...WRITE_VERBS, ...(options.writeVerbs ?? [])].map((v) => v.toLowerCase()));
  for (const verb of options.readVerbs ?? []) writeVerbs.delete(verb.toLowerCase());
  const userVerbs = new Set([...(options.readVerbs ?? []), ...(options.writeVerbs ?? [])].map((v) => v.toLowerCase()));
  const ordered = new Set((options.orderedCallees ?? []).map((callee) => callee.replace(/\s+/g, '')));
  return { readVerbs, writeVerbs, userVerbs, ordered };
}

/**
 * @param {ClassifierOptions} options
 * @param {{ resolveRoot: (node: any) => unknown, isConnectionVariable: (root: unknown) => boolean, visitorKeys: any, getText: (node: any) => string, summaryOfCall?: (call: any) => import('./project/index.js').CallSummary | null, nounGetters?: boolean }} context
 */
export function createCallClassifier(options, context) {
  const { readVerbs, writeVerbs, userVerbs, ordered } = verbTablesFor(options);
  const objectArgumentsOf = createObjectArguments(context.resolveRoot);

  /**
   * The verb words a single callee name contributes: its first word, and any
   * word after "and"/"or" (`findOneAndUpdate`, `getOrCreate`).
   * @param {string} name
   */
  function verbsOf(name) {
    const words = nameWords(name);
    const verbs = words.length > 0 ? [words[0]] : [];
    for (let i = 1; i < words.length - 1; i++) {
      if (words[i] === 'and' || words[i] === 'or') verbs.push(words[i + 1]);
    }
    return verbs;
  }

  /** @param {any} callee */
  function isOrderedCallee(callee) {
    if (ordered.size === 0) return false;
    const text = context.getText(callee).replace(/\s+|\?/g, '');
    for (const entry of ordered) {
      if (text === entry || text.endsWith(`.${entry}`)) return true;
    }
    return false;
  }

  /**
   * Walks `a.b(x).c.d()` from the outside in and returns the method names
   * (outermost first) and the expression the chain starts at.
   * @param {any} call
   */
  function calleeChain(call) {
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
   * @param {string[]} names
   * @returns {'read' | 'write' | 'unknown'}
   */
  function kindOfNames(names) {
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
  function isBarrierNames(names) {
    return names.some((name) => barrierVerbs.has(verbsOf(name)[0]) || nameWords(name).some((word) => BARRIER_WORDS.has(word)));
  }

  /**
   * `fetch(url, { method: 'POST' })`: the verb lives in the options object.
   * @param {any} call
   * @param {string[]} names
   * @returns {'read' | 'write' | null}
   */
  function httpMethodKind(call, names) {
    if (!names.some((name) => HTTP_CLIENT_NAMES.includes(name))) return null;
    for (const arg of call.arguments) {
      if (arg.type !== 'ObjectExpression') continue;
      for (const property of arg.properties) {
        if (property.type === 'SpreadElement') return 'write';
        const key = property.key?.type === 'Identifier' ? property.key.name : property.key?.value;
        if (key !== 'method') continue;
        const value = property.value;
        if (value.type === 'Literal' && typeof value.value === 'string') {
          return ['GET', 'HEAD', 'OPTIONS'].includes(value.value.toUpperCase()) ? 'read' : 'write';
        }
        return 'write';
      }
    }
    return null;
  }

  /**
   * @param {any} root expression the chain starts at
   * @param {string[]} path
   * @returns {Receiver | null}
   */
  function receiverOf(root, path) {
    if (root.type !== 'Identifier' && root.type !== 'ThisExpression') return null;
    const key = context.resolveRoot(root);
    if (key === 'global:Promise') return null;
    const names = root.type === 'Identifier' ? [root.name, ...path] : path;
    // `conn`, or a name ending in a word for one (`sharedPage`, `dbSession`).
    const connection =
      names.some((name) => connectionNames.has(name.toLowerCase()) || CONNECTION_LAST_WORDS.has(nameWords(name).at(-1) ?? '')) ||
      context.isConnectionVariable(key);
    return { root: key, path, connection };
  }

  /**
   * A call that puts a question to a person (`read('Delete it? [y/N] ')`):
   * nothing should start before the answer is in.
   * @param {any} call
   */
  function asksTheUser(call) {
    return call.arguments.some((/** @type {any} */ argument) => {
      const text =
        argument.type === 'Literal' && typeof argument.value === 'string'
          ? argument.value
          : argument.type === 'TemplateLiteral'
            ? argument.quasis[argument.quasis.length - 1].value.cooked ?? ''
            : null;
      return text !== null && QUESTION.test(text);
    });
  }

  /**
   * Classifies one call on its own (the main call of an awaited operand).
   * @param {any} call
   */
  function classifyCall(call) {
    const { names, root, path, rootIsCallee } = calleeChain(call);
    const receiver = rootIsCallee ? null : receiverOf(root, path);
    const kind = httpMethodKind(call, names) ?? kindOfNames(names);
    return { kind, barrier: isBarrierNames(names) || isOrderedCallee(call.callee) || asksTheUser(call), receiver };
  }

  /**
   * Classifies an awaited operand. The operand's own call decides the
   * receiver and whether it is a read; any call anywhere inside it (callbacks
   * included) can make it a write or a barrier.
   * @param {any} operand the argument of `await`, unwrapped
   * @returns {OperationClass}
   */
  function classifyOperation(operand) {
    const main = classifyCall(operand);
    let innerWrite = false;
    let barrier = main.barrier;
    walk(operand, context.visitorKeys, (node) => {
      if (node === operand) return true;
      if (node.type === 'CallExpression' || node.type === 'NewExpression') {
        const inner = node.type === 'CallExpression' ? classifyCall(node) : null;
        if (inner?.kind === 'write') innerWrite = true;
        if (inner?.barrier) barrier = true;
        if (node.type === 'NewExpression' && node.callee.type === 'Identifier' && node.callee.name === 'Promise') {
          // `new Promise(r => setTimeout(r, ms))` is a hand-made sleep.
          barrier = barrier || containsTimer(node);
        }
      }
      // Found in Ghost: `findAll({ transacting: options.transacting })` runs on the caller's transaction, one connection.
      if (node.type === 'Property' && !node.computed && TRANSACTION_OPTIONS.has(node.key?.name ?? node.key?.value)) barrier = true;
      return true;
    });
    const isBarrier = barrier;
    /** @type {{ kind: 'read' | 'write' | 'unknown', summary: import('./project/index.js').CallSummary | null, io: boolean | null, nounName: string | null } | null} */
    let settled = null;
    // The callee's body is read only when a question needs it: most pairs are ordered by
    // data flow or a barrier first, and reading bodies costs parsing the files they live in.
    const settle = () => {
      if (settled) return settled;
      const summary = context.summaryOfCall?.(operand) ?? null;
      // Evidence from the body overrides the name (`ensureTenant` INSERTs); a body that computes only reads nothing outside.
      /** @type {'read' | 'write' | 'unknown'} */
      let kind = summary && summary.kind !== 'unknown' ? (summary.kind === 'none' ? 'read' : summary.kind) : main.kind;
      if (innerWrite) kind = 'write';
      // No body, no verb: a noun getter whose result is used (`await api.user(id)`) reads. Decided lazily by
      // kindOf() in independence.js, only when the answer matters (the tagger costs ~0.4 s to load). Only where
      // asked: in a loop, `listener()` or `provider.bootstrap()` calls into the element, whatever its word.
      const nounName = context.nounGetters && kind === 'unknown' && !summary && !isBarrier ? calleeName(operand) : null;
      // A call whose body cannot be read is presumed to wait.
      settled = { kind, summary, io: summary ? summary.io : true, nounName };
      return settled;
    };
    return {
      barrier: isBarrier,
      receiver: main.receiver,
      objectArguments: objectArgumentsOf(operand),
      get kind() { return settle().kind; },
      set kind(value) { settle().kind = value; },
      get summary() { return settle().summary; },
      get io() { return settle().io; },
      get nounName() { return settle().nounName; },
      set nounName(value) { settle().nounName = value; },
    };
  }

  /** @param {any} node */
  function containsTimer(node) {
    let found = false;
    walk(node, context.visitorKeys, (inner) => {
      if (inner.type === 'CallExpression' && unwrap(inner.callee).type === 'Identifier') {
        if (/^set(Timeout|Interval|Immediate)$/.test(unwrap(inner.callee).name)) found = true;
      }
      return !found;
    });
    return found;
  }

  /** @param {any} call */
  const kindOfCall = (call) => classifyCall(call).kind;

  return { classifyOperation, classifyCall, verbsOf, kindOfNames, kindOfCall };
}

/**
 * The name a call is made by: `f` in `f()`, `m` in `a.b.m()`.
 * @param {any} call
 */
function calleeName(call) {
  const callee = unwrap(call.callee);
  if (callee.type === 'Identifier') return callee.name;
  return callee.type === 'MemberExpression' ? propertyName(callee) : null;
}

/**
 * Two receivers touch the same resource when they start at the same root;
 * for `this`, only when one property path is a prefix of the other
 * (`this.repo` and `this.cache` are different collaborators).
 * @param {Receiver | null} a
 * @param {Receiver | null} b
 */
export function receiversOverlap(a, b) {
  if (!a || !b || a.root !== b.root) return false;
  if (typeof a.root === 'object' && a.root !== null && 'thisOf' in a.root) {
    const length = Math.min(a.path.length, b.path.length);
    for (let i = 0; i < length; i++) if (a.path[i] !== b.path[i]) return false;
  }
  return true;
}

export { isFunctionNode };
