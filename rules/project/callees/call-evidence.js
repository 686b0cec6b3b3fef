/**
 * What one call inside a function body does, from evidence in the call
 * itself: the SQL text it sends, the HTTP method of a known client, the
 * Node.js module it comes from (fs reads vs writes, child_process), or the
 * fact that it is JavaScript's own computation (`JSON.parse`, `s.trim()`).
 * Null when the call shows nothing: the caller then follows the callee's
 * body, or falls back to its name.
 */
import { unwrap, propertyName } from '../../core/syntax/ast.js';
import { sqlFacts, sqlTextOf } from '../evidence/sql-text.js';
import { isPureGlobal, isBuiltinMethodName } from './builtins.js';
import { valueOfExpression } from './callee-lookup.js';
import { READ_VERBS, WRITE_VERBS } from '../../core/effects/verbs.js';

/**
 * @typedef {object} CallEffect
 * @property {'read' | 'write' | 'none'} kind
 * @property {boolean} io         it waits on something outside the process
 * @property {string[]} reads     resources read: `sql:<table>`, `http`, `fs`
 * @property {string[]} writes
 * @property {string} [evidence]  what showed it, for messages and docs
 */

/** Packages whose calls are HTTP requests; the method decides read or write. */
const HTTP_PACKAGES = new Set(['axios', 'got', 'undici', 'ky', 'node-fetch', 'superagent', 'ofetch', 'cross-fetch']);
const READ_HTTP_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** fs functions that only look (each also as `…Sync`). */
const FS_READS = new Set([
  'access', 'exists', 'stat', 'lstat', 'fstat', 'statfs', 'readFile', 'readdir', 'readlink', 'realpath', 'read',
  'readv', 'opendir', 'createReadStream', 'watch', 'watchFile',
]);
/** Node modules that only compute. */
const PURE_NODE_MODULES = new Set(['path', 'url', 'util', 'querystring', 'string_decoder', 'punycode', 'assert', 'buffer', 'os']);
/** Method names that are built-in methods and data-access verbs at once: only pure on a value made right here. */
const DATA_VERBS = new Set([...READ_VERBS, ...WRITE_VERBS]);

/** Methods of a fetch Response that read its body. */
const RESPONSE_BODY_READS = new Set(['json', 'text', 'arrayBuffer', 'blob', 'formData', 'bytes']);

/** @type {CallEffect} */
const PURE = Object.freeze({ kind: 'none', io: false, reads: [], writes: [] });
/** @type {CallEffect} */
const WAIT = Object.freeze({ kind: 'none', io: true, reads: [], writes: [] });
const TIMERS = new Set(['setTimeout', 'setImmediate', 'setInterval']);

/**
 * @param {any} call CallExpression, NewExpression or TaggedTemplateExpression
 * @param {import('./callee-lookup.js').CallContext} context
 * @param {(name: string) => 'value' | 'response' | undefined} localKind what a name declared inside the function holds: a value made there (`[]`, `new Map()`), or a fetch response
 * @returns {CallEffect | null}
 */
export function evidenceOfCall(call, context, localKind) {
  const sql = sqlOfCall(call, context);
  if (sql) return sql;
  if (call.type === 'TaggedTemplateExpression') return null;
  const callee = unwrap(call.callee);
  const root = rootOf(callee);
  const imported = root?.type === 'Identifier' && !context.isShadowed(root.name) ? context.view.bindings.get(root.name) : undefined;
  const source = imported && (imported.kind === 'import' || imported.kind === 'namespace') ? imported.source?.replace(/^node:/, '') : undefined;

  const http = httpOfCall(call, callee, root, imported, source);
  if (http) return http;
  if (source) return nodeModuleCall(source, callee, imported);
  if (root?.type === 'Identifier' && !imported && !context.isShadowed(root.name) && isPureGlobal(root.name)) return PURE;
  // A timer waits without touching anything (`new Promise((r) => setTimeout(r, 10))` stands in for latency).
  if (callee.type === 'Identifier' && TIMERS.has(callee.name) && !imported && !context.isShadowed(callee.name)) return WAIT;
  // `s.trim()`, `s.trim().toLowerCase()`, `this.items.map(…)`; not `api.getPair(id).then(…)`, whose work is the call it chains on.
  const base = callee.type === 'MemberExpression' ? baseOfChain(callee, context, localKind) : null;
  if (base) {
    const name = propertyName(callee);
    // A value computed right here (`s.trim()`) is as fresh as a local literal.
    const local = base === 'computed' ? 'value' : root?.type === 'Identifier' ? localKind(root.name) : undefined;
    // `res.json()` after `const res = await fetch(…)`: reading the body of a response already requested.
    if (local === 'response' && name !== null && RESPONSE_BODY_READS.has(name)) return { kind: 'read', io: true, reads: [], writes: [] };
    if (name !== null && isBuiltinMethodName(name) && (local === 'value' || !DATA_VERBS.has(name.toLowerCase()))) return PURE;
  }
  return null;
}

/**
 * SQL text handed to the call: a tagged template, or a string, template or
 * `{ text }`/`{ sql }` object as the first argument, or a constant holding one.
 * @param {any} call
 * @param {import('./callee-lookup.js').CallContext} context
 * @returns {CallEffect | null}
 */
function sqlOfCall(call, context) {
  let text;
  if (call.type === 'TaggedTemplateExpression') text = sqlTextOf(call);
  else {
    const first = unwrap(call.arguments?.[0]);
    text = sqlTextOf(first);
    if (text === null && first?.type === 'ObjectExpression') {
      const property = first.properties.find((/** @type {any} */ p) => p.type === 'Property' && ['text', 'sql'].includes(p.key?.name));
      text = sqlTextOf(property && unwrap(property.value));
    }
    if (text === null && first?.type === 'Identifier') {
      const value = valueOfExpression(first, context);
      text = value?.type === 'string' ? value.text : null;
    }
  }
  const facts = text === null ? null : sqlFacts(text);
  if (!facts) return null;
  const resources = facts.tables.length > 0 ? facts.tables.map((table) => `sql:${table}`) : ['sql:*'];
  return {
    kind: facts.kind,
    io: true,
    reads: facts.kind === 'read' ? resources : [],
    writes: facts.kind === 'write' ? resources : [],
    evidence: text.trim().replace(/\s+/g, ' ').slice(0, 60),
  };
}

/**
 * @param {any} call
 * @param {any} callee
 * @param {any} root
 * @param {import('../modules/module-view.js').Binding | undefined} imported
 * @param {string | undefined} source
 * @returns {CallEffect | null}
 */
function httpOfCall(call, callee, root, imported, source) {
  const isGlobalFetch = root?.type === 'Identifier' && root.name === 'fetch' && !imported && callee === root;
  if (!isGlobalFetch && !(source && HTTP_PACKAGES.has(source.split('/')[0]))) return null;
  const memberMethod = callee.type === 'MemberExpression' ? propertyName(callee)?.toUpperCase() : undefined;
  const method = methodOption(call) ?? (memberMethod && /^(GET|HEAD|OPTIONS|POST|PUT|PATCH|DELETE)$/.test(memberMethod) ? memberMethod : 'GET');
  const read = READ_HTTP_METHODS.has(method);
  return { kind: read ? 'read' : 'write', io: true, reads: read ? ['http'] : [], writes: read ? [] : ['http'], evidence: `HTTP ${method}` };
}

/**
 * The `method` of an options object argument; 'POST' when it is not a plain string (unknown: assume a write).
 * @param {any} call
 */
function methodOption(call) {
  for (const argument of call.arguments) {
    const options = unwrap(argument);
    if (options?.type !== 'ObjectExpression') continue;
    for (const property of options.properties) {
      if (property.type === 'SpreadElement') return 'POST';
      if (property.key?.name !== 'method' && property.key?.value !== 'method') continue;
      const value = unwrap(property.value);
      return value.type === 'Literal' && typeof value.value === 'string' ? value.value.toUpperCase() : 'POST';
    }
  }
  return null;
}

/**
 * A call into a Node.js module the file imported: fs reads vs writes,
 * child_process (a write), crypto/zlib work (waits on the thread pool),
 * pure helpers (path, url, util).
 * @param {string} source the import specifier without `node:`
 * @param {any} callee
 * @param {import('../modules/module-view.js').Binding | undefined} imported
 * @returns {CallEffect | null}
 */
function nodeModuleCall(source, callee, imported) {
  const base = source.split('/')[0];
  const name = callee.type === 'MemberExpression' ? propertyName(callee) : imported?.imported;
  if (PURE_NODE_MODULES.has(base)) return PURE;
  if (name == null) return null;
  if (base === 'fs') {
    const read = FS_READS.has(name.replace(/Sync$/, ''));
    return { kind: read ? 'read' : 'write', io: true, reads: read ? ['fs'] : [], writes: read ? [] : ['fs'], evidence: `fs.${name}` };
  }
  if (base === 'child_process') return { kind: 'write', io: true, reads: [], writes: ['process'], evidence: `child_process.${name}` };
  if (base === 'crypto' || base === 'zlib') {
    // The synchronous forms compute on this thread; the others wait for the thread pool.
    const sync = /Sync$/.test(name) || /^create/.test(name);
    return { kind: sync ? 'none' : 'read', io: !sync, reads: [], writes: [] };
  }
  return null;
}

/**
 * What a method is called on: `'name'` for a variable or `this` chain,
 * `'computed'` for the result of a call that only computes (`s.trim()` in
 * `s.trim().toLowerCase()`), null for a call that may do I/O (`f().then`)
 * or an awaited value.
 * @param {any} member
 * @param {import('./callee-lookup.js').CallContext} context
 * @param {(name: string) => 'value' | 'response' | undefined} localKind
 * @returns {'name' | 'computed' | null}
 */
function baseOfChain(member, context, localKind) {
  for (let node = unwrap(member.object); node; node = unwrap(node.object)) {
    if (node.type === 'CallExpression') return evidenceOfCall(node, context, localKind)?.kind === 'none' ? 'computed' : null;
    if (node.type === 'Literal' || node.type === 'TemplateLiteral' || node.type === 'ArrayExpression') return 'computed';
    if (node.type !== 'MemberExpression') return node.type === 'Identifier' || node.type === 'ThisExpression' ? 'name' : null;
  }
  return null;
}

/**
 * The identifier or `this` a callee chain starts at.
 * @param {any} callee
 */
function rootOf(callee) {
  let node = unwrap(callee);
  while (node?.type === 'MemberExpression' || node?.type === 'CallExpression') {
    node = unwrap(node.type === 'MemberExpression' ? node.object : node.callee);
  }
  return node;
}

export { rootOf };
