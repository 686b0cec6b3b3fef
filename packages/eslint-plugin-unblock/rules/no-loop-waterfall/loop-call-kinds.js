/**
 * Name-based facts about calls made inside a loop iteration: does the call
 * wait on purpose, produce output, or stand for a step whose order is its
 * meaning? Tables are plain data; the words come from the callee chain
 * (`fs.promises.mkdir` → fs, promises, mkdir).
 */
import { unwrap, propertyName } from '../language/syntax/ast.js';
import { nameWords } from '../effects/call-classification.js';

/**
 * @typedef {import('../language/syntax/ast.js').Node} Node
 * @typedef {import('../language/syntax/ast.js').CallNode} CallNode
 */

/** Waiting on purpose, anywhere in a callee chain. */
const WAITING = /sleep|delay|throttl|limiter|ratelimit|backoff|semaphore|mutex|bottleneck|settimeout|setinterval|setimmediate|retry|poll/i;

/** First verbs of calls whose order is their meaning: one stream, one log, one event sequence. */
const SINK_VERBS = new Set([
  'write', 'append', 'log', 'print', 'emit', 'publish', 'enqueue', 'pipe', 'broadcast', 'info', 'warn',
  'error', 'debug', 'trace', 'unshift', 'dispatch', 'flush',
]);

/** Receivers whose every call is output (`console.log`, `process.stdout.write`). */
const OUTPUT_ROOTS = new Set(['console', 'stdout', 'stderr', 'logger', 'log', 'process']);

/**
 * Guards awaited for their error (`await assertAccess(file)`): when several
 * items fail, the sequential loop throws the first in order, Promise.all the
 * first in time.
 */
const GUARD_VERBS = new Set(['throw', 'assert', 'validate', 'ensure', 'check', 'require', 'expect', 'fail', 'must', 'guard']);

/**
 * Verbs of steps that usually depend on the steps before them, whatever the
 * item: commands and processes, builds and deployments in dependency order,
 * directories that nest (`mkdir a`, then `mkdir a/b`).
 */
const STEP_VERBS = new Set([
  'exec', 'execa', 'execute', 'spawn', 'fork', 'run', 'shell', 'sh', 'command', 'cmd',
  'build', 'compile', 'bundle', 'deploy', 'install', 'uninstall', 'release', 'migrate', 'seed',
  'start', 'stop', 'restart', 'launch', 'boot', 'setup', 'teardown', 'init', 'initialize',
  'mkdir', 'mkdirp', 'rmdir', 'rename', 'mv', 'move', 'copy', 'cp', 'symlink', 'link',
]);

/** Records created in list order get their ids and timestamps in that order. */
const CREATION_VERBS = new Set(['insert', 'create', 'add']);

/** Test-runner calls, by exact name (`t.test`, `test.step`): tests registered or run in order. */
const TEST_RUNNER_NAMES = new Set(['test', 'it', 'describe', 'suite', 'step', 'subtest', 'context', 'specify', 'bench']);

/** Waiting for an event: events arrive in order, one per wait. */
const EVENT_WAITS = new Set(['once', 'on', 'addListener', 'addEventListener', 'prependListener', 'prependOnceListener']);

/** Receivers that consume in order: queues, streams, archives, running hashes, parsers. */
const ORDERED_RECEIVER = /queue|stream|writer|logger|archive|zip|tar|hash|digest|cipher|encoder|decoder|parser|terminal|tty|cursor/i;

/**
 * The names along a callee chain (`a.b.c()` → a, b, c; `f()` → f) and the node it starts at.
 * @param {CallNode} call CallExpression or NewExpression
 */
export function calleeNames(call) {
  /** @type {string[]} */
  const names = [];
  let node = unwrap(call.callee);
  for (;;) {
    if (node?.type === 'MemberExpression') {
      const name = propertyName(node);
      if (name !== null) names.unshift(name);
      node = unwrap(node.object);
    } else if (node?.type === 'CallExpression') {
      node = unwrap(node.callee);
    } else {
      if (node?.type === 'Identifier') names.unshift(node.name);
      return { names, root: node };
    }
  }
}

/** @param {string[]} names */
const lastVerb = (names) => nameWords(names[names.length - 1] ?? '')[0] ?? '';

/** @param {string[]} names */
export function isWaitingCall(names) {
  return WAITING.test(names.join('.'));
}

/**
 * Output: a sink verb (`write`, `emit`, `publish`) or a call on console/stdout/a logger.
 * @param {string[]} names
 * @param {Node} root
 */
export function isOutputCall(names, root) {
  if (names.length === 0) return false;
  if (root?.type === 'Identifier' && OUTPUT_ROOTS.has(root.name) && names.length > 1) return true;
  if (SINK_VERBS.has(lastVerb(names))) return true;
  // Found in real code (an event bus): `groupOrEmitEvent(e)` delivers events, in order, whatever its first word.
  return nameWords(names[names.length - 1] ?? '').some((word) => EVENT_WORDS.has(word));
}

/** Words that name delivering events or messages anywhere in a method name. */
const EVENT_WORDS = new Set(['emit', 'publish', 'dispatch', 'broadcast', 'notify', 'event', 'events', 'enqueue']);

/**
 * `writeFile(pathOf(item), …)`: one file per item is not one ordered sink.
 * @param {string[]} names
 */
export function isPerItemFileCall(names) {
  const words = nameWords(names[names.length - 1] ?? '');
  return words.includes('file') || words.includes('json') || words.includes('object');
}

/** @param {string[]} names */
export function isGuardCall(names) {
  return GUARD_VERBS.has(lastVerb(names));
}

/**
 * Why this call must keep its place among the iterations, by its names, or
 * null: 'test runner', 'step' (a command, a build, a directory), 'creation'
 * (a record created in list order) or 'ordered receiver' (a queue, a stream, a hash).
 * @param {string[]} names
 */
export function orderedCallReason(names) {
  if (TEST_RUNNER_NAMES.has(names[names.length - 1] ?? '')) return 'test runner';
  const verb = lastVerb(names);
  if (STEP_VERBS.has(verb)) return 'step';
  if (CREATION_VERBS.has(verb)) return 'creation';
  if (names.slice(0, -1).some((name) => ORDERED_RECEIVER.test(name))) return 'ordered receiver';
  return null;
}

/**
 * A wait for an event (`emitter.once('ready', …)`, `once(emitter, 'ready')`);
 * its emitter is the receiver, or the first argument of a bare call.
 * @param {CallNode} call
 * @param {string[]} names
 */
export function eventEmitterOf(call, names) {
  if (!EVENT_WAITS.has(names[names.length - 1] ?? '')) return null;
  const callee = unwrap(call.callee);
  if (callee.type === 'MemberExpression') return callee.object;
  return call.arguments[0] ?? null;
}
