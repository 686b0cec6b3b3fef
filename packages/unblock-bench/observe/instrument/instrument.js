/**
 * Rewrites one project file so that it reports, while it runs, what the observer measures:
 *
 * - every function counts its calls (`__unblockObserve.c[17]++`), so the observer knows which ran
 *   before the server listened and which while it served each route;
 * - an async function that awaits opens a frame per call (`const __ub$f = __unblockObserve.f(17)`),
 *   and each of its awaits notes when its operand started and when the await resumed
 *   (`(__unblockObserve.s(__ub$f, 4), __unblockObserve.e(__ub$f, 4, await x))`): the waits of
 *   one invocation, in order, exactly;
 * - each call the blocking rule reported notes how long it held the thread
 *   (`(__unblockObserve.bs(9), __unblockObserve.be(9, pbkdf2Sync(…)))`).
 *
 * The rewrite inserts text only (edits.js): lines keep their numbers and the value of every
 * expression is passed through unchanged. It is safe without semicolons ("standard" style): a
 * wrapped expression that begins a statement would, opening with `(`, continue the line above
 * (`rows\n(…await x…)` calls `rows`), so such a statement gets a leading `;` (see asi.js).
 */
import { parse } from '@babel/parser';
import traverseModule from '@babel/traverse';
import { applyInsertions } from './edits.js';
import { afterDirectives, guardOffset, guardInsertion } from './asi.js';

/** @type {typeof import('@babel/traverse').default} */
// @ts-ignore -- CommonJS default export seen from ESM
const traverse = traverseModule.default ?? traverseModule;

/** The global the observer's runtime (runtime.js) installs. */
export const GLOBAL = '__unblockObserve';
/** The frame of the running invocation, a local of each instrumented async function. */
const FRAME = '__ub$f';

/**
 * @typedef {object} FunctionEntry
 * @property {number} id
 * @property {string} name a readable name: `loadSettings`, `UserService.find`, `users.get callback`
 * @property {number} line 1-based
 * @property {number} column 0-based
 * @property {number} endLine
 * @property {number} endColumn
 * @property {[number, number]} range
 *
 * @typedef {{ id: number, range: [number, number], line: number }} AwaitEntry
 * @typedef {{ id: number, line: number, column: number, endLine: number, endColumn: number }} BlockingEntry
 * @typedef {{ line: number, column: number, endLine: number, endColumn: number }} ReportedCall an ESLint report's place (1-based columns)
 *
 * @typedef {object} Instrumented
 * @property {string} code
 * @property {(offset: number) => number} toOriginal maps an offset in `code` back to the source
 * @property {FunctionEntry[]} functions
 * @property {AwaitEntry[]} awaits
 * @property {BlockingEntry[]} blocking the reported calls that are timed (a call in an optional chain is not)
 */

/**
 * @param {string} source
 * @param {{ filename: string, fileId: number, blockingCalls: ReportedCall[], ids: { fn: number, site: number } }} input
 *   `ids`: the next free function and site ids, shared by all files of a run (advanced here)
 * @returns {Instrumented}
 */
export function instrumentSource(source, { filename, fileId, blockingCalls, ids }) {
  const ast = parseModule(source, filename);
  /** @type {Array<{ entry: FunctionEntry, node: any, depth: number, awaits: boolean }>} */
  const functions = [];
  /** @type {Map<any, (typeof functions)[number]>} */
  const byNode = new Map();
  /** @type {Array<{ node: any, depth: number, owner: (typeof functions)[number] | null }>} */
  const awaits = [];
  /** @type {Array<{ node: any, depth: number, call: ReportedCall }>} */
  const timed = [];
  /** @type {Set<number>} where a statement the rewrite wraps begins, and needs a leading `;` */
  const guards = new Set();
  /** @param {import('@babel/traverse').NodePath} path */
  const guard = (path) => {
    const offset = guardOffset(path);
    if (offset !== null) guards.add(offset);
  };

  traverse(ast, {
    Function(path) {
      const node = path.node;
      const entry = { id: ids.fn++, name: nameOf(path), line: node.loc.start.line, column: node.loc.start.column, endLine: node.loc.end.line, endColumn: node.loc.end.column, range: /** @type {[number, number]} */ ([node.start, node.end]) };
      const info = { entry, node, depth: path.getAncestry().length, awaits: false };
      functions.push(info);
      byNode.set(node, info);
    },
    AwaitExpression(path) {
      const owner = path.getFunctionParent();
      const info = owner ? byNode.get(owner.node) ?? null : null;
      if (info) info.awaits = true;
      awaits.push({ node: path.node, depth: path.getAncestry().length, owner: info });
      guard(path);
    },
    'CallExpression|NewExpression'(path) {
      const call = blockingCalls.find((c) => sameSpan(path.node, c));
      if (!call || inOptionalChain(path)) return;
      timed.push({ node: path.node, depth: path.getAncestry().length, call });
      guard(path);
    },
  });

  /** @type {import('./edits.js').Insertion[]} */
  const insertions = [...guards].map(guardInsertion);
  for (const fn of functions) insertions.push(...functionEntryInsertions(fn, source));
  const awaitEntries = awaits.map(({ node, depth, owner }) => {
    const id = ids.site++;
    const frame = owner ? FRAME : `${GLOBAL}.top(${fileId})`;
    insertions.push(
      { offset: node.start, side: 'open', depth, text: `(${GLOBAL}.s(${frame}, ${id}), ${GLOBAL}.e(${frame}, ${id}, ` },
      { offset: node.end, side: 'close', depth, text: '))' },
    );
    return { id, range: /** @type {[number, number]} */ ([node.start, node.end]), line: node.loc.start.line };
  });
  const blocking = timed.map(({ node, depth, call }) => {
    const id = ids.site++;
    insertions.push(
      { offset: node.start, side: 'open', depth, text: `(${GLOBAL}.bs(${id}), ${GLOBAL}.be(${id}, ` },
      { offset: node.end, side: 'close', depth, text: '))' },
    );
    return { id, ...call };
  });
  const { code, toOriginal } = applyInsertions(source, insertions);
  return { code, toOriginal, functions: functions.map((f) => f.entry), awaits: awaitEntries, blocking };
}

/**
 * @param {string} source
 * @param {string} filename
 */
function parseModule(source, filename) {
  const typescript = /\.(c|m)?tsx?$/i.test(filename);
  /** @type {import('@babel/parser').ParserPlugin[]} */
  const plugins = typescript ? ['typescript', 'decorators-legacy'] : ['jsx', 'decorators-legacy'];
  if (/\.tsx$/i.test(filename)) plugins.push('jsx');
  return parse(source, {
    sourceType: 'unambiguous',
    allowReturnOutsideFunction: true,
    // A concise arrow's body keeps its parentheses in its range: the rewrite wraps the whole of it.
    createParenthesizedExpressions: true,
    plugins,
  });
}

/**
 * The count (or the frame) at the start of a function's body. A concise arrow that awaits gets a
 * block of its own, since its frame needs a local.
 * @param {{ entry: FunctionEntry, node: any, depth: number, awaits: boolean }} fn
 * @param {string} source
 * @returns {import('./edits.js').Insertion[]}
 */
function functionEntryInsertions({ entry, node, depth, awaits }, source) {
  const body = node.body;
  const enter = awaits ? `const ${FRAME} = ${GLOBAL}.f(${entry.id});` : `${GLOBAL}.c[${entry.id}]++;`;
  if (body.type === 'BlockStatement') {
    const { offset, prefix } = afterDirectives(body, source);
    return [{ offset, side: 'open', depth, text: prefix + enter }];
  }
  if (awaits) {
    return [
      { offset: body.start, side: 'open', depth, text: `{ ${enter} return ` },
      { offset: body.end, side: 'close', depth, text: '; }' },
    ];
  }
  return [
    { offset: body.start, side: 'open', depth, text: `(${GLOBAL}.c[${entry.id}]++, ` },
    { offset: body.end, side: 'close', depth, text: ')' },
  ];
}

/**
 * @param {any} node
 * @param {ReportedCall} call
 */
function sameSpan(node, call) {
  const { start, end } = node.loc;
  return start.line === call.line && start.column === call.column - 1 && end.line === call.endLine && end.column === call.endColumn - 1;
}

/**
 * A call inside an optional chain (`a?.b.readFileSync(x).length`): wrapping it would end the chain
 * early, so a missing `a` would throw where it gave undefined.
 * @param {import('@babel/traverse').NodePath} path
 */
function inOptionalChain(path) {
  if (path.node.type === 'OptionalCallExpression') return true;
  const parent = /** @type {any} */ (path.parent);
  return (parent.type === 'OptionalMemberExpression' && parent.object === path.node) || (parent.type === 'OptionalCallExpression' && parent.callee === path.node);
}

/**
 * A readable name for a function: its own, its variable's, its property's, or the call it is handed to.
 * @param {import('@babel/traverse').NodePath<any>} path
 */
function nameOf(path) {
  const node = path.node;
  if (node.id?.name) return node.id.name;
  const key = keyName(node.key);
  if (key) {
    const owner = path.parentPath?.parentPath?.node;
    const className = owner?.type === 'ClassDeclaration' || owner?.type === 'ClassExpression' ? owner.id?.name : null;
    return className ? `${className}.${key}` : key;
  }
  const parent = /** @type {any} */ (path.parent);
  if (parent.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return parent.id.name;
  if ((parent.type === 'ObjectProperty' || parent.type === 'ClassProperty') && keyName(parent.key)) return keyName(parent.key);
  if (parent.type === 'AssignmentExpression') return memberText(parent.left) ?? '(anonymous)';
  if ((parent.type === 'CallExpression' || parent.type === 'NewExpression') && parent.arguments.includes(node)) {
    const callee = memberText(parent.callee) ?? (parent.callee.type === 'MemberExpression' && !parent.callee.computed ? parent.callee.property.name : null);
    return callee ? `${callee} callback` : '(callback)';
  }
  return '(anonymous)';
}

/** @param {any} key */
function keyName(key) {
  if (!key) return null;
  if (key.type === 'Identifier') return key.name;
  if (key.type === 'StringLiteral') return key.value;
  if (key.type === 'PrivateName') return `#${key.id.name}`;
  return null;
}

/**
 * `a.b.c` for a member chain of names, null otherwise.
 * @param {any} node
 * @returns {string | null}
 */
function memberText(node) {
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'ThisExpression') return 'this';
  if ((node.type === 'MemberExpression' || node.type === 'OptionalMemberExpression') && !node.computed) {
    const object = memberText(node.object);
    return object ? `${object}.${node.property.name}` : null;
  }
  return null;
}
