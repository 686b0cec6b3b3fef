/**
 * Reads one function's body into an effect summary: the calls it makes
 * (each call's effect comes from summarize.js, which may read the callee's
 * body in turn), the `this` fields and module state it reads and writes, and
 * the arguments it mutates. Nested functions are read as part of the body.
 */
import { unwrap, propertyName, isFunctionNode, walk } from '../../language/syntax/ast.js';
import { MUTATING_METHODS } from '../../effects/effects.js';
import { rootOf } from './call-evidence.js';
import { declaredNames, patternNames } from './declared-names.js';
import { localKindsOf } from './local-kinds.js';
import { emptySummary, mergePart } from '../../effects/effect-summary.js';
import { isCacheFill } from './cache-fill.js';
import { memoFields } from './memo-fields.js';
import { ownValueTest } from './own-values.js';
import { noteAssignment } from '../evidence/builtin-methods.js';
import { PARENT_THREAD } from '../evidence/thread-messages.js';

/**
 * @typedef {import('../../language/syntax/ast.js').Node} Node
 * @typedef {import('../../language/syntax/ast.js').CallNode} CallNode
 * @typedef {import('../../language/syntax/ast.js').VisitorKeys} VisitorKeys
 * @typedef {import('../../language/syntax/ast.js').FunctionNode} FunctionNode
 */
/**
 * @template {string} T
 * @typedef {import('../../language/syntax/ast.js').NodeOf<T>} NodeOf
 */

/**
 * @typedef {import('../../effects/effect-summary.js').EffectSummary} EffectSummary
 * @typedef {import('../modules/callee-lookup.js').CallContext} CallContext
 *
 * @callback EffectOfCall what one call in the body does
 * @param {any} call
 * @param {CallContext} context
 * @param {boolean} isAwaited
 * @param {(name: string) => import('../body-calls/call-effect.js').LocalKind | undefined} localKind
 * @param {boolean} [ownArguments] every argument is a value the body made: a callee changing its parameters changes nothing outside
 * @returns {import('../../effects/effect-summary.js').EffectPart}
 *
 * @typedef {object} BodyReading  what reading one body has found so far
 * @property {import('../modules/module-view.js').ModuleView} view
 * @property {CallContext} context
 * @property {Set<string>} params  names bound by the function's parameters
 * @property {(name: string) => import('../body-calls/call-effect.js').LocalKind | undefined} localKind  what a name declared in the body holds
 * @property {{ range: [number, number], names: Set<string> }[]} rebound  nested functions that declare a parameter's name again: there it is their own binding
 * @property {EffectSummary} summary
 * @property {Set<any>} awaited  calls whose promise is awaited or returned: they are presumed to wait
 * @property {Set<any>} notReads  identifiers that are names, not reads (property keys, callees of `this.m()`)
 * @property {Set<string>} settlers  the `resolve`/`reject` parameters of promise executors in the body
 * @property {[number, number][]} executors  the ranges of the body's promise executors
 * @property {(expression: any) => boolean} isOwnValue  the expression is a value the body made (own-values.js)
 * @property {EffectOfCall} effectOfCall
 */

/**
 * @param {Extract<import('../modules/callee-lookup.js').Value, { type: 'function' }>} target
 * @param {(name: string) => boolean} outerShadowed names declared around the function (same file only)
 * @param {any} visitorKeys
 * @param {EffectOfCall} effectOfCall
 * @param {(name: string) => any} [outerInstance] the `new` expression a name declared around the function always holds an instance of
 * @returns {EffectSummary}
 */
export function readBody(target, outerShadowed, visitorKeys, effectOfCall, outerInstance) {
  const { fn, view } = target;
  const declared = declaredNames(fn, visitorKeys);
  const params = new Set(fn.params.flatMap((/** @type {any} */ param) => patternNames(param)));
  /** @type {CallContext} */
  const context = { view, classNode: target.classNode, objectNode: target.objectNode, isShadowed: (name) => declared.has(name) || outerShadowed(name) };
  if (outerInstance) {
    const instance = (/** @type {string} */ name) => (declared.has(name) ? undefined : outerInstance(name));
    Object.assign(context, { localInit: instance, localConstant: instance });
  }
  /** @type {BodyReading} */
  const reading = {
    view,
    context,
    params,
    rebound: reboundParams(fn, params, visitorKeys),
    localKind: localKindsOf(fn, visitorKeys, context),
    summary: emptySummary(),
    awaited: new Set(fn.expression ? [unwrap(fn.body)] : []),
    notReads: new Set(),
    settlers: new Set(),
    executors: [],
    isOwnValue: ownValueTest(fn, visitorKeys),
    effectOfCall,
  };
  // Nested functions included: callbacks a function hands out run on its behalf.
  walk(fn.body, visitorKeys, (/** @type {any} */ node) => readNode(reading, node));

  const { summary } = reading;
  // A memo's fill is a read of its field for the callers (memo-fields.js).
  for (const field of memoFields(fn)) summary.thisWrites.delete(field);
  // What the calls alone come to: a caller that hands this function only its own values drops the writes to
  // arguments, and the kind they made (summarize.js).
  summary.callKind = summary.kind;
  if (summary.thisWrites.size > 0 || [...summary.writes].some((w) => w === 'args' || w.startsWith('state:'))) {
    summary.kind = 'write';
  }
  summary.findOrCreate = intersects(summary.reads, summary.writes) || intersects(summary.thisReads, summary.thisWrites);
  return summary;
}

/**
 * @param {BodyReading} reading
 * @param {any} node
 */
function readNode(reading, node) {
  switch (node.type) {
    case 'AwaitExpression':
    case 'ReturnStatement':
      if (node.argument) reading.awaited.add(unwrap(node.argument));
      break;
    case 'ArrowFunctionExpression':
      if (node.expression) reading.awaited.add(unwrap(node.body));
      break;
    case 'CallExpression':
    case 'NewExpression':
    case 'TaggedTemplateExpression':
      readCall(reading, node);
      break;
    case 'AssignmentExpression':
      noteWrite(reading, node.left, true);
      noteAssignment(node);
      // `this.user = …` writes the field without reading it; `this.count += 1` does both.
      if (node.operator === '=') reading.notReads.add(unwrap(node.left));
      break;
    case 'UpdateExpression':
      noteWrite(reading, node.argument, true);
      break;
    case 'MemberExpression':
      readMember(reading, node);
      break;
    case 'Property':
    case 'MethodDefinition':
    case 'PropertyDefinition':
      if (!node.computed && node.key !== node.value) reading.notReads.add(node.key);
      break;
    case 'Identifier':
      if (!reading.notReads.has(node) && !reading.context.isShadowed(node.name) && isModuleState(reading.view, node.name)) reading.summary.reads.add(`state:${reading.view.file}#${node.name}`);
      break;
    default:
  }
}

/**
 * A call, `new` or tagged template: what it does, and what its receiver shows (`list.push()` writes `list`).
 * @param {BodyReading} reading
 * @param {any} node
 */
function readCall(reading, node) {
  if (isPromiseExecutor(node)) {
    const executor = unwrap(node.arguments[0]);
    for (const name of executor.params.flatMap((/** @type {any} */ p) => patternNames(p))) reading.settlers.add(name);
    reading.executors.push(executor.range);
  }
  // `resolve(rows)` in a promise executor settles the promise: no effect of its own, whatever its name.
  if (node.type === 'CallExpression' && unwrap(node.callee).type === 'Identifier' && reading.settlers.has(unwrap(node.callee).name)) return;
  const ownArguments = node.type !== 'TaggedTemplateExpression' && node.arguments.every(reading.isOwnValue);
  const part = reading.effectOfCall(node, reading.context, reading.awaited.has(node), reading.localKind, ownArguments);
  if (!addMessages(reading, node, part)) mergePart(reading.summary, part);
  if (node.type === 'TaggedTemplateExpression') return;
  const callee = unwrap(node.callee);
  if (callee.type === 'MemberExpression') {
    reading.notReads.add(callee);
    // A cache fill changes no state a caller sees (cache-fill.js).
    if (MUTATING_METHODS.has(propertyName(callee) ?? '') && !isCacheFill(node)) noteWrite(reading, callee.object);
  }
}

/**
 * A property read: `this.x` is a read of the field, unless it is a name (a callee, an assignment's target).
 * @param {BodyReading} reading
 * @param {any} node
 */
function readMember(reading, node) {
  if (!node.computed) reading.notReads.add(node.property);
  if (unwrap(node.object).type === 'ThisExpression' && !reading.notReads.has(node)) {
    const field = propertyName(node);
    if (field !== null) reading.summary.thisReads.add(node.property.type === 'PrivateIdentifier' ? `#${field}` : field);
  }
}

/**
 * Where a write through `written` lands.
 * @param {BodyReading} reading
 * @param {any} written assignment target or mutated receiver
 * @param {boolean} [assigned] `written` is assigned to (`x = …`, `x++`), not a receiver whose method changes it
 */
function noteWrite(reading, written, assigned = false) {
  const { summary, view } = reading;
  const node = unwrap(written);
  const root = rootOf(node);
  if (root?.type === 'ThisExpression') {
    const field = firstFieldOfThis(node);
    if (field !== null) summary.thisWrites.add(field);
  } else if (root?.type === 'Identifier') {
    if (reading.params.has(root.name)) {
      // `cids = [cids]` only rebinds the callee's own parameter; `cids.x = …` and `cids.push()` change the caller's object,
      // unless a nested function declares that name again (`tags.map((tag) => { tag.name = … })`).
      if (!(assigned && node === root) && !isRebound(reading, root)) summary.writes.add('args');
    } else if (!reading.context.isShadowed(root.name) && isModuleState(view, root.name)) summary.writes.add(`state:${view.file}#${root.name}`);
  }
}

/**
 * The nested functions of `fn` that declare one of its parameters' names again (as a parameter or a local).
 * @param {FunctionNode} fn
 * @param {Set<string>} params
 * @param {VisitorKeys} visitorKeys
 * @returns {BodyReading['rebound']}
 */
function reboundParams(fn, params, visitorKeys) {
  /** @type {BodyReading['rebound']} */
  const rebound = [];
  if (params.size === 0) return rebound;
  walk(fn.body, visitorKeys, (/** @type {any} */ node) => {
    if (!isFunctionNode(node)) return true;
    const names = new Set([...declaredNames(node, visitorKeys, { nested: false })].filter((name) => params.has(name)));
    if (names.size > 0) rebound.push({ range: node.range, names });
    return true;
  });
  return rebound;
}

/**
 * The identifier names a nested function's own binding, not the outer parameter.
 * @param {BodyReading} reading
 * @param {NodeOf<'Identifier'>} identifier
 */
function isRebound(reading, identifier) {
  const [start] = identifier.range;
  return reading.rebound.some(({ range, names }) => names.has(identifier.name) && start >= range[0] && start < range[1]);
}

/**
 * `new Promise((resolve, reject) => …)`.
 * @param {Node} node
 */
function isPromiseExecutor(node) {
  return node.type === 'NewExpression' && unwrap(node.callee).type === 'Identifier' && unwrap(node.callee).name === 'Promise' && isFunctionNode(unwrap(node.arguments[0]));
}

/**
 * A message to another thread that no promise waits to have answered is a notification (a metric, an
 * event): like a log line, it changes nothing this code or its callers read, so callers need not keep
 * it in order, and the body only notes that it notifies. Sent inside a promise executor, directly or
 * by a callee, it is a request the reply settles: the receiver's work is the call's effect, a write.
 * @param {BodyReading} reading
 * @param {any} node the call
 * @param {import('../../effects/effect-summary.js').EffectPart} part what it does
 * @returns {boolean} whether the part is taken care of
 */
function addMessages(reading, node, part) {
  if (!part.message && !part.notifies) return false;
  if (insideAny(reading.executors, node.range)) {
    mergePart(reading.summary, { ...part, kind: 'write', io: true, writes: [...part.writes, PARENT_THREAD], notifies: false });
    return true;
  }
  reading.summary.notifies = true;
  return part.message === true;
}

/**
 * @param {[number, number][]} ranges
 * @param {[number, number]} range
 */
function insideAny(ranges, [start, end]) {
  return ranges.some(([from, to]) => start >= from && end <= to);
}

/**
 * `x` in `this.x.y = …` or `this.x.push()`.
 * @param {Node} node
 */
function firstFieldOfThis(node) {
  let current = unwrap(node);
  /** @type {any} */
  let field = null;
  while (current.type === 'MemberExpression') {
    field = current;
    current = unwrap(current.object);
  }
  if (!field) return null;
  const name = propertyName(field);
  return name === null ? null : field.property.type === 'PrivateIdentifier' ? `#${name}` : name;
}

/**
 * A module-level binding that holds state: a `let`/`var`, or a `const`
 * object, array or collection (functions, classes, imports and constants are not state).
 * @param {import('../modules/module-view.js').ModuleView} view
 * @param {string} name
 */
function isModuleState(view, name) {
  const binding = view.bindings.get(name);
  if (!binding || binding.kind !== 'value') return false;
  if (!binding.constant) return true;
  const init = unwrap(binding.node);
  return init?.type === 'ObjectExpression' || init?.type === 'ArrayExpression' || init?.type === 'NewExpression';
}

/** @param {Set<string>} a @param {Set<string>} b */
function intersects(a, b) {
  for (const item of a) if (b.has(item)) return true;
  return false;
}
