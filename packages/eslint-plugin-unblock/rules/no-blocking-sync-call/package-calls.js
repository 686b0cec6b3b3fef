/**
 * Finds calls of the blocking npm-package functions in package-apis.js, by
 * import (ESM, CommonJS, aliases, destructuring, through the same tracker as
 * Node's modules), and decides which of them block for a while: the cost
 * class of the row, refined by the arguments when they decide it (a callback
 * passed, the JWT algorithm).
 */
import { CALL, ESM, getStaticValue } from '@eslint-community/eslint-utils';
import { packageApis, expensiveSignAlgorithms, asymmetricAlgorithms } from './package-apis.js';
import { findTrackedCalls } from './node-module-tracker.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 * @typedef {import('../language/syntax/ast.js').CallNode} CallNode
 */

/** @typedef {import('./package-apis.js').PackageApi} PackageApi */
/** @typedef {import('./blocking-apis.js').CostClass} CostClass */

/**
 * @typedef {object} PackageCall
 * @property {any} node the CallExpression
 * @property {PackageApi} api
 * @property {string} moduleId the specifier as written
 * @property {CostClass} cost the cost of this call, arguments considered
 */

/**
 * @param {ReadonlyArray<string>} packages
 * @returns {{ cjs: Record<string, any>, esm: Record<string, any> }}
 */
function buildTraceMaps(packages) {
  /** @type {Record<string, any>} */
  const cjs = {};
  for (const api of packageApis) {
    if (!packages.includes(api.package)) continue;
    const specifier = api.specifier ?? api.package;
    let map = (cjs[specifier] ??= {});
    for (const key of api.path) map = map[key] ??= {};
    map[CALL] = api;
  }
  /** @type {Record<string, any>} */
  const esm = {};
  for (const [specifier, exportsMap] of Object.entries(cjs)) {
    // CommonJS packages imported from ESM: the default import is module.exports; Node also
    // exposes the names it detects as named exports.
    // A module that is itself the function (crypto-js/pbkdf2) is called through its default import only.
    const named = { ...exportsMap };
    delete named[CALL];
    esm[specifier] = { [ESM]: true, ...named, default: exportsMap };
  }
  return { cjs, esm };
}

/** @type {Map<string, ReturnType<typeof buildTraceMaps>>} */
const mapCache = new Map();

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {object} options
 * @param {ReadonlyArray<string>} options.packages package names to track
 * @param {boolean} options.includeCheap also return calls whose cost class is cheap
 * @param {ReadonlyArray<any>} options.dynamicImports
 * @param {ReadonlyArray<any>} options.importEquals
 * @returns {PackageCall[]}
 */
export function findPackageCalls(sourceCode, { packages, includeCheap, dynamicImports, importEquals }) {
  if (packages.length === 0) return [];
  const key = packages.join(',');
  let maps = mapCache.get(key);
  if (!maps) mapCache.set(key, (maps = buildTraceMaps(packages)));
  /** @type {Array<{ node: any, api: PackageApi, moduleId: string }>} */
  const calls = findTrackedCalls(sourceCode, maps, { dynamicImports, importEquals });
  /** @type {PackageCall[]} */
  const found = [];
  for (const call of calls) {
    const cost = callCost(sourceCode, call.node, call.api);
    if (cost === null || (cost === 'cheap' && !includeCheap)) continue;
    found.push({ ...call, cost });
  }
  return found;
}

/**
 * The cost of one call, or null when it does not block (a callback form that runs
 * elsewhere) or the analysis cannot tell (an algorithm or callback it cannot see).
 * @param {import('eslint').SourceCode} sourceCode
 * @param {CallNode} node
 * @param {PackageApi} api
 * @returns {CostClass | null}
 */
function callCost(sourceCode, node, api) {
  const args = node.arguments;
  if (args.some((/** @type {any} */ a) => a.type === 'SpreadElement')) return null;
  if (api.when === 'withoutCallback' && !isForgeSyncForm(sourceCode, args)) return null;
  if (api.costBy === 'jwtSign') {
    const algorithm = staticProperty(sourceCode, args[2], 'algorithm');
    if (typeof algorithm !== 'string' || !asymmetricAlgorithms.test(algorithm)) return null;
    return expensiveSignAlgorithms.test(algorithm) ? 'cpu' : 'cheap';
  }
  if (api.costBy === 'jwtVerify') {
    const algorithms = staticProperty(sourceCode, args[2], 'algorithms');
    const all = Array.isArray(algorithms) && algorithms.length > 0 && algorithms.every((a) => typeof a === 'string' && asymmetricAlgorithms.test(a));
    return all ? api.cost : null;
  }
  if (api.package === 'papaparse' && api.path[0] === 'parse' && !isWholeTextParse(args[0], args[1])) return null;
  return api.cost;
}

/**
 * `forge.pkcs5.pbkdf2(p, s, c, dkLen[, md][, callback])`: the sync form has no callback.
 * A fifth argument the analysis cannot read may be either, so it is not reported.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any[]} args
 */
function isForgeSyncForm(sourceCode, args) {
  if (args.length === 4) return true;
  if (args.length !== 5) return false;
  const md = args[4];
  if (md.type === 'CallExpression') return true; // forge.md.sha256.create()
  const value = getStaticValue(md, sourceCode.getScope(md));
  return value !== null && (typeof value.value === 'string' || value.value === null || value.value === undefined);
}

/**
 * Papa.parse runs through the whole input before returning unless the input is a stream
 * (`Papa.NODE_STREAM_INPUT`, a read stream) or a streaming or worker option hands the work
 * out; an options object the analysis cannot read is not reported.
 * @param {any} input
 * @param {any} config
 */
function isWholeTextParse(input, config) {
  if (!input || input.type === 'SpreadElement') return false;
  // Found in real code (a CMS's CSV import): Papa.parse(Papa.NODE_STREAM_INPUT, …) returns a duplex stream.
  const inputText = input.type === 'MemberExpression' && !input.computed ? input.property.name : input.type === 'Identifier' ? input.name : input.type === 'CallExpression' && input.callee.type === 'MemberExpression' ? input.callee.property.name : '';
  if (/stream/i.test(inputText ?? '')) return false;
  if (!config) return true;
  if (config.type !== 'ObjectExpression') return false;
  return config.properties.every(
    (/** @type {any} */ p) => p.type === 'Property' && !p.computed && !['step', 'chunk', 'worker', 'download'].includes(p.key.name ?? p.key.value),
  );
}

/**
 * The static value of `name` in an options object: an object literal (whose other
 * properties may be dynamic) or a constant that holds one.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} options
 * @param {string} name
 * @returns {unknown}
 */
function staticProperty(sourceCode, options, name) {
  if (!options) return undefined;
  const scope = sourceCode.getScope(options);
  if (options.type === 'ObjectExpression') {
    const property = options.properties.find(
      (/** @type {any} */ p) => p.type === 'Property' && !p.computed && (p.key.name ?? p.key.value) === name,
    );
    // A spread after the property could override it: not sure, no value.
    if (!property || options.properties.indexOf(property) < options.properties.findLastIndex((/** @type {any} */ p) => p.type === 'SpreadElement')) return undefined;
    return getStaticValue(property.value, scope)?.value;
  }
  const whole = getStaticValue(options, scope);
  return whole && typeof whole.value === 'object' && whole.value !== null ? /** @type {any} */ (whole.value)[name] : undefined;
}
