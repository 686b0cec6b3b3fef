/**
 * Which tsconfig.json the resolver may follow for the files of a folder, when reads are bounded
 * to a lint's folder: the nearest one between the folder and the bound, and only when every file
 * it pulls in (`extends`, project `references`) lies inside the bound too. The resolver reads a
 * tsconfig and what it extends by itself: a config extending `../outside/base.json` (with an
 * absolute `baseUrl` or `paths`) made the lint read, and then parse, files outside the workspace.
 * Such a config is not followed: its folder's imports resolve as Node resolves them.
 */
import path from 'node:path';
import { optionalRequire } from '../bounds/optional-require.js';
import { readRegularFile, regularFileStat } from '../bounds/read-regular-file.js';
import { isWithin } from '../bounds/lint-bounds.js';
import { nestingWithin } from './nesting-depth.js';

/**
 * @typedef {import('../../language/syntax/ast.js').Node} Node
 */

const MAX_CONFIG_BYTES = 1_000_000;
/** `extends` chains longer than this are not followed (TypeScript itself has no limit; real ones have 2 or 3 links). */
const MAX_CHAIN = 16;

/**
 * @param {string} folder the importing file's folder
 * @param {string} bound the folder reads stay in
 * @returns {string | null} the config file to follow, or null: resolve without one
 */
export function tsconfigWithin(folder, bound) {
  if (!isWithin(folder, bound)) return null;
  const candidate = nearestConfig(folder, bound);
  if (candidate === null) return null;
  let followed = followedConfigs.get(`${bound}\0${candidate}`);
  if (followed === undefined) followedConfigs.set(`${bound}\0${candidate}`, (followed = staysWithin(candidate, bound, new Set())));
  return followed ? candidate : null;
}

/**
 * Answers shared by the folders of a project, until forgetTsconfigs(): each folder asked
 * looked for its nearest config upwards and read (parsed) it and what it extends again, a
 * third of the time the import map took on Ghost.
 * @type {Map<string, string | null>} bound and folder → the nearest tsconfig.json between them
 */
const nearestConfigs = new Map();
/** @type {Map<string, boolean>} bound and config → whether it and all it pulls in stay inside the bound */
const followedConfigs = new Map();

/**
 * The nearest tsconfig.json from `folder` up to `bound` (both included), or null.
 * @param {string} folder inside `bound`
 * @param {string} bound
 * @returns {string | null}
 */
function nearestConfig(folder, bound) {
  const key = `${bound}\0${folder}`;
  let found = nearestConfigs.get(key);
  if (found !== undefined) return found;
  const candidate = path.join(folder, 'tsconfig.json');
  const parent = path.dirname(folder);
  if (regularFileStat(candidate)) found = candidate;
  else if (folder === bound || parent === folder || !isWithin(parent, bound)) found = null;
  else found = nearestConfig(parent, bound);
  nearestConfigs.set(key, found);
  return found;
}

/** Forgets the configs found (the resolver's answers are forgotten with them: files may have changed). */
export function forgetTsconfigs() {
  nearestConfigs.clear();
  followedConfigs.clear();
}

/**
 * Whether a config and everything it extends or references lies inside `bound` and can be read.
 * @param {string} config
 * @param {string} bound
 * @param {Set<string>} seen
 * @returns {boolean}
 */
function staysWithin(config, bound, seen) {
  if (seen.has(config)) return true;
  if (seen.size >= MAX_CHAIN || !isWithin(config, bound) || !regularFileStat(config)) return false;
  seen.add(config);
  const text = readRegularFile(config, MAX_CONFIG_BYTES);
  const json = /** @type {any} */ (text === null ? undefined : parseJsonc(text));
  if (json === undefined) return false;
  if (json === null || typeof json !== 'object') return true;
  const folder = path.dirname(config);
  const extended = typeof json.extends === 'string' ? [json.extends] : Array.isArray(json.extends) ? json.extends : [];
  for (const specifier of extended) {
    const target = typeof specifier === 'string' ? extendedConfig(folder, specifier, bound) : null;
    if (target === null || !staysWithin(target, bound, seen)) return false;
  }
  for (const reference of Array.isArray(json.references) ? json.references : []) {
    if (typeof reference?.path !== 'string') continue;
    const target = path.resolve(folder, reference.path);
    const file = target.endsWith('.json') ? target : path.join(target, 'tsconfig.json');
    if (!staysWithin(file, bound, seen)) return false;
  }
  return true;
}

/**
 * The file an `extends` names: a path (with `.json` added as TypeScript does), or a package's
 * config found in a node_modules folder no higher than `bound`.
 * @param {string} folder
 * @param {string} specifier
 * @param {string} bound
 * @returns {string | null}
 */
function extendedConfig(folder, specifier, bound) {
  const candidates = (/** @type {string} */ base) => [base, `${base}.json`, path.join(base, 'tsconfig.json')];
  if (specifier.startsWith('.') || path.isAbsolute(specifier)) {
    return candidates(path.resolve(folder, specifier)).find((file) => regularFileStat(file)) ?? null;
  }
  for (let current = folder; isWithin(current, bound); current = path.dirname(current)) {
    const found = candidates(path.join(current, 'node_modules', specifier)).find((file) => regularFileStat(file));
    if (found) return found;
    if (current === bound || path.dirname(current) === current) break;
  }
  return null;
}

/**
 * A JSON-with-comments text (tsconfig allows comments and trailing commas) read as the JavaScript
 * expression it also is, by oxc-parser, without evaluating anything.
 * @param {string} text
 * @returns {unknown} undefined when it is not such a text
 */
export function parseJsonc(text) {
  const oxc = optionalRequire('oxc-parser');
  // A config nested deeper than hand-written JSON ever is could overflow the native parser's stack.
  if (!oxc || !nestingWithin(text)) return undefined;
  try {
    const result = oxc.parseSync('tsconfig.js', `(${text}\n)`, { sourceType: 'script' });
    const statement = result.program.body[0];
    if (result.errors.length > 0 || result.program.body.length !== 1 || statement?.type !== 'ExpressionStatement') return undefined;
    return literalValue(statement.expression);
  } catch {
    return undefined;
  }
}

/**
 * @param {any} node
 * @returns {unknown} undefined for anything but JSON's literals, objects and arrays
 */
function literalValue(node) {
  switch (node?.type) {
    case 'ParenthesizedExpression':
      return literalValue(node.expression);
    case 'Literal':
      return node.value;
    case 'UnaryExpression':
      return node.operator === '-' && typeof node.argument?.value === 'number' ? -node.argument.value : undefined;
    case 'ArrayExpression': {
      const values = node.elements.map(literalValue);
      return values.includes(undefined) ? undefined : values;
    }
    case 'ObjectExpression': {
      /** @type {Record<string, unknown>} */
      const object = {};
      for (const property of node.properties) {
        const key = property.type === 'Property' && !property.computed ? (property.key.type === 'Identifier' ? property.key.name : property.key.value) : undefined;
        const value = key === undefined ? undefined : literalValue(property.value);
        if (value === undefined) return undefined;
        Object.defineProperty(object, String(key), { value, enumerable: true, writable: true, configurable: true });
      }
      return object;
    }
    default:
      return undefined;
  }
}
