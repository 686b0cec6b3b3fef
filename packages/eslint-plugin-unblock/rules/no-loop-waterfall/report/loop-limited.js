/**
 * The bounded loop rewrite with a helper the project already depends on:
 *   await pMap(items, async (item) => { … }, { concurrency: 10 })
 *   const limit = pLimit(10); await Promise.all(items.map((item) => limit(async () => { … })))
 * Both keep results in input order. The helper is reached through the
 * file's own import of it (any local name) or through one import added at
 * the top, written only where it loads: p-map >= 5 and p-limit >= 4 are
 * ES modules only, so a CommonJS file (or a file whose build may turn
 * `import` into `require`) gets no such rewrite rather than one that throws
 * at load.
 */
import path from 'node:path';
import { findVariable } from '@eslint-community/eslint-utils';
import { visibleBinding, isNameFree, moduleStyle } from '../../rewrite/module-imports.js';
import { freshName } from '../../rewrite/loop-names.js';

/**
 * @typedef {import('../../language/syntax/ast.js').Node} Node
 */

/**
 * How many iterations run at once when the rule has no `maxConcurrency`:
 * the default pool size of the common database clients (pg, mysql2, knex),
 * so a loop of queries keeps every pooled connection busy without queueing
 * hundreds of waiting queries (and their memory) behind them; for HTTP
 * calls it is a rate most services accept. The libuv thread-pool size (4)
 * is beside the point: network I/O does not use that pool.
 */
export const DEFAULT_HELPER_CONCURRENCY = 10;

/** The first major version of each helper that is an ES module only. */
const ESM_ONLY_FROM = { 'p-map': 5, 'p-limit': 4 };
/** The local name an added import uses. */
const LOCAL_NAMES = { 'p-map': 'pMap', 'p-limit': 'pLimit' };

/**
 * @typedef {import('../../project/workspace/concurrency-packages.js').HelperName} HelperName
 *
 * @typedef {object} LimitedHelper how this file reaches a helper it may use
 * @property {HelperName} name
 * @property {string} call   the expression to call it by (`pMap`, or the file's own name for it)
 * @property {Array<{ name: string, specifier: string, isDefault: true }>} imports the import to add, if any
 * @property {number} limit  how many iterations may run at once
 */

/**
 * The first helper the file can use at `at`, or null.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} at the loop statement
 * @param {{ filename: string, isTypeScript: boolean, limit: number,
 *   facts: import('../../project/workspace/concurrency-packages.js').PackageFacts }} setting
 * @returns {LimitedHelper | null}
 */
export function reachHelper(sourceCode, at, { filename, isTypeScript, limit, facts }) {
  const format = loadFormat(sourceCode, filename, facts.type);
  for (const { name, major } of facts.helpers) {
    const esmOnly = major >= ESM_ONLY_FROM[name];
    const existing = existingBinding(sourceCode, at, name);
    if (existing === 'unusable') continue;
    if (existing !== null) {
      // The file's own `require` of an ES-module-only major would give a namespace object, not the function.
      if (existing.kind === 'require' && esmOnly) continue;
      return { name, call: existing.name, imports: [], limit };
    }
    const local = LOCAL_NAMES[name];
    if (!isNameFree(sourceCode, at, local)) continue;
    const loads = format === 'esm' || (format === 'cjs' && !esmOnly) || (format === 'transpiled' && !esmOnly && !isTypeScript);
    if (loads) return { name, call: local, imports: [{ name: local, specifier: name, isDefault: true }], limit };
  }
  return null;
}

/**
 * How the file loads modules when it runs:
 *  - esm: an ES module (`.mjs`/`.mts`, or any other file of a `"type": "module"` package): `import` loads any major;
 *  - cjs: CommonJS (`.cjs`/`.cts`, or `require` in the file): only `require` of a CommonJS major loads;
 *  - transpiled: ES syntax in a CommonJS package, so a build (Babel, tsc) may turn `import` into `require`;
 *  - unknown: no module syntax to go by.
 * An added import must also be written in the style the file reads in, or it would not parse.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {string} filename
 * @param {'module' | 'commonjs'} packageType
 * @returns {'esm' | 'cjs' | 'transpiled' | 'unknown'}
 */
function loadFormat(sourceCode, filename, packageType) {
  const style = moduleStyle(sourceCode);
  const extension = path.extname(filename).toLowerCase();
  if (extension === '.mjs' || extension === '.mts') return style === 'esm' ? 'esm' : 'unknown';
  if (extension === '.cjs' || extension === '.cts') return style === 'cjs' ? 'cjs' : 'unknown';
  if (style === 'cjs') return 'cjs';
  if (packageType === 'module') return 'esm';
  const esSyntax = sourceCode.ast.body.some((/** @type {any} */ statement) => /^(Import|Export)/.test(statement.type));
  return esSyntax ? 'transpiled' : 'unknown';
}

/**
 * The file's own top-level binding of the helper's function visible at `at`:
 * `import mapLimited from 'p-map'`, `import { default as mapLimited }`,
 * `const mapLimited = require('p-map')`, `import mapLimited = require('p-map')`.
 * A namespace import or a destructured require is 'unusable': what it holds
 * depends on the major and the build, and a second import beside it would be clutter.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} at
 * @param {string} specifier
 * @returns {{ name: string, kind: 'import' | 'require' } | 'unusable' | null}
 */
function existingBinding(sourceCode, at, specifier) {
  const name = visibleBinding(sourceCode, at, [specifier], 'default') ?? visibleBinding(sourceCode, at, [specifier], null);
  if (name === null) return null;
  const node = /** @type {any} */ (findVariable(sourceCode.getScope(at), name)?.defs[0]?.node);
  if (node?.type === 'ImportDefaultSpecifier' || node?.type === 'ImportSpecifier') return { name, kind: 'import' };
  if ((node?.type === 'VariableDeclarator' && node.id.type === 'Identifier') || node?.type === 'TSImportEqualsDeclaration') return { name, kind: 'require' };
  return 'unusable';
}

/**
 * The bounded form's text: what replaces `await Promise.all(…)`, and the
 * statement that must come before it (p-limit's limiter), or null.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {Node} statement the loop statement
 * @param {LimitedHelper} helper
 * @param {{ iterable: string, callback: string, params: string, mapWith: (callback: string) => string, inList: boolean }} parts
 *   iterable: what p-map iterates (as `for…of` would); mapWith: the list mapped with a callback, as the unbounded form writes it
 * @returns {{ all: string, setup: string | null } | null}
 */
export function limitedAll(sourceCode, statement, helper, { iterable, callback, params, mapWith, inList }) {
  if (helper.name === 'p-map') return { all: `await ${helper.call}(${iterable}, ${callback}, { concurrency: ${helper.limit} })`, setup: null };
  // The limiter is a statement of its own, made where the loop was: one per run, as the loop's own.
  if (!inList) return null;
  const limiter = freshName(sourceCode, statement, ['limit', 'limitConcurrency']);
  if (limiter === null) return null;
  const wrapped = limitedCallback(callback, params, limiter);
  if (wrapped === null) return null;
  return { all: `await Promise.all(${mapWith(wrapped)})`, setup: `const ${limiter} = ${helper.call}(${helper.limit})` };
}

/**
 * `async (item) => { … }` → `(item) => limit(async () => { … })`; a concise
 * `(item) => work(item)` → `(item) => limit(() => work(item))`.
 * @param {string} callback
 * @param {string} params
 * @param {string} limiter
 */
function limitedCallback(callback, params, limiter) {
  const asyncHead = `async (${params}) => `;
  const plainHead = `(${params}) => `;
  if (callback.startsWith(asyncHead)) return `${plainHead}${limiter}(async () => ${callback.slice(asyncHead.length)})`;
  if (callback.startsWith(plainHead)) return `${plainHead}${limiter}(() => ${callback.slice(plainHead.length)})`;
  return null;
}
