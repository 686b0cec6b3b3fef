/**
 * The helper thread's side of helper-thread.js: answers each request in turn, then raises the
 * shared flag the linting thread waits on. An answer that throws is sent as null.
 */
import { workerData } from 'node:worker_threads';

/**
 * @param {(request: any) => unknown} answer
 */
export function serveRequests(answer) {
  /** @type {{ port: import('node:worker_threads').MessagePort, flag: Int32Array }} */
  const { port, flag } = workerData;
  port.on('message', (request) => {
    let reply = null;
    try {
      reply = answer(request);
    } catch {
      // null: the asking side then does the work itself.
    }
    port.postMessage(reply);
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
  });
}
