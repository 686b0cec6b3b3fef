// The extension host's side of the lint worker: starts it on first use, sends requests and
// matches the answers. If the worker dies (a crash in a rule), pending requests fail with the
// reason and the next request starts a fresh worker.
import { Worker } from 'node:worker_threads';

/**
 * @typedef {object} LintArgs
 * @property {string} fileName workspace-relative path or bare name
 * @property {string} [cwd] the document's workspace folder on disk ('' for untitled)
 * @property {string} languageId
 * @property {import('../lint/config.js').LintSettings} settings
 */

export class LintClient {
  /**
   * @param {string} workerPath dist/lint-worker.js
   * @param {(line: string) => void} log
   */
  constructor(workerPath, log) {
    this.workerPath = workerPath;
    this.log = log;
    /** @type {Worker | undefined} */
    this.worker = undefined;
    /** @type {Map<number, { resolve: (value: any) => void, reject: (error: Error) => void }>} */
    this.pending = new Map();
    this.nextId = 1;
    /** Milliseconds the worker took to load the lint engine (set by the first answer). */
    this.engineLoadMs = NaN;
  }

  /** @returns {Worker} */
  start() {
    if (this.worker) return this.worker;
    const worker = new Worker(this.workerPath);
    worker.on('message', (/** @type {{ id: number, value?: any, error?: string, engineLoadMs?: number }} */ message) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (Number.isNaN(this.engineLoadMs) && message.engineLoadMs !== undefined) this.engineLoadMs = message.engineLoadMs;
      if (message.error) waiting.reject(new Error(message.error));
      else waiting.resolve(message.value);
    });
    const fail = (/** @type {Error} */ error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', (error) => {
      this.log(`Lint worker failed: ${error.stack ?? error}`);
      fail(error);
    });
    worker.on('exit', (code) => fail(new Error(`the lint worker stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  /**
   * @param {string} op
   * @param {object} args
   */
  request(op, args) {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, op, args });
    });
  }

  /**
   * @param {string} text
   * @param {LintArgs} args
   * @returns {Promise<{ result: import('../lint/run-lint.js').LintResult | undefined, ms: number, docsUrls: Record<string, string | undefined>, summaries: Record<string, string | undefined> }>}
   */
  lint(text, args) {
    return /** @type {Promise<any>} */ (this.request('lint', { text, ...args }));
  }

  /**
   * Fix-all passes, all inside the worker.
   * @param {string} text
   * @param {LintArgs} args
   * @returns {Promise<{ text: string, fixed: number }>}
   */
  fixAll(text, args) {
    return /** @type {Promise<any>} */ (this.request('fixAll', { text, ...args }));
  }

  /**
   * Tells the worker a file changed on disk (saved, created, renamed, deleted), so the
   * project index reads it again.
   * @param {string} path absolute path
   */
  forget(path) {
    return this.request('forget', { path });
  }

  dispose() {
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
  }
}
