/**
 * Classifies an awaited operation: is it a read, a write or unknown; is it a
 * barrier (its place in time is the point); which receiver does it act on.
 * Everything is driven by the tables in verbs.js plus the rule's options;
 * what the call's names say is read in call-names.js.
 */
import { unwrap, walk, isFunctionNode, propertyName } from '../language/syntax/ast.js';
import { createObjectArguments } from './object-arguments.js';
import { CONNECTION_RECEIVER_NAMES, HTTP_CLIENT_NAMES } from './verbs.js';
import { isQuestionToUser } from './user-questions.js';
import { queryBuilderKind } from './query-builders.js';
import { kindOfMethods } from './libraries/index.js';
import { nameWords, verbTablesFor, verbsOf, kindOfNames, isBarrierNames, calleeChain, calleeName } from './call-names.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 * @typedef {import('../language/syntax/ast.js').CallNode} CallNode
 * @typedef {import('../language/syntax/ast.js').VisitorKeys} VisitorKeys
 */

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
 * @property {import('./effect-summary.js').CallSummary | null} summary  what the callee's body shows, when it can be read
 * @property {boolean | null} io  whether it waits on I/O: false only when its body shows pure computation
 * @property {string | null} [nounName]  an unknown call's name, to ask whether it is a noun getter (a read) when that matters
 * @property {string | null} [library]  the library whose API says what the call does (`Prisma`), when its table decided
 *
 * @typedef {object} ClassifierOptions
 * @property {string[]} [orderedCallees] callee paths (`audit.log`) or names (`sleep`) that are barriers
 * @property {string[]} [readVerbs]
 * @property {string[]} [writeVerbs]
 *
 * @typedef {object} ClassifierContext
 * @property {(node: any) => unknown} resolveRoot
 * @property {(root: unknown) => boolean} isConnectionVariable
 * @property {any} visitorKeys
 * @property {(node: any) => string} getText
 * @property {(identifier: any) => string[] | null} [stringValuesOf]  the strings a variable of the file is only ever given
 * @property {(call: any) => import('./effect-summary.js').CallSummary | null} [summaryOfCall]
 * @property {(root: any, path: string[], acrossFiles: boolean) => import('./libraries/library-api.js').LibraryValue | null} [libraryOfRoot]
 *   the library a receiver comes from (libraries/library-values.js); through the project's modules when `acrossFiles`
 * @property {boolean} [nounGetters]
 *
 * @typedef {object} SettledClass  what an operation's kind comes to once the callee's body has been asked
 * @property {'read' | 'write' | 'unknown'} kind
 * @property {import('./effect-summary.js').CallSummary | null} summary
 * @property {boolean | null} io
 * @property {string | null} nounName
 */

/** Option keys that hand a call a transaction or session (Bookshelf/knex, Sequelize, Mongoose, Prisma): it runs on that one connection. */
const TRANSACTION_OPTIONS = new Set(['transacting', 'transaction', 'session', 'trx', 'tx']);

/** Last words of a receiver's name that make it one ordered resource. */
const CONNECTION_LAST_WORDS = new Set(['page', 'browser', 'frame', 'session', 'transaction', 'connection', 'conn', 'socket', 'tx', 'trx', 'cursor', 'stream', 'channel', 'driver']);

const connectionNames = new Set(CONNECTION_RECEIVER_NAMES.map((name) => name.toLowerCase()));

/**
 * @param {ClassifierOptions} options
 * @param {ClassifierContext} context
 */
export function createCallClassifier(options, context) {
  const tables = verbTablesFor(options);
  const objectArgumentsOf = createObjectArguments(context.resolveRoot);

  /**
   * Classifies one call on its own (the main call of an awaited operand).
   * @param {CallNode} call
   */
  const classifyCall = (call) => classifyCallWith(call, tables, context);

  /**
   * @param {CallNode} operand the argument of `await`, unwrapped (a call: classifyCall reads its callee)
   * @returns {OperationClass}
   */
  const classifyOperation = (operand) => classifyOperand(operand, classifyCall, objectArgumentsOf, context);

  /** What a call's names say: a function of the call and the verb tables alone. @param {CallNode} call */
  const kindOfCall = (call) => classifyCall(call).kind;

  return {
    classifyOperation,
    classifyCall,
    verbsOf,
    kindOfNames: (/** @type {string[]} */ names) => kindOfNames(names, tables),
    kindOfCall,
    // One object per set of verb options (call-names.js): classifiers with the same options answer
    // kindOfCall alike, so both waterfall rules may share one file's project index and its summaries.
    namesKey: /** @type {object} */ (tables),
  };
}

/**
 * @param {CallNode} call
 * @param {import('./call-names.js').VerbTables} tables
 * @param {ClassifierContext} context
 */
function classifyCallWith(call, tables, context) {
  const { names, root, path, rootIsCallee } = calleeChain(call);
  const byName = rootIsCallee ? null : receiverOf(root, path, context);
  const nameKind = queryBuilderKind(call) ?? httpMethodKind(call, names) ?? kindOfNames(names, tables);
  // Reading other modules costs parsing them: asked only where the names leave a doubt the table could settle.
  const library = libraryCallOf(call, names, root, rootIsCallee, context, nameKind === 'unknown' || Boolean(byName?.connection));
  const receiver = library?.receiver ?? byName;
  const methods = computedMethodNames(call, context);
  if (methods) {
    // `stats[method](…)` with `method` one of a few written names: it is each of them in turn, so it reads
    // only when every one of them reads, and any one that orders or writes decides.
    const named = methods.map((method) => [method, ...names]);
    const kinds = named.map((each) => kindOfNames(each, tables));
    /** @type {'read' | 'write' | 'unknown'} */
    const kind = kinds.includes('write') ? 'write' : kinds.every((each) => each === 'read') ? 'read' : 'unknown';
    return { kind, barrier: named.some(isBarrierNames) || asksTheUser(call), receiver, library: null };
  }
  const kind = library?.kind ?? nameKind;
  const barrier = isBarrierNames(names) || isOrderedCallee(call.callee, tables.ordered, context.getText) || asksTheUser(call);
  return { kind, barrier, receiver, library: library?.kind ? library.name : null };
}

/**
 * What a library's table says of a call on one of its values (libraries/): the kind of the methods
 * called, and the receiver with what the value is — one connection (its calls stay in order), or a
 * pool or multiplexed client (they may overlap), whatever its name suggests. Null when the receiver
 * comes from no known library.
 * @param {CallNode} call
 * @param {string[]} names  the called names, outermost first (calleeChain)
 * @param {any} root
 * @param {boolean} rootIsCallee
 * @param {ClassifierContext} context
 * @param {boolean} acrossFiles  follow an import into the project's modules
 */
function libraryCallOf(call, names, root, rootIsCallee, context, acrossFiles) {
  if (!context.libraryOfRoot || (root.type !== 'Identifier' && root.type !== 'ThisExpression')) return null;
  const path = rootPath(call);
  const value = context.libraryOfRoot(root, path, acrossFiles);
  if (!value) return null;
  // `knex('users').where(…)`, `trx('users')`: the called root is the library value itself, no method.
  const methods = (rootIsCallee ? names.slice(0, -1) : names).slice().reverse();
  const kind = kindOfMethods(value.table, methods);
  /** @type {Receiver} */
  const receiver = { root: context.resolveRoot(root), path: rootIsCallee ? [] : path, connection: value.handle === 'one' };
  return { kind, name: value.table.api.name, receiver };
}

/**
 * The properties between a chain's root and its first call: `['users']` in `this.users.find().sort()`.
 * @param {CallNode} call
 */
function rootPath(call) {
  /** @type {string[]} */
  let names = [];
  let node = unwrap(call.callee);
  for (;;) {
    if (node?.type === 'MemberExpression') {
      names.unshift(propertyName(node) ?? '');
      node = unwrap(node.object);
    } else if (node?.type === 'CallExpression') {
      names = [];
      node = unwrap(node.callee);
    } else return names.slice(0, -1);
  }
}

/**
 * The names a computed method can be (`analytics[method](…)`), when its key is a variable that is only
 * ever given strings written in the file; null for any other call.
 * @param {CallNode} call
 * @param {ClassifierContext} context
 */
function computedMethodNames(call, context) {
  const callee = unwrap(call.callee);
  if (callee?.type !== 'MemberExpression' || !callee.computed || unwrap(callee.property)?.type !== 'Identifier') return null;
  return context.stringValuesOf?.(unwrap(callee.property)) ?? null;
}

/**
 * Classifies an awaited operand. The operand's own call decides the
 * receiver and whether it is a read; any call anywhere inside it (callbacks
 * included) can make it a write or a barrier.
 * @param {CallNode} operand the argument of `await`, unwrapped (a call: classifyCall reads its callee)
 * @param {(call: any) => ReturnType<typeof classifyCallWith>} classifyCall
 * @param {(operand: any) => Set<string>} objectArgumentsOf
 * @param {ClassifierContext} context
 * @returns {OperationClass}
 */
function classifyOperand(operand, classifyCall, objectArgumentsOf, context) {
  const main = classifyCall(operand);
  // A library's table judged the whole chain (`repo.createQueryBuilder('u').where(…).getMany()`): its links are not calls of their own.
  const links = main.library ? chainLinks(operand) : null;
  const inner = innerCallFacts(operand, main.barrier, classifyCall, context.visitorKeys, links);
  const barrier = inner.barrier;
  /** @type {SettledClass | null} */
  let settled = null;
  // The callee's body is read only when a question needs it: most pairs are ordered by
  // data flow or a barrier first, and reading bodies costs parsing the files they live in.
  const settle = () => (settled ??= settleOperation(operand, main.kind, inner.write, barrier, context));
  return {
    barrier,
    receiver: main.receiver,
    library: main.library,
    objectArguments: objectArgumentsOf(operand),
    get kind() { return settle().kind; },
    set kind(value) { settle().kind = value; },
    get summary() { return settle().summary; },
    get io() { return settle().io; },
    get nounName() { return settle().nounName; },
    set nounName(value) { settle().nounName = value; },
  };
}

/**
 * What the calls inside an operand add to its own call: any write makes it a
 * write; a barrier call, a hand-made sleep or a transaction handed over
 * makes it a barrier.
 * @param {Node} operand
 * @param {boolean} ownBarrier whether the operand's own call is a barrier
 * @param {(call: any) => ReturnType<typeof classifyCallWith>} classifyCall
 * @param {VisitorKeys} visitorKeys
 * @param {Set<Node> | null} links  calls of the operand's own chain, already judged with it
 */
function innerCallFacts(operand, ownBarrier, classifyCall, visitorKeys, links) {
  let write = false;
  let barrier = ownBarrier;
  walk(operand, visitorKeys, (node) => {
    if (node === operand) return true;
    if (node.type === 'CallExpression' || node.type === 'NewExpression') {
      const inner = node.type === 'CallExpression' && !links?.has(node) ? classifyCall(node) : null;
      if (inner?.kind === 'write') write = true;
      if (inner?.barrier) barrier = true;
      if (node.type === 'NewExpression' && node.callee.type === 'Identifier' && node.callee.name === 'Promise') {
        // `new Promise(r => setTimeout(r, ms))` is a hand-made sleep.
        barrier = barrier || containsTimer(node, visitorKeys);
      }
    }
    // Found in Ghost: `findAll({ transacting: options.transacting })` runs on the caller's transaction, one connection.
    if (node.type === 'Property' && !node.computed && TRANSACTION_OPTIONS.has(node.key?.name ?? node.key?.value)) barrier = true;
    return true;
  });
  return { write, barrier };
}

/**
 * The operation's kind once the callee's body is read: evidence from the
 * body overrides the name (`ensureTenant` INSERTs); a body that computes
 * only reads nothing outside.
 * @param {CallNode} operand
 * @param {'read' | 'write' | 'unknown'} nameKind what the operand's own call's names say
 * @param {boolean} innerWrite a call inside the operand writes
 * @param {boolean} barrier
 * @param {ClassifierContext} context
 * @returns {SettledClass}
 */
function settleOperation(operand, nameKind, innerWrite, barrier, context) {
  // `await import('./x.js')` loads a module once per process: every later import is answered from the
  // module cache, so there is nothing to wait on worth overlapping.
  if (promiseSource(operand).type === 'ImportExpression') return { kind: /** @type {const} */ ('read'), summary: null, io: false, nounName: null };
  const summary = context.summaryOfCall?.(operand) ?? null;
  const evidenced = summary !== null && summary.kind !== 'unknown';
  /** @type {'read' | 'write' | 'unknown'} */
  let kind = summary && evidenced ? (summary.kind === 'none' ? 'read' : summary.kind) : nameKind;
  // The summary reads the calls inside the operand too (by evidence where there is some, by name where
  // not): `getItems({ until: endOfDay(d) })` does not write because `endOfDay` starts with a write verb.
  if (innerWrite && !evidenced) kind = 'write';
  // No body, no verb: a noun getter whose result is used (`await api.user(id)`) reads. Decided lazily by
  // kindOf() in independence.js, only when the answer matters (a word outside the table loads the tagger). Only where
  // asked: in a loop, `listener()` or `provider.bootstrap()` calls into the element, whatever its word.
  const nounName = context.nounGetters && kind === 'unknown' && !summary && !barrier ? calleeName(operand) : null;
  // A call whose body cannot be read is presumed to wait.
  return { kind, summary, io: summary ? summary.io : true, nounName };
}

/**
 * The calls a chain is made of below its outermost call: `a.b()` and `a.b().c()` in `a.b().c().d()`.
 * @param {Node} operand
 */
function chainLinks(operand) {
  /** @type {Set<Node>} */
  const links = new Set();
  let node = unwrap(unwrap(operand).callee);
  while (node) {
    if (node.type === 'MemberExpression') node = unwrap(node.object);
    else if (node.type === 'CallExpression') {
      links.add(node);
      node = unwrap(node.callee);
    } else break;
  }
  return links;
}

/**
 * The expression a promise chain starts from: `import('./x.js')` in `import('./x.js').then((m) => m.X)`.
 * @param {Node} operand
 */
function promiseSource(operand) {
  let node = unwrap(operand);
  while (node?.type === 'CallExpression' && node.callee.type === 'MemberExpression' && ['then', 'catch', 'finally'].includes(node.callee.property?.name)) {
    node = unwrap(node.callee.object);
  }
  return node ?? operand;
}

/**
 * A callee the user listed in `orderedCallees`, by its path or its name.
 * @param {Node} callee
 * @param {Set<string>} ordered
 * @param {(node: any) => string} getText
 */
function isOrderedCallee(callee, ordered, getText) {
  if (ordered.size === 0) return false;
  const text = getText(callee).replace(/\s+|\?/g, '');
  for (const entry of ordered) {
    if (text === entry || text.endsWith(`.${entry}`)) return true;
  }
  return false;
}

/**
 * `fetch(url, { method: 'POST' })`: the verb lives in the options object.
 * @param {CallNode} call
 * @param {string[]} names
 * @returns {'read' | 'write' | null}
 */
function httpMethodKind(call, names) {
  if (!names.some((name) => HTTP_CLIENT_NAMES.includes(name))) return null;
  for (const arg of call.arguments) {
    if (arg.type !== 'ObjectExpression') continue;
    for (const property of arg.properties) {
      if (property.type === 'SpreadElement') return 'write';
      const key = property.key?.type === 'Identifier' ? property.key.name : /** @type {{ value?: unknown }} */ (property.key)?.value;
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
 * @param {Node} root expression the chain starts at
 * @param {string[]} path
 * @param {ClassifierContext} context
 * @returns {Receiver | null}
 */
function receiverOf(root, path, context) {
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
 * @param {CallNode} call
 */
function asksTheUser(call) {
  return call.arguments.some((/** @type {any} */ argument) => {
    const text =
      argument.type === 'Literal' && typeof argument.value === 'string'
        ? argument.value
        : argument.type === 'TemplateLiteral'
          ? argument.quasis[argument.quasis.length - 1].value.cooked ?? ''
          : null;
    return text !== null && isQuestionToUser(text);
  });
}

/**
 * @param {Node} node
 * @param {VisitorKeys} visitorKeys
 */
function containsTimer(node, visitorKeys) {
  let found = false;
  walk(node, visitorKeys, (inner) => {
    if (inner.type === 'CallExpression' && unwrap(inner.callee).type === 'Identifier') {
      if (/^set(Timeout|Interval|Immediate)$/.test(unwrap(inner.callee).name)) found = true;
    }
    return !found;
  });
  return found;
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

export { isFunctionNode, nameWords };
