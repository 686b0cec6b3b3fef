/**
 * Reports and rewrites for blocking npm-package calls (../package-apis.js):
 *   bcrypt.hashSync(pw, 10)           → await bcrypt.hash(pw, 10)
 *   bcryptjs.hashSync(pw, salt)       → await hash(pw, salt) from native bcrypt, when installed (bcryptjs's own
 *                                       async form is no cure: bcryptjs-message.js)
 *   forge.pkcs5.pbkdf2(p, s, n, len)  → await promisify(forge.pkcs5.pbkdf2)(p, s, n, len)
 *   pako.gzip(data)                   → new Uint8Array(await promisify(zlib.gzip)(data))
 * Each rewrite keeps the result byte for byte (test/fix/package-async.semantic.test.js);
 * where none does (crypto-js, jsonwebtoken, papaparse) there is only the report.
 */
import { noteUnrecorded } from '../../project/cache/inputs.js';
import { createRequire } from 'node:module';
import path from 'node:path';
import { getStaticValue } from '@eslint-community/eslint-utils';
import { addImports, reachExport, skipTypeWrappers } from '../../rewrite/module-imports.js';
import { enclosingAsyncBody, safeParents } from './sync-to-async.js';
import { specifiersOf } from '../node-module-tracker.js';
import { packageApiName } from '../package-apis.js';
import { bcryptjsData } from './bcryptjs-message.js';

/**
 * @typedef {import('../../language/syntax/ast.js').CallNode} CallNode
 */

/** @typedef {import('../package-calls.js').PackageCall} PackageCall */
/** @typedef {import('eslint').SourceCode} SourceCode */
/** @typedef {Array<{ name: string, specifier: string }>} ImportList */

/**
 * @typedef {object} Rewrite
 * @property {string} preview
 * @property {string} note said after the preview in the suggestion title
 * @property {(fixer: import('eslint').Rule.RuleFixer) => import('eslint').Rule.Fix[]} fix
 */

/**
 * The message ids of reports on npm-package calls, for tools that must tell them apart from
 * reports on Node's own APIs (the function bench stands a simulated value in for every package).
 */
export const packageMessageIds = Object.freeze(['packageBlocking', 'bcryptjsBlocking', 'bcryptjsAsyncBlocking', 'offloadToWorker']);

/**
 * What to report for one call: message id, data and the rewrites (best first).
 * @param {SourceCode} sourceCode
 * @param {PackageCall} call
 * @param {{ filename: string, cwd: string }} file
 * @returns {{ messageId: string, data: Record<string, string>, rewrites: Rewrite[] }}
 */
export function describePackageCall(sourceCode, call, file) {
  const { api } = call;
  const data = { api: packageApiName(api), why: api.why, replacement: api.replacement };
  if (api.cure === 'worker') {
    return { messageId: 'offloadToWorker', data: { ...data, note: api.noAsyncNote ?? '', alternative: api.replacement ? `, or use ${api.replacement}` : '' }, rewrites: [] };
  }
  if (api.cure === 'bcryptjs') {
    // Its own async form is never offered: it would not free the event loop (bcryptjs-message.js).
    if (api.path[0] === 'genSaltSync') return { messageId: 'packageBlocking', data, rewrites: [] };
    // The async forms already look like the cure: the message says why they are not, and offers no rewrite.
    if (!api.path[0].endsWith('Sync')) return { messageId: 'bcryptjsAsyncBlocking', data: bcryptjsData(sourceCode, call, data.api), rewrites: [] };
    const native = nativeBcryptRewrite(sourceCode, call, file);
    return { messageId: 'bcryptjsBlocking', data: bcryptjsData(sourceCode, call, data.api), rewrites: native ? [native] : [] };
  }
  /** @type {Array<Rewrite | null>} */
  const rewrites = [];
  if (api.cure === 'promise') {
    rewrites.push(promiseFormRewrite(sourceCode, call));
  } else if (api.cure === 'promisify') {
    rewrites.push(promisifyRewrite(sourceCode, call));
  } else if (api.cure === 'zlib') {
    rewrites.push(zlibRewrite(sourceCode, call));
  }
  return { messageId: 'packageBlocking', data, rewrites: rewrites.filter((r) => r !== null) };
}

/**
 * `await <callee>(<same arguments>)` in place of the call, with the imports it needs.
 * @param {SourceCode} sourceCode
 * @param {any} call
 * @param {string} callee
 * @param {ImportList} imports
 * @param {(awaited: string) => string} [wrap] what surrounds the awaited call (always a primary expression)
 */
function awaitedCall(sourceCode, call, callee, imports, wrap) {
  const openParen = sourceCode.getTokenAfter(call.typeArguments ?? call.typeParameters ?? call.callee, (t) => t.value === '(');
  if (!openParen) return null;
  const argumentText = sourceCode.text.slice(openParen.range[1], call.range[1] - 1);
  const awaited = `await ${callee}(${argumentText})`;
  const parent = call.parent;
  const text = wrap ? wrap(awaited) : safeParents[parent.type]?.(parent, call) ? awaited : `(${awaited})`;
  const preview = wrap ? wrap(`await ${callee}(…)`) : `await ${callee}(…)`;
  return {
    preview,
    /** @param {import('eslint').Rule.RuleFixer} fixer */
    fix: (fixer) => [...addImports(sourceCode, fixer, imports), fixer.replaceText(call, text)],
  };
}

/** True when a rewrite may put `await` at this call. */
function canAwait(/** @type {any} */ call) {
  return enclosingAsyncBody(call) !== null && !call.optional && call.parent?.type !== 'ChainExpression';
}

/** `node:util` when the file already writes Node's modules with the prefix. */
function nodeSpecifier(/** @type {SourceCode} */ sourceCode, /** @type {string} */ module) {
  return /['"`]node:/.test(sourceCode.text) ? `node:${module}` : module;
}

/** The text of the object a member callee is called on, or null for other callees. */
function calleeObjectText(/** @type {SourceCode} */ sourceCode, /** @type {any} */ callee) {
  if (callee.type !== 'MemberExpression' || callee.optional) return null;
  const separator = sourceCode.getTokenBefore(callee.property, (t) => t.value === '.' || t.value === '[');
  return separator ? sourceCode.text.slice(callee.range[0], separator.range[0]).trim() : null;
}

/**
 * `bcrypt.hashSync(pw, salt)` → `await bcrypt.hash(pw, salt)`: the promise form of the
 * same package takes the same arguments (a third one would be taken for a callback).
 * @param {SourceCode} sourceCode
 * @param {PackageCall} call
 * @returns {Rewrite | null}
 */
function promiseFormRewrite(sourceCode, { node, api, moduleId }) {
  if (!canAwait(node) || node.arguments.length > 2 || !api.async) return null;
  const callee = skipTypeWrappers(node.callee);
  /** @type {ImportList} */
  const imports = [];
  const object = calleeObjectText(sourceCode, callee);
  const asyncCallee = object !== null ? `${object}.${api.async}` : callee.type === 'Identifier' ? reachExport(sourceCode, node, imports, [moduleId], api.async, moduleId) : null;
  if (!asyncCallee) return null;
  const rewrite = awaitedCall(sourceCode, node, asyncCallee, imports);
  return rewrite && { ...rewrite, note: '' };
}

/** @type {Map<string, boolean>} */
const bcryptInstalled = new Map();

/** Whether the native `bcrypt` package resolves from the file's folder (cached per folder). */
function resolvesBcrypt(/** @type {{ filename: string, cwd: string }} */ file) {
  const absolute = path.isAbsolute(file.filename) ? file.filename : path.join(file.cwd, file.filename);
  const dir = path.dirname(absolute);
  // What node_modules holds is no input a kept verdict can name: a verdict that asked is not kept.
  noteUnrecorded();
  if (!bcryptInstalled.has(dir)) {
    let found = true;
    try {
      createRequire(path.join(dir, 'noop.js')).resolve('bcrypt');
    } catch {
      found = false;
    }
    bcryptInstalled.set(dir, found);
  }
  return bcryptInstalled.get(dir);
}

/**
 * `bcryptjs.hashSync(pw, salt)` → `await hash(pw, salt)` from native `bcrypt`, which hashes
 * on the libuv pool: the same hash for a `$2a$`/`$2b$` salt, and a random salt of the same
 * form for a cost factor. Only when `bcrypt` is installed, and never for compareSync:
 * stored `$2y$` hashes (PHP) verify with bcryptjs and fail with bcrypt.
 * @param {SourceCode} sourceCode
 * @param {PackageCall} call
 * @param {{ filename: string, cwd: string }} file
 * @returns {Rewrite | null}
 */
function nativeBcryptRewrite(sourceCode, { node, api }, file) {
  if (api.path[0] !== 'hashSync' || node.arguments.length !== 2 || !canAwait(node)) return null;
  const salt = getStaticValue(node.arguments[1], sourceCode.getScope(node));
  const sameForm = salt !== null && (typeof salt.value === 'number' || (typeof salt.value === 'string' && /^\$2[ab]\$\d\d\$/.test(salt.value)));
  if (!sameForm || !resolvesBcrypt(file)) return null;
  /** @type {ImportList} */
  const imports = [];
  const hash = reachExport(sourceCode, node, imports, ['bcrypt'], 'hash', 'bcrypt');
  const rewrite = hash && awaitedCall(sourceCode, node, hash, imports);
  return rewrite && { ...rewrite, note: " from native bcrypt (same hash, computed on the libuv thread pool; adds the 'bcrypt' import)" };
}

/**
 * `forge.pkcs5.pbkdf2(p, s, c, len, 'sha256')` → `await promisify(forge.pkcs5.pbkdf2)(…)`:
 * the same function with a callback, which hands the work to Node's crypto.pbkdf2.
 * @param {SourceCode} sourceCode
 * @param {PackageCall} call
 * @returns {Rewrite | null}
 */
function promisifyRewrite(sourceCode, { node }) {
  if (!canAwait(node)) return null;
  const callee = skipTypeWrappers(node.callee);
  if (callee.type !== 'Identifier' && calleeObjectText(sourceCode, callee) === null) return null;
  /** @type {ImportList} */
  const imports = [];
  const promisify = reachExport(sourceCode, node, imports, specifiersOf('util'), 'promisify', nodeSpecifier(sourceCode, 'util'));
  const rewrite = promisify && awaitedCall(sourceCode, node, `${promisify}(${sourceCode.getText(callee)})`, imports);
  return rewrite && { ...rewrite, note: '' };
}

/**
 * `pako.gzip(data)` → `new Uint8Array(await promisify(zlib.gzip)(data))`: the same bytes
 * in the same type (pako returns a Uint8Array, zlib a Buffer). Only without options, whose
 * meanings differ between the two.
 * @param {SourceCode} sourceCode
 * @param {PackageCall} call
 * @returns {Rewrite | null}
 */
function zlibRewrite(sourceCode, { node, api }) {
  if (!canAwait(node) || node.arguments.length !== 1 || !api.async) return null;
  /** @type {ImportList} */
  const imports = [];
  const zlibFunction = reachExport(sourceCode, node, imports, specifiersOf('zlib'), api.async, nodeSpecifier(sourceCode, 'zlib'));
  const promisify = zlibFunction && reachExport(sourceCode, node, imports, specifiersOf('util'), 'promisify', nodeSpecifier(sourceCode, 'util'));
  const rewrite = promisify && awaitedCall(sourceCode, node, `${promisify}(${zlibFunction})`, imports, (awaited) => `new Uint8Array(${awaited})`);
  return rewrite && { ...rewrite, note: '' };
}
