/**
 * worker_threads: `parentPort.postMessage(value)` queues a copy of `value` for the parent thread
 * and returns at once. It is a send (the parent may act on it) that waits for nothing. Whether the
 * calling function waits for an answer is the body's shape, not the call's: posted inside a promise
 * executor, the message is a request whose reply settles the promise, and what the parent does
 * with it is unknown; anywhere else it is a notification (body-reader.js).
 */
import { packageOf } from '../body-calls/call-effect.js';
import { unwrap, propertyName } from '../../language/syntax/ast.js';

/** The resource a message to the parent thread goes to. */
export const PARENT_THREAD = 'thread:parent';

/** @type {import('../body-calls/call-effect.js').EvidenceSource} */
export default {
  name: 'thread-messages',
  evidenceOf({ callee, root, imported, source }) {
    if (!source || packageOf(source) !== 'worker_threads' || callee.type !== 'MemberExpression' || propertyName(callee) !== 'postMessage') return null;
    if (!isParentPort(unwrap(callee.object), root, imported)) return null;
    return { kind: 'write', io: false, reads: [], writes: [PARENT_THREAD], evidence: 'worker_threads parentPort.postMessage', message: true };
  },
};

/**
 * `parentPort` imported by name (`const { parentPort } = require('worker_threads')`), or read
 * from the module's namespace (`workerThreads.parentPort`).
 * @param {any} port the receiver of `postMessage`
 * @param {any} root
 * @param {import('../modules/module-view.js').Binding | undefined} imported
 */
function isParentPort(port, root, imported) {
  if (port === root) return imported?.kind === 'import' && imported.imported === 'parentPort';
  return port.type === 'MemberExpression' && unwrap(port.object) === root && propertyName(port) === 'parentPort' && imported?.kind === 'namespace';
}
