/**
 * Worker threads: the message handler of a worker (`parentPort.on('message', fn)`,
 * with `parentPort` from node:worker_threads) runs per message the main thread
 * sends, as a job handler runs per job; blocking it stalls every task queued to
 * that worker.
 */
import { unwrap } from '../../../language/syntax/ast.js';
import { memberCall, routePath } from '../routing/routers.js';

const MODULES = new Set(['worker_threads', 'node:worker_threads']);

/** @type {import('../routing/framework.js').Framework} */
export default {
  name: 'worker-threads',
  registrations(view, call) {
    const member = memberCall(call);
    if (!member || (member.method !== 'on' && member.method !== 'addListener') || routePath(call.arguments[0]) !== 'message' || !call.arguments[1]) return [];
    const receiver = unwrap(member.receiver);
    if (receiver?.type !== 'Identifier' || !isParentPort(view, receiver.name)) return [];
    return [{ handler: call.arguments[1], kind: 'request', label: 'worker thread message' }];
  },
};

/**
 * Whether a module-level name is the `parentPort` of node:worker_threads
 * (`import { parentPort } from 'node:worker_threads'`, `const { parentPort } = require('worker_threads')`).
 * @param {import('../../modules/module-view.js').ModuleView} view
 * @param {string} name
 */
function isParentPort(view, name) {
  const binding = view.bindings.get(name);
  return binding?.kind === 'import' && binding.imported === 'parentPort' && MODULES.has(binding.source ?? '');
}
