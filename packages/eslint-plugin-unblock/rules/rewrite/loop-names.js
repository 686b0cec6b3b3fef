/**
 * Names a loop rewrite introduces (`entries`, `key`, `start`, …) must not
 * capture or shadow anything the code already uses, and the globals it
 * calls (`Promise`, `Array`, `Object`) must be the real ones.
 */
import { noteFileWideNameCheck } from '../verdicts/name-checks.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 */

/**
 * Is `name` declared in or visible from `scope`, or used anywhere inside `node`?
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} node the statement being rewritten
 * @param {string} name
 */
export function isNameFree(sourceCode, node, name) {
  noteFileWideNameCheck(sourceCode, node);
  for (let scope = /** @type {import('eslint').Scope.Scope | null} */ (sourceCode.getScope(node)); scope; scope = scope.upper) {
    if (scope.set.has(name)) return false;
    if (scope.through.some((reference) => reference.identifier.name === name)) return false;
  }
  return !sourceCode.getTokens(node).some((token) => token.type === 'Identifier' && token.value === name);
}

/**
 * The first candidate name that is free, else the base name numbered.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {Node} node
 * @param {string[]} candidates
 * @param {Set<string>} [taken] names already chosen for the same rewrite
 */
export function freshName(sourceCode, node, candidates, taken = new Set()) {
  const usable = (/** @type {string} */ name) => !taken.has(name) && isNameFree(sourceCode, node, name);
  for (const candidate of candidates) if (usable(candidate)) return candidate;
  for (let n = 2; n < 100; n++) if (usable(`${candidates[0]}${n}`)) return `${candidates[0]}${n}`;
  return null;
}

/**
 * Whether a global the rewrite relies on is shadowed by a declaration in this file.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} node
 * @param {string} name
 */
export function isShadowedGlobal(sourceCode, node, name) {
  noteFileWideNameCheck(sourceCode, node);
  for (let scope = /** @type {import('eslint').Scope.Scope | null} */ (sourceCode.getScope(node)); scope; scope = scope.upper) {
    const variable = scope.set.get(name);
    if (variable) return variable.defs.length > 0;
  }
  return false;
}
