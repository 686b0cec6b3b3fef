/**
 * Job queues: a BullMQ `new Worker('mail', async (job) => …)` and a Bull or
 * Bee-Queue `queue.process(fn)` in a file that imports a queue package. Each
 * job runs the handler, as a request runs a route.
 */
import { unwrap } from '../../../language/syntax/ast.js';
import { importsAny, memberCall, routePath } from '../routing/routers.js';

const packages = new Set(['bullmq', 'bull', 'bee-queue', 'pg-boss', 'agenda']);

/** @type {import('../routing/framework.js').Framework} */
export default {
  name: 'queues',
  registrations(view, call) {
    if (call.type === 'NewExpression') {
      const callee = unwrap(call.callee);
      if (callee.type !== 'Identifier' || callee.name !== 'Worker' || !importsWorker(view) || !call.arguments[1]) return [];
      return [{ handler: call.arguments[1], kind: 'request', label: `queue worker ${routePath(call.arguments[0]) ?? ''}`.trim() }];
    }
    if (memberCall(call)?.method !== 'process' || !importsAny(view, packages)) return [];
    const handler = call.arguments.at(-1);
    return handler ? [{ handler, kind: 'request', label: 'queue worker' }] : [];
  },
};

/**
 * Whether `Worker` is imported from a queue package itself.
 * @param {import('../../modules/module-view.js').ModuleView} view
 */
function importsWorker(view) {
  const binding = view.bindings.get('Worker');
  return (binding?.kind === 'import' || binding?.kind === 'namespace') && packages.has(binding.source ?? '');
}
