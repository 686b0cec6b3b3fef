/**
 * The effects of a piece of code on bindings: which symbols it reads and
 * writes (closures and callbacks included, resolved by scope analysis), which
 * objects it mutates through members, and whether it can leave the block.
 */
import { walk, isFunctionNode, unwrap, propertyName } from '../language/syntax/ast.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 */

/**
 * @typedef {object} Effects
 * @property {Set<unknown>} reads   symbols read (Variables, `global:x`, `this` keys)
 * @property {Set<unknown>} writes  symbols written, or objects mutated through a member
 * @property {boolean} calls        it calls something (outside nested functions)
 * @property {boolean} exits        return/throw/break/continue (outside nested functions)
 * @property {boolean} suspends     await/yield (outside nested functions)
 *
 * @typedef {ReturnType<typeof import('./references.js').getReferenceIndex>} ReferenceIndex
 *
 * @typedef {object} EffectsWalk  what one effectsOf() call gathers as it walks
 * @property {Effects} effects
 * @property {ReferenceIndex} index
 * @property {Set<any>} propertyBases  identifiers that are only the base of a property write (`out` in `out.user = …`)
 */

/** Methods that mutate the object they are called on. */
export const MUTATING_METHODS = new Set([
  'push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin',
  'set', 'delete', 'add', 'clear', 'assign', 'defineProperty', 'setPrototypeOf',
]);

/**
 * The symbol at the root of a member chain (`a` in `a.b[c].d`).
 * @param {Node} node
 * @param {ReferenceIndex} index
 */
function memberRoot(node, index) {
  let current = unwrap(node);
  while (current.type === 'MemberExpression') current = unwrap(current.object);
  if (current.type === 'Identifier' || current.type === 'ThisExpression') return index.resolveRoot(current);
  return null;
}

/**
 * @param {Node} root
 * @param {{ visitorKeys: any, index: ReferenceIndex }} context
 * @returns {Effects}
 */
export function effectsOf(root, { visitorKeys, index }) {
  /** @type {EffectsWalk} */
  const state = { effects: { reads: new Set(), writes: new Set(), calls: false, exits: false, suspends: false }, index, propertyBases: new Set() };
  /** @type {any[]} functions met on the way: their bodies run later, so their exits and awaits are their own */
  const nested = [];
  walk(root, visitorKeys, (node) => {
    if (node !== root && isFunctionNode(node)) {
      nested.push(node);
      return false;
    }
    recordBindings(node, state);
    recordControl(node, state.effects);
    return true;
  });
  for (const fn of nested) {
    walk(fn, visitorKeys, (node) => {
      // A nested function's calls, exits and awaits happen when it runs, not here: only its bindings count.
      recordBindings(node, state);
      return true;
    });
  }
  return state.effects;
}

/**
 * The symbols one node reads and writes: a reference, `this`, an assignment
 * or update, a `delete`, or a call to a method that mutates its object.
 * @param {Node} node
 * @param {EffectsWalk} state
 */
function recordBindings(node, { effects, index, propertyBases }) {
  switch (node.type) {
    case 'Identifier': {
      if (propertyBases.has(node)) return;
      const symbol = index.symbolOf(node);
      if (symbol === null) return;
      const reference = index.referenceOf.get(node);
      if (reference.isRead()) effects.reads.add(symbol);
      if (reference.isWrite()) effects.writes.add(symbol);
      // Calling or passing a local function brings its effects along.
      const summary = index.summaryOf(symbol);
      if (summary) {
        for (const read of summary.reads) effects.reads.add(read);
        for (const write of summary.writes) effects.writes.add(write);
      }
      return;
    }
    case 'ThisExpression':
      effects.reads.add(index.resolveRoot(node));
      return;
    case 'AssignmentExpression':
    case 'UpdateExpression': {
      const target = node.type === 'AssignmentExpression' ? node.left : node.argument;
      const property = node.type === 'AssignmentExpression' && node.operator === '=' ? freshObjectProperty(target, index) : null;
      if (property) {
        // `out.user = …` on an object literal made here writes that property only.
        effects.writes.add(property.key);
        propertyBases.add(property.base);
      } else if (unwrap(target).type === 'MemberExpression') addWrite(effects, memberRoot(target, index));
      return;
    }
    case 'UnaryExpression':
      if (node.operator === 'delete' && unwrap(node.argument).type === 'MemberExpression') {
        addWrite(effects, memberRoot(node.argument, index));
      }
      return;
    case 'CallExpression':
    case 'NewExpression': {
      const callee = unwrap(node.callee);
      if (callee.type === 'MemberExpression' && MUTATING_METHODS.has(propertyName(callee) ?? '')) {
        // `Object.assign(target, …)` mutates its first argument, `list.push(x)` its receiver.
        const isObjectHelper = unwrap(callee.object).type === 'Identifier' && unwrap(callee.object).name === 'Object';
        addWrite(effects, isObjectHelper ? (node.arguments[0] ? memberRoot(node.arguments[0], index) : null) : memberRoot(callee.object, index));
      }
      return;
    }
  }
}

/**
 * Whether one node calls, leaves the block or suspends; asked only outside nested functions.
 * @param {Node} node
 * @param {Effects} effects
 */
function recordControl(node, effects) {
  switch (node.type) {
    case 'CallExpression':
    case 'NewExpression':
      effects.calls = true;
      return;
    case 'ReturnStatement':
    case 'ThrowStatement':
    case 'BreakStatement':
    case 'ContinueStatement':
      effects.exits = true;
      return;
    case 'AwaitExpression':
    case 'YieldExpression':
      effects.suspends = true;
      return;
    case 'ForOfStatement':
      if (node.await) effects.suspends = true;
      return;
    case 'VariableDeclaration':
      if (node.kind === 'await using') effects.suspends = true;
      return;
  }
}

/**
 * @param {Effects} effects
 * @param {unknown} symbol
 */
function addWrite(effects, symbol) {
  if (symbol !== null && symbol !== undefined) effects.writes.add(symbol);
}

/** @type {WeakMap<object, Map<string, { propertyOf: object, name: string }>>} */
const propertyKeys = new WeakMap();

/**
 * The one key for a property of a variable, so that sets can hold it.
 * @param {object} variable
 * @param {string} name
 */
function propertyKey(variable, name) {
  let byName = propertyKeys.get(variable);
  if (!byName) {
    byName = new Map();
    propertyKeys.set(variable, byName);
  }
  let key = byName.get(name);
  if (!key) {
    key = { propertyOf: variable, name };
    byName.set(name, key);
  }
  return key;
}

/**
 * `out.user` when `out` is a `const` bound to an object literal: a fresh
 * object with no setters, whose properties are separate places.
 * @param {Node} target
 * @param {ReferenceIndex} index
 */
function freshObjectProperty(target, index) {
  const member = unwrap(target);
  if (member.type !== 'MemberExpression' || member.computed || member.property.type !== 'Identifier') return null;
  const base = unwrap(member.object);
  if (base.type !== 'Identifier') return null;
  const variable = /** @type {any} */ (index.symbolOf(base));
  const def = variable?.defs?.length === 1 ? variable.defs[0] : null;
  if (def?.type !== 'Variable' || def.parent?.kind !== 'const' || unwrap(def.node.init)?.type !== 'ObjectExpression') return null;
  return { key: propertyKey(variable, member.property.name), base };
}

/**
 * Two sets of symbols touch the same place: a shared symbol, or a property
 * of a variable in one and the whole variable in the other.
 * @param {Set<unknown>} a
 * @param {Set<unknown>} b
 */
function meets(a, b) {
  if (intersects(a, b)) return true;
  const ownerIn = (/** @type {Set<unknown>} */ keys, /** @type {Set<unknown>} */ others) => {
    for (const key of keys) {
      if (key && typeof key === 'object' && 'propertyOf' in key && others.has(key.propertyOf)) return true;
    }
    return false;
  };
  return ownerIn(a, b) || ownerIn(b, a);
}

/**
 * @param {Set<unknown>} a
 * @param {Set<unknown>} b
 */
export function intersects(a, b) {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const item of small) if (large.has(item)) return true;
  return false;
}

/**
 * Read-after-write, write-after-read or write-after-write between two pieces of code.
 * @param {Effects} earlier
 * @param {Effects} later
 */
export function bindingsFlow(earlier, later) {
  return meets(earlier.writes, later.reads) || meets(earlier.writes, later.writes) || meets(earlier.reads, later.writes);
}
