/**
 * A helper thread the linting thread can wait on. Rules run synchronously, so a request to
 * another thread is posted, and its answer awaited by blocking on a shared flag (Atomics.wait)
 * and read without the event loop (receiveMessageOnPort). serve-requests.js is the thread's side.
 * Used to do start-up work (the project's import map) beside the lint.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel, Worker, receiveMessageOnPort } from 'node:worker_threads';

/**
 * @typedef {{ port: import('node:worker_threads').MessagePort, flag: Int32Array }} HelperThread
 */

/**
 * A thread entry's URL from its path relative to a module: null where the module has no URL of
 * its own (a bundle that defines no `import.meta.url`), and the thread is then not started.
 * @param {string} relativePath
 * @param {string | undefined} moduleUrl the calling module's `import.meta.url`
 * @returns {URL | null}
 */
export function entryBeside(relativePath, moduleUrl) {
  try {
    return new URL(relativePath, moduleUrl);
  } catch {
    return null;
  }
}

/**
 * @param {URL | null} file the thread's entry; null or missing (a bundle without it): no thread
 * @param {() => void} onEnd called if the thread fails or exits, when the lint lets events run
 * @returns {HelperThread | null}
 */
export function startHelperThread(file, onEnd) {
  try {
    if (!file || !fs.existsSync(fileURLToPath(file))) return null;
    const { port1, port2 } = new MessageChannel();
    const flag = new Int32Array(new SharedArrayBuffer(4));
    // No inherited Node options: `node -e …` would run its script again in the thread, and loaders the lint needs are not the helper's.
    const worker = new Worker(file, { workerData: { port: port2, flag }, transferList: [port2], execArgv: [] });
    // Neither the thread nor its port keeps a finished lint's process alive.
    worker.unref();
    port1.unref();
    worker.on('error', onEnd);
    worker.on('exit', onEnd);
    return { port: port1, flag };
  } catch {
    return null;
  }
}

/**
 * Posts a request; its answer is read with receive(). One request at a time.
 * @param {HelperThread} thread
 * @param {unknown} request
 */
export function send({ port, flag }, request) {
  Atomics.store(flag, 0, 0);
  port.postMessage(request);
}

/**
 * Waits for the answer to the request sent last.
 * @param {HelperThread} thread
 * @param {number} timeoutMs
 * @returns {{ answer: unknown } | undefined} undefined when no answer came in time
 */
export function receive({ port, flag }, timeoutMs) {
  if (Atomics.wait(flag, 0, 0, timeoutMs) === 'timed-out') return undefined;
  const reply = receiveMessageOnPort(port);
  return reply ? { answer: reply.message } : undefined;
}
