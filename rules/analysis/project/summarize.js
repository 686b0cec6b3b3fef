/**
 * Effect summaries: what a function does outside itself, read from its
 * body and composed through the calls it makes (to a depth bound, with a
 * guard against cycles). Evidence first (SQL text, HTTP methods, Node
 * modules, built-ins, callees' bodies); a call's name decides only where no
 * body can be read; a call that shows nothing keeps the summary unknown.
 */
import { unwrap, propertyName, isFunctionNode, walk } from '../ast.js';
import { MUTATING_METHODS } from '../effects.js';
import { evidenceOfCall, rootOf } from './call-evidence.js';
import { resolveCall } from './callee-lookup.js';
import { declaredNames, localValueNames, patternNames } from './declared-names.js';

/** Calls followed below the operand; deeper ones are unknown. */
const MAX_DEPTH = 4;
/** Function bodies summarised per linted file; past it, calls stay unknown. */
const MAX_SUMMARIES = 400;

/**
 * @typedef {'read' | 'write' | 'none' | 'unknown'} EffectKind  none: computes only
 *
 * @typedef {object} EffectSummary
 * @property {EffectKind} kind
 * @property {boolean | null} io   waits on something outside the process: yes, no (computes only), or unknown
 * @property {Set<string>} reads   resources read: `sql:<table>`, `http`, `fs`, `state:<file>#<name>`, `recv:<chain>`
 * @property {Set<string>} writes
 * @property {Set<string>} thisReads   properties of `this` read
 * @property {Set<string>} thisWrites  properties of `this` written
 * @property {string[]} evidence
 * @property {boolean} findOrCreate    reads and writes the same resource: two of these at once race
 * @property {boolean} evidenced       something beyond names spoke: a body, SQL, an HTTP method, a module, a built-in
 *
 * @typedef {import('./callee-lookup.js').CallContext} CallContext
 */

const KIND_ORDER = { none: 0, read: 1, unknown: 2, write: 3 };

/** @returns {EffectSummary} */
function emptySummary() {
  return { kind: 'none', io: false, reads: new Set(), writes: new Set(), thisReads: new Set(), thisWrites: new Set(), evidence: [], findOrCreate: false, evidenced: false };
}

/** @returns {EffectSummary} */
export function unknownSummary() {
  return { ...emptySummary(), kind: 'unknown', io: null };
}

/**
 * Adds a callee's summary to its caller's (the kinds, the resources, `this` state).
 * @param {EffectSummary} into
 * @param {EffectSummary} part
 */
export function mergeInto(into, part) {
  merge(into, part);
  into.findOrCreate ||= part.findOrCreate;
}

/**
 * @param {EffectSummary} into
 * @param {{ kind: EffectKind, io: boolean | null, reads: Iterable<string>, writes: Iterable<string>, thisReads?: Iterable<string>, thisWrites?: Iterable<string>, evidence?: string | string[], evidenced?: boolean }} part
 */
function merge(into, part) {
  if (part.evidenced) into.evidenced = true;
  if (KIND_ORDER[part.kind] > KIND_ORDER[into.kind]) into.kind = part.kind;
  if (part.io === true) into.io = true;
  else if (part.io === null && into.io === false) into.io = null;
  for (const read of part.reads) into.reads.add(read);
  for (const write of part.writes) into.writes.add(write);
  for (const read of part.thisReads ?? []) into.thisReads.add(read);
  for (const write of part.thisWrites ?? []) into.thisWrites.add(write);
  const evidence = Array.isArray(part.evidence) ? part.evidence : part.evidence ? [part.evidence] : [];
  for (const line of evidence) if (into.evidence.length < 3 && !into.evidence.includes(line)) into.evidence.push(line);
}

/**
 * @param {object} options
 * @param {(call: any) => 'read' | 'write' | 'unknown'} options.kindOfNames what the call's names say, when nothing else does
 * @param {(view: import('./module-view.js').ModuleView) => any} options.visitorKeysOf
 */
export function createSummarizer({ kindOfNames, visitorKeysOf }) {
  /** @type {Map<any, EffectSummary | null>} null while a summary is being made: a cycle */
  const summaries = new Map();

  /**
   * @param {Extract<import('./callee-lookup.js').Value, { type: 'function' }>} target
   * @param {number} depth
   * @param {(name: string) => boolean} [outerShadowed] names declared around the function (same file only)
   * @returns {EffectSummary}
   */
  function summaryOfFunction(target, depth, outerShadowed = () => false) {
    if (summaries.has(target.fn)) return summaries.get(target.fn) ?? unknownSummary();
    if (depth > MAX_DEPTH || summaries.size >= MAX_SUMMARIES) return unknownSummary();
    summaries.set(target.fn, null);
    const summary = readBody(target, depth, outerShadowed);
    summaries.set(target.fn, summary);
    return summary;
  }

  /**
   * @param {Extract<import('./callee-lookup.js').Value, { type: 'function' }>} target
   * @param {number} depth
   * @param {(name: string) => boolean} outerShadowed
   */
  function readBody(target, depth, outerShadowed) {
    const { fn, view } = target;
    const declared = declaredNames(fn, visitorKeysOf(view));
    const params = new Set(fn.params.flatMap((/** @type {any} */ param) => patternNames(param)));
    const locals = localValueNames(fn, visitorKeysOf(view));
    /** @type {CallContext} */
    const context = { view, classNode: target.classNode, objectNode: target.objectNode, isShadowed: (name) => declared.has(name) || outerShadowed(name) };
    const summary = emptySummary();
    /** @type {Set<any>} calls whose promise is awaited or returned: they are presumed to wait */
    const awaited = new Set(fn.expression ? [unwrap(fn.body)] : []);
    /** @type {Set<any>} identifiers that are names, not reads (property keys, callees of `this.m()`) */
    const notReads = new Set();
    /** @type {Set<string>} the `resolve`/`reject` parameters of promise executors in the body */
    const settlers = new Set();

    /**
     * Where a write through `target` lands.
     * @param {any} written assignment target or mutated receiver
     */
    const noteWrite = (written) => {
      const node = unwrap(written);
      const root = rootOf(node);
      if (root?.type === 'ThisExpression') {
        const field = firstFieldOfThis(node);
        if (field !== null) summary.thisWrites.add(field);
      } else if (root?.type === 'Identifier') {
        if (params.has(root.name)) summary.writes.add('args');
        else if (!context.isShadowed(root.name) && isModuleState(view, root.name)) summary.writes.add(`state:${view.file}#${root.name}`);
      }
    };

    /** @param {any} node */
    const visit = (node) => {
      switch (node.type) {
        case 'AwaitExpression':
        case 'ReturnStatement':
          if (node.argument) awaited.add(unwrap(node.argument));
          break;
        case 'ArrowFunctionExpression':
          if (node.expression) awaited.add(unwrap(node.body));
          break;
        case 'CallExpression':
        case 'NewExpression':
        case 'TaggedTemplateExpression':
          if (isPromiseExecutor(node)) for (const name of unwrap(node.arguments[0]).params.flatMap((/** @type {any} */ p) => patternNames(p))) settlers.add(name);
          // `resolve(rows)` in a promise executor settles the promise: no effect of its own, whatever its name.
          if (node.type === 'CallExpression' && unwrap(node.callee).type === 'Identifier' && settlers.has(unwrap(node.callee).name)) break;
          merge(summary, effectOfCall(node, context, depth, awaited.has(node), (name) => locals.get(name)));
          if (node.type !== 'TaggedTemplateExpression') {
            const callee = unwrap(node.callee);
            if (callee.type === 'MemberExpression') {
              notReads.add(callee);
              if (MUTATING_METHODS.has(propertyName(callee) ?? '')) noteWrite(callee.object);
            }
          }
          break;
        case 'AssignmentExpression':
          noteWrite(node.left);
          // `this.user = …` writes the field without reading it; `this.count += 1` does both.
          if (node.operator === '=') notReads.add(unwrap(node.left));
          break;
        case 'UpdateExpression':
          noteWrite(node.argument);
          break;
        case 'MemberExpression':
          if (!node.computed) notReads.add(node.property);
          if (unwrap(node.object).type === 'ThisExpression' && !notReads.has(node)) {
            const field = propertyName(node);
            if (field !== null) summary.thisReads.add(node.property.type === 'PrivateIdentifier' ? `#${field}` : field);
          }
          break;
        case 'Property':
        case 'MethodDefinition':
        case 'PropertyDefinition':
          if (!node.computed && node.key !== node.value) notReads.add(node.key);
          break;
        case 'Identifier':
          if (!notReads.has(node) && !context.isShadowed(node.name) && isModuleState(view, node.name)) summary.reads.add(`state:${view.file}#${node.name}`);
          break;
        default:
      }
    };
    // Nested functions included: callbacks a function hands out run on its behalf.
    walk(fn.body, visitorKeysOf(view), visit);

    if (summary.thisWrites.size > 0 || [...summary.writes].some((w) => w === 'args' || w.startsWith('state:'))) {
      summary.kind = 'write';
    }
    summary.findOrCreate = intersects(summary.reads, summary.writes) || intersects(summary.thisReads, summary.thisWrites);
    return summary;
  }

  /**
   * What one call does, as a part to merge into its caller's summary.
   * @param {any} call
   * @param {CallContext} context
   * @param {number} depth
   * @param {boolean} isAwaited
   * @param {(name: string) => 'value' | 'response' | undefined} localKind
   */
  function effectOfCall(call, context, depth, isAwaited, localKind) {
    const evidence = evidenceOfCall(call, context, localKind);
    if (evidence) return { ...evidence, evidenced: true };
    if (call.type === 'CallExpression') {
      const target = resolveCall(call, context);
      if (target) return { ...relativeTo(call, summaryOfFunction(target, depth + 1)), evidenced: true };
    }
    if (call.type === 'TaggedTemplateExpression') return { kind: /** @type {const} */ ('unknown'), io: null, reads: [], writes: [] };
    const kind = kindOfNames(call);
    const receiver = receiverKey(call);
    return {
      kind,
      io: kind !== 'unknown' || isAwaited ? true : null,
      reads: kind === 'read' && receiver ? [receiver] : [],
      writes: kind === 'write' && receiver ? [receiver] : [],
    };
  }

  /**
   * A callee's summary seen from the caller: `this` state stays `this`
   * state for `this.m()`; for `other.m()` it becomes the state of `other`.
   * @param {any} call
   * @param {EffectSummary} callee
   */
  function relativeTo(call, callee) {
    const calleeNode = unwrap(call.callee);
    const sameThis = calleeNode.type === 'MemberExpression' && unwrap(calleeNode.object).type === 'ThisExpression';
    const receiver = receiverKey(call);
    const reads = [...callee.reads].filter((key) => sameThis || !key.startsWith('recv:this'));
    const writes = [...callee.writes].filter((key) => sameThis || !key.startsWith('recv:this'));
    if (!sameThis && receiver && callee.thisReads.size > 0) reads.push(receiver);
    if (!sameThis && receiver && callee.thisWrites.size > 0) writes.push(receiver);
    return {
      kind: callee.kind,
      io: callee.io,
      reads,
      writes,
      evidence: callee.evidence,
      ...(sameThis ? { thisReads: callee.thisReads, thisWrites: callee.thisWrites } : {}),
    };
  }

  return { summaryOfFunction, effectOfCall };
}

/**
 * `new Promise((resolve, reject) => …)`.
 * @param {any} node
 */
function isPromiseExecutor(node) {
  return node.type === 'NewExpression' && unwrap(node.callee).type === 'Identifier' && unwrap(node.callee).name === 'Promise' && isFunctionNode(unwrap(node.arguments[0]));
}

/**
 * `recv:this.repo` for `this.repo.find()`: the receiver a call acts on, as written.
 * @param {any} call
 */
function receiverKey(call) {
  const callee = unwrap(call.callee);
  if (callee?.type !== 'MemberExpression') return null;
  /** @type {string[]} */
  const path = [];
  let node = unwrap(callee.object);
  while (node.type === 'MemberExpression') {
    const name = propertyName(node);
    if (name === null) return null;
    path.unshift(name);
    node = unwrap(node.object);
  }
  if (node.type === 'ThisExpression') return `recv:this${path.map((p) => `.${p}`).join('')}`;
  return node.type === 'Identifier' ? `recv:${[node.name, ...path].join('.')}` : null;
}

/**
 * `x` in `this.x.y = …` or `this.x.push()`.
 * @param {any} node
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
 * @param {import('./module-view.js').ModuleView} view
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

