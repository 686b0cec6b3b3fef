/**
 * Finds calls of blocking Node.js APIs by following imports, never by name:
 * `require`, default/namespace/named imports, aliases and destructuring come
 * from ESLint's ReferenceTracker; this module adds what it does not follow —
 * `createRequire(import.meta.url)`, `await import('fs')` and TypeScript's
 * `import fs = require('fs')` — by scope analysis.
 */
import { ReferenceTracker, CALL, ESM, findVariable, getStringIfConstant } from '@eslint-community/eslint-utils';
import { blockingApis } from './blocking-apis.js';

/** @typedef {import('./blocking-apis.js').BlockingApi} BlockingApi */
/** @typedef {import('estree').Node} Node */
/** @typedef {import('estree').CallExpression} CallExpression */

/**
 * @typedef {object} BlockingCall
 * @property {CallExpression} node
 * @property {BlockingApi} api
 * @property {string} moduleId the specifier as written, e.g. `node:fs`
 */

/** @param {string} specifier */
export function stripNodePrefix(specifier) {
  return specifier.startsWith('node:') ? specifier.slice(5) : specifier;
}

/** @param {string} module */
export function specifiersOf(module) {
  return [module, `node:${module}`];
}

/**
 * @param {ReadonlyArray<string>} modules module groups to track
 * @returns {{ cjs: Record<string, any>, esm: Record<string, any> }}
 */
function buildTraceMaps(modules) {
  /** @type {Record<string, any>} */
  const cjs = {};
  /** @type {Record<string, any>} */
  const esm = {};
  for (const module of modules) {
    /** @type {Record<string, any>} */
    const exportsMap = {};
    for (const api of blockingApis) {
      if (api.module === module) exportsMap[api.name] = { [CALL]: api };
    }
    // Builtins are CommonJS underneath but expose named ESM exports and a default export.
    const esmMap = { [ESM]: true, ...exportsMap, default: exportsMap };
    for (const specifier of specifiersOf(module)) {
      cjs[specifier] = exportsMap;
      esm[specifier] = esmMap;
    }
  }
  return { cjs, esm };
}

const moduleFactoryMap = Object.fromEntries(
  specifiersOf('module').map((specifier) => [specifier, { createRequire: { [CALL]: true } }]),
);
const moduleFactoryEsmMap = Object.fromEntries(
  specifiersOf('module').map((specifier) => [
    specifier,
    { [ESM]: true, createRequire: { [CALL]: true }, default: { createRequire: { [CALL]: true } } },
  ]),
);

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {object} options
 * @param {ReadonlyArray<string>} options.modules module groups to track
 * @param {ReadonlyArray<any>} options.dynamicImports `ImportExpression` nodes seen in the file
 * @param {ReadonlyArray<any>} options.importEquals `TSImportEqualsDeclaration` nodes seen in the file
 * @returns {BlockingCall[]}
 */
export function findBlockingCalls(sourceCode, { modules, dynamicImports, importEquals }) {
  if (modules.length === 0) return [];
  return findTrackedCalls(sourceCode, traceMapsFor(modules), { dynamicImports, importEquals });
}

/**
 * Calls of the functions that `maps` name (ReferenceTracker trace maps keyed by specifier:
 * `cjs` for require/dynamic import, `esm` for import declarations), each with the `info`
 * its map holds under CALL.
 * @template T
 * @param {import('eslint').SourceCode} sourceCode
 * @param {{ cjs: Record<string, any>, esm: Record<string, any> }} maps
 * @param {{ dynamicImports: ReadonlyArray<any>, importEquals: ReadonlyArray<any> }} nodes
 * @returns {Array<{ node: CallExpression, api: T, moduleId: string }>}
 */
export function findTrackedCalls(sourceCode, maps, { dynamicImports, importEquals }) {
  const globalScope = sourceCode.scopeManager?.globalScope;
  if (!globalScope) return [];
  const tracker = new ReferenceTracker(globalScope);
  /** @type {Map<Node, { node: CallExpression, api: T, moduleId: string }>} */
  const found = new Map();
  /** @param {Iterable<{ node: any, path: string[], info: any }>} references @param {string} [moduleId] */
  const collect = (references, moduleId) => {
    for (const { node, path, info } of references) {
      if (node.type === 'CallExpression' && !found.has(node)) {
        found.set(node, { node, api: info, moduleId: moduleId ?? path[0] });
      }
    }
  };

  collect(tracker.iterateEsmReferences(maps.esm));

  for (const { root, specifier } of extraModuleRoots(sourceCode, tracker, globalScope, { dynamicImports, importEquals })) {
    const map = Object.hasOwn(maps.cjs, specifier) ? maps.cjs[specifier] : null;
    if (!map) continue;
    // A dynamically imported namespace also carries the module as `default`.
    collect(tracker.iteratePropertyReferences(root, { ...map, default: map }), specifier);
  }
  return [...found.values()];
}

/** @type {Map<string, ReturnType<typeof buildTraceMaps>>} */
const traceMapCache = new Map();

/**
 * The trace maps depend only on the chosen module groups: build them once per choice, not once per file.
 * @param {ReadonlyArray<string>} modules
 */
function traceMapsFor(modules) {
  const key = modules.join(',');
  let maps = traceMapCache.get(key);
  if (!maps) {
    maps = buildTraceMaps(modules);
    traceMapCache.set(key, maps);
  }
  return maps;
}

/**
 * Read references of the global `require`, whether or not the configuration
 * declares it: ReferenceTracker only follows a declared global, but an ESM or
 * TypeScript file linted without Node globals still calls `require('fs')`.
 * @param {any} globalScope
 */
function globalRequireReferences(globalScope) {
  const declared = globalScope.set.get('require');
  if (declared && declared.defs.length > 0) return [];
  const references = [...(declared?.references ?? []), ...globalScope.through.filter((/** @type {any} */ r) => r.identifier.name === 'require')];
  if (references.some((r) => r.isWrite())) return [];
  return references;
}

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any[]} references references of a `require` function
 * @returns {Generator<{ call: any, specifier: string }>}
 */
function* requireCalls(sourceCode, references) {
  for (const reference of references) {
    const call = reference.identifier.parent;
    if (!reference.isRead() || call?.type !== 'CallExpression' || call.callee !== reference.identifier) continue;
    const specifier = call.arguments[0] && getStringIfConstant(call.arguments[0], sourceCode.getScope(call));
    if (typeof specifier === 'string') yield { call, specifier };
  }
}

/**
 * Expressions that evaluate to a module object, as roots to follow with
 * ReferenceTracker's property walk.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {ReferenceTracker} tracker
 * @param {any} globalScope
 * @param {{ dynamicImports: ReadonlyArray<any>, importEquals: ReadonlyArray<any> }} nodes
 * @returns {Generator<{ root: any, specifier: string }>}
 */
function* extraModuleRoots(sourceCode, tracker, globalScope, { dynamicImports, importEquals }) {
  const globalRequires = globalRequireReferences(globalScope);
  /** @type {any[]} */
  const requireReferences = [...globalRequires];
  // const require = createRequire(import.meta.url); require('fs')
  const factoryCalls = [...tracker.iterateEsmReferences(moduleFactoryEsmMap)].map((r) => r.node);
  for (const { call, specifier } of requireCalls(sourceCode, globalRequires)) {
    if (Object.hasOwn(moduleFactoryMap, specifier)) {
      factoryCalls.push(...[...tracker.iteratePropertyReferences(call, moduleFactoryMap[specifier])].map((r) => r.node));
    }
  }
  for (const node of factoryCalls) {
    const declarator = node.parent;
    if (declarator?.type !== 'VariableDeclarator' || declarator.init !== node || declarator.id.type !== 'Identifier') continue;
    requireReferences.push(...(findVariable(globalScope, declarator.id)?.references ?? []));
  }
  for (const { call, specifier } of requireCalls(sourceCode, requireReferences)) yield { root: call, specifier };

  // const fs = await import('node:fs')  /  (await import('fs')).readFileSync(...)
  for (const node of dynamicImports) {
    const specifier = node.source && getStringIfConstant(node.source, sourceCode.getScope(node));
    if (typeof specifier === 'string' && node.parent?.type === 'AwaitExpression') {
      yield { root: node.parent, specifier };
    }
  }

  // TypeScript: import fs = require('fs')
  for (const node of importEquals) {
    const reference = node.moduleReference;
    if (node.importKind === 'type' || reference?.type !== 'TSExternalModuleReference') continue;
    const specifier = getStringIfConstant(reference.expression);
    if (typeof specifier !== 'string') continue;
    for (const variable of sourceCode.scopeManager.getDeclaredVariables(node)) {
      for (const ref of variable.references) {
        if (ref.isRead()) yield { root: ref.identifier, specifier };
      }
    }
  }
}
