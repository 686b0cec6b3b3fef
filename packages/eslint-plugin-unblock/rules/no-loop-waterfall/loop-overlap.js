/**
 * May an awaited call of one loop iteration run while the same call of
 * another iteration is pending? Not when it is a barrier or an ordered step,
 * works on one shared connection, calls into the element itself, writes to
 * one shared target, hands over shared state, or races on state its body
 * shares across calls.
 */
import { unwrap, propertyName, walk, isFunctionNode } from '../language/syntax/ast.js';
import { CONNECTION_RECEIVER_NAMES } from '../effects/verbs.js';
import { calleeNames, isOutputCall, isPerItemFileCall, isGuardCall, orderedCallReason } from './loop-call-kinds.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 * @typedef {import('../language/syntax/ast.js').CallNode} CallNode
 */

/** @typedef {import('./loop-iterations.js').IterationScope} IterationScope */

const CONNECTION_NAMES = new Set(CONNECTION_RECEIVER_NAMES.map((name) => name.toLowerCase()));
const PROMISE_METHODS = new Set(['then', 'catch', 'finally']);
const COMBINATORS = new Set(['all', 'allSettled', 'any', 'race']);

/**
 * @param {any} operand the awaited call
 * @param {IterationScope} iteration
 * @returns {boolean}
 */
export function awaitedCallMayOverlap(operand, iteration) {
  const { classifier, isIterationSymbol, readsIteration } = iteration;
  if (classifier.classifyOperation(operand).barrier) return false;
  // `await Promise.all([a(x), b(x)])`: each call in the list is awaited here.
  const combined = combinedCalls(operand);
  if (combined) return combined.every((call) => awaitedCallMayOverlap(call, iteration));
  // `git.spawn(args).catch(ignore)`: the call that does the work is the one the chain starts from.
  const call = promiseSource(operand);
  const cls = classifier.classifyOperation(call);
  const { names, root } = calleeNames(call);
  if (cls.barrier || orderedCallReason(names) !== null) return false;
  // A function handed in by the caller (`await onFile(file)`), whose body and name say nothing:
  // it may write anything, keyed to the element or not, so the loop keeps its order.
  if (cls.kind === 'unknown' && isHandedIn(root, iteration.index)) return false;
  if (isGuardCall(names) && call.parent?.type === 'AwaitExpression' && call.parent.parent?.type === 'ExpressionStatement') return false;
  // One shared connection, session or page serialises its calls; one made in this iteration is its own.
  if (cls.receiver?.connection && !isIterationSymbol(cls.receiver.root)) return false;
  // Calling into the element (`step.run()`, `m.up(db)`, `process.onEnd()`): elements that are code (plugins,
  // strategies, configured processes) run in their order, and their bodies are whatever is configured. Only a
  // body the index reads can show such a call is a read; a read-sounding name cannot.
  if (callsIntoItemUnseen(operand, iteration)) return false;
  if (isOutputCall(names, root)) {
    // A per-item file (`writeFile(join(dir, item.name), …)`) is fine; one shared target is not.
    if (!isPerItemFileCall(names) || !call.arguments[0] || !readsIteration(call.arguments[0])) return false;
  }
  if (call.arguments.some((/** @type {any} */ arg) => passesSharedState(arg, iteration)) && cls.kind !== 'read') return false;
  // A write whose record is named the same in every iteration, or one shared object changing itself.
  if (cls.kind !== 'read' && (namesSharedRecord(call, iteration) || changesOneLocalObject(call, cls, iteration))) return false;
  // Even a read handed one connection, session or transaction (`getRows(tx, id)`) runs on it.
  if (call.arguments.some((/** @type {any} */ arg) => passesConnection(arg, iteration))) return false;
  // Last, as it reads the callee's body: a find-or-create, or state every iteration shares, races when run together.
  return !(cls.summary && sharesStateAcrossCalls(cls.summary));
}

/**
 * A binding whose value the analysis cannot see: a parameter of a function
 * around the call (`async function upload(files, onFile)`), or a local read
 * straight off one (`const { onFile } = options`, `const save = opts.save`).
 * @param {Node} root the node a callee chain starts at
 * @param {IterationScope['index']} index
 */
function isHandedIn(root, index) {
  let node = root;
  // A short chain of locals: `const fn = handlers.onFile` reads a parameter two names away at most.
  for (let hops = 0; hops < 3 && node?.type === 'Identifier'; hops += 1) {
    const variable = /** @type {any} */ (index.symbolOf(node));
    const defs = variable && typeof variable === 'object' && Array.isArray(variable.defs) ? variable.defs : [];
    if (defs.length !== 1) return false;
    if (defs[0].type === 'Parameter') return true;
    if (defs[0].type !== 'Variable' || defs[0].parent?.kind !== 'const') return false;
    node = unwrap(defs[0].node.init);
    while (node?.type === 'MemberExpression') node = unwrap(node.object);
  }
  return false;
}

/**
 * The argument is a connection, session or transaction the iterations share.
 * @param {any} arg
 * @param {IterationScope} iteration
 */
function passesConnection(arg, { index, isOwn }) {
  const node = unwrap(arg);
  if (node?.type !== 'Identifier') return false;
  const symbol = index.symbolOf(node);
  if (isOwn(symbol)) return false;
  return CONNECTION_NAMES.has(node.name.toLowerCase()) || index.isConnectionVariable(symbol);
}

/**
 * The callee is the element itself or hangs off it: `hook()`, `m.up()`,
 * `steps[i].run()`, or a local taken from the element (`const step = steps[i]`).
 * @param {CallNode} call
 * @param {IterationScope} iteration
 */
function callsIntoItem(call, { index, readsIteration, isElement }) {
  let node = unwrap(call.callee);
  while (node?.type === 'MemberExpression' || node?.type === 'CallExpression') {
    if (node.type === 'MemberExpression' && node.computed && readsIteration(node.property)) return true;
    node = unwrap(node.type === 'MemberExpression' ? node.object : node.callee);
  }
  return node?.type === 'Identifier' && isElement(index.symbolOf(node));
}

/**
 * A call into the element anywhere in the awaited expression
 * (`await settle(process.onTransitionEnd(state))` as well as `await step.run()`),
 * unless its body was read and shows a read.
 * @param {Node} operand
 * @param {IterationScope} iteration
 */
function callsIntoItemUnseen(operand, iteration) {
  let found = false;
  walk(operand, iteration.visitorKeys, (node) => {
    if (found || isFunctionNode(node)) return false;
    if (node.type === 'CallExpression' && callsIntoItem(node, iteration)) {
      const cls = iteration.classifier.classifyOperation(node);
      found = !(cls.summary && cls.kind === 'read');
    }
    return !found;
  });
  return found;
}

/**
 * An argument that hands the call something shared and mutable as it is:
 * a variable declared outside the loop (not a function, not a literal
 * constant), `this`, a member of either, or an object literal carrying
 * one (`{ db }`). A value computed from shared inputs (`join(dir, name)`,
 * a template) is a new value, and an element picked by the iteration
 * (`list[i]`) belongs to the iteration.
 * @param {any} arg
 * @param {IterationScope} iteration
 * @returns {boolean}
 */
function passesSharedState(arg, iteration) {
  const node = unwrap(arg);
  if (!node) return false;
  if (node.type === 'ThisExpression') return true;
  if (node.type === 'Identifier') {
    const symbol = iteration.index.symbolOf(node);
    return iteration.isShared(symbol) || iteration.isInvariantLocal(symbol);
  }
  if (node.type === 'MemberExpression') {
    if (node.computed && iteration.readsIteration(node.property)) return false;
    return passesSharedState(node.object, iteration);
  }
  if (node.type === 'ObjectExpression') {
    return node.properties.some((/** @type {any} */ property) =>
      passesSharedState(property.type === 'SpreadElement' ? property.argument : property.value, iteration));
  }
  if (node.type === 'ArrayExpression') {
    return node.elements.some((/** @type {any} */ element) => element !== null && passesSharedState(element, iteration));
  }
  if (node.type === 'SpreadElement') return passesSharedState(node.argument, iteration);
  return false;
}

/**
 * The call names the record it works on by a key (`'widgets:global'`,
 * `` `group:${name}:members` ``, `['cid:0:admins']`) and no key comes from the
 * element: every iteration writes that same record. A key is a string with
 * no spaces, a template of one or a list of them; text with spaces (SQL,
 * messages) is a statement whose record is named by its parameters.
 * @param {CallNode} call
 * @param {IterationScope} iteration
 */
function namesSharedRecord(call, { dependsOnElement }) {
  const keys = call.arguments.map(unwrap).filter(isKeyLike);
  return keys.length > 0 && !keys.some((/** @type {any} */ key) => dependsOnElement(key));
}

/** @param {any} node */
function isKeyLike(node) {
  if (node?.type === 'Literal') return typeof node.value === 'string' && !/\s/.test(node.value);
  if (node?.type === 'TemplateLiteral') return node.quasis.every((/** @type {any} */ quasi) => !/\s/.test(quasi.value.cooked ?? ' '));
  if (node?.type === 'ArrayExpression') return node.elements.length > 0 && node.elements.every((/** @type {any} */ element) => isKeyLike(unwrap(element)));
  return false;
}

/**
 * `calculator.update(x)` on ONE object the function created before the loop
 * (`new`, an object literal): a method that is not a read changes that
 * object's own state, which every iteration shares. Only a body that shows
 * the method leaves its object alone lets the iterations overlap.
 * @param {CallNode} call
 * @param {import('../effects/call-classification.js').OperationClass} cls
 * @param {IterationScope} iteration
 */
function changesOneLocalObject(call, cls, { index, isShared }) {
  const callee = unwrap(call.callee);
  const object = callee?.type === 'MemberExpression' ? unwrap(callee.object) : null;
  if (object?.type !== 'Identifier') return false;
  const variable = /** @type {any} */ (index.symbolOf(object));
  if (!isShared(variable) || !isObjectMadeInFunction(variable)) return false;
  const summary = cls.summary;
  return !summary || summary.kind === 'unknown' || summary.writes.has(`recv:${object.name}`) || summary.writes.has('args');
}

/**
 * A function's local bound once to an object it creates: `new Thing()`, `{ … }`.
 * @param {import('eslint').Scope.Variable} variable
 */
function isObjectMadeInFunction(variable) {
  if (!variable || variable.defs?.length !== 1 || variable.defs[0].type !== 'Variable') return false;
  // Module-level objects (clients, stores) are named by their import or module; a CommonJS file's top scope is a function around the Program.
  if (variable.scope?.block?.type === 'Program') return false;
  const init = unwrap(variable.defs[0].node.init);
  return init?.type === 'NewExpression' || init?.type === 'ObjectExpression';
}

/**
 * A callee whose body reads and writes one resource (find-or-create, a
 * counter), or writes module state or its object's fields: iterations calling
 * it at once would interleave those reads and writes.
 * @param {import('../project/index.js').CallSummary} summary
 */
function sharesStateAcrossCalls(summary) {
  return summary.findOrCreate || summary.thisWrites.size > 0 || [...summary.writes].some((key) => key.startsWith('state:'));
}

/**
 * The calls listed in `Promise.all([…])` (and allSettled/any/race), or null
 * for any other operand.
 * @param {CallNode} call
 * @returns {any[] | null}
 */
function combinedCalls(call) {
  const callee = unwrap(call.callee);
  if (callee?.type !== 'MemberExpression' || !COMBINATORS.has(propertyName(callee) ?? '')) return null;
  const object = unwrap(callee.object);
  if (object?.type !== 'Identifier' || object.name !== 'Promise') return null;
  const list = unwrap(call.arguments[0]);
  if (list?.type !== 'ArrayExpression') return null;
  return list.elements
    .map((/** @type {any} */ element) => unwrap(element?.type === 'SpreadElement' ? null : element))
    .filter((/** @type {any} */ element) => element?.type === 'CallExpression');
}

/**
 * The call a promise chain starts from: `f(x)` in `f(x).then(g).catch(h)`.
 * @param {CallNode} call
 */
function promiseSource(call) {
  let current = call;
  for (;;) {
    const callee = unwrap(current.callee);
    if (callee?.type !== 'MemberExpression' || !PROMISE_METHODS.has(propertyName(callee) ?? '')) return current;
    const inner = unwrap(callee.object);
    if (inner?.type !== 'CallExpression') return current;
    current = inner;
  }
}
