// The extension host's side of the lint worker: starts it on first use, sends requests and
// matches the answers. If the worker dies (a crash in a rule), pending requests fail with the
// reason and the next request starts a fresh worker.
//
// A lint runs synchronously in its worker and cannot be interrupted: one document whose lint
// never ends (a pathological file, a bug) would hold up every other document. So each request
// has a time limit; past it the worker is stopped (the only way to stop a synchronous lint), that
// request fails with one line saying so, and the requests queued behind it go to a fresh worker.
// The document is then linted on a second worker of its own ("slow lane"), so that it can never
// hold up the others again.
import { Worker } from 'node:worker_threads';

/** Seconds a lint (or a fix-all) may take before it is abandoned. */
export const DEFAULT_TIME_LIMIT_MS = 30_000;

/**
 * @typedef {object} LintArgs
 * @property {string} fileName workspace-relative path or bare name
 * @property {string} [cwd] the document's workspace folder on disk ('' for untitled)
 * @property {string} languageId
 * @property {import('./config.js').LintSettings} settings
 *
 * @typedef {{ id: number, op: string, args: any, resolve: (value: any) => void, reject: (error: Error) => void }} Request
 *
 * @typedef {object} Lane one worker and the requests it answers, one at a time
 * @property {string} name
 * @property {Worker | undefined} worker
 * @property {Request[]} queue  waiting, in order
 * @property {Request | undefined} current  sent, not yet answered
 * @property {NodeJS.Timeout | undefined} timer
 */

export class LintClient {
  /**
   * @param {string} workerPath dist/lint-worker.js
   * @param {(line: string) => void} log
   * @param {{ timeLimitMs?: number }} [options]
   */
  constructor(workerPath, log, { timeLimitMs = DEFAULT_TIME_LIMIT_MS } = {}) {
    this.workerPath = workerPath;
    this.log = log;
    this.timeLimitMs = timeLimitMs;
    /** @type {Lane} */
    this.main = { name: 'main', worker: undefined, queue: [], current: undefined, timer: undefined };
    /** @type {Lane} documents whose lint once went past the time limit */
    this.slow = { name: 'slow', worker: undefined, queue: [], current: undefined, timer: undefined };
    /** @type {Set<string>} the documents linted in the slow lane (by folder and name) */
    this.slowDocuments = new Set();
    this.nextId = 1;
    /** Milliseconds the worker took to load the lint engine (set by the first answer). */
    this.engineLoadMs = NaN;
  }

  /**
   * @param {Lane} lane
   * @returns {Worker}
   */
  start(lane) {
    if (lane.worker) return lane.worker;
    const worker = new Worker(this.workerPath);
    worker.on('message', (/** @type {{ id: number, value?: any, error?: string, engineLoadMs?: number }} */ message) => {
      const request = lane.current;
      if (lane.worker !== worker || !request || request.id !== message.id) return;
      this.finish(lane);
      if (Number.isNaN(this.engineLoadMs) && message.engineLoadMs !== undefined) this.engineLoadMs = message.engineLoadMs;
      if (message.error) request.reject(new Error(message.error));
      else request.resolve(message.value);
    });
    const fail = (/** @type {Error} */ error) => {
      if (lane.worker !== worker) return;
      lane.worker = undefined;
      const request = lane.current;
      this.finish(lane);
      request?.reject(error);
    };
    worker.on('error', (error) => {
      this.log(`Lint worker failed: ${error.stack ?? error}`);
      fail(error);
    });
    worker.on('exit', (code) => fail(new Error(`the lint worker stopped (exit code ${code})`)));
    lane.worker = worker;
    return worker;
  }

  /**
   * The request of a lane is answered (or given up): the next one goes.
   * @param {Lane} lane
   */
  finish(lane) {
    clearTimeout(lane.timer);
    lane.timer = undefined;
    lane.current = undefined;
    queueMicrotask(() => this.pump(lane));
  }

  /**
   * Sends the lane's next request, with its time limit.
   * @param {Lane} lane
   */
  pump(lane) {
    if (lane.current || lane.queue.length === 0) return;
    const request = /** @type {Request} */ (lane.queue.shift());
    const worker = this.start(lane);
    lane.current = request;
    lane.timer = setTimeout(() => this.abandon(lane, request), this.timeLimitMs);
    worker.postMessage({ id: request.id, op: request.op, args: request.args });
  }

  /**
   * A request went past the time limit: its worker is stopped, the request fails with one line,
   * its document goes to the slow lane, and what was queued behind it runs on a fresh worker.
   * @param {Lane} lane
   * @param {Request} request
   */
  abandon(lane, request) {
    if (lane.current !== request) return;
    const worker = lane.worker;
    lane.worker = undefined;
    void worker?.terminate();
    this.finish(lane);
    const name = request.args?.fileName ?? 'a document';
    const seconds = this.timeLimitMs / 1000;
    if (request.op !== 'forget') this.slowDocuments.add(documentKey(request.args));
    const line = `Unblock: the ${request.op === 'fixAll' ? 'fix-all' : 'lint'} of ${name} took over ${seconds} s and was stopped; that file is linted on a worker of its own from now on, so that it cannot hold up the others.`;
    this.log(line);
    request.reject(new Error(line));
  }

  /**
   * @param {string} op
   * @param {any} args
   * @param {Lane} [lane]
   */
  request(op, args, lane = this.laneFor(args)) {
    return new Promise((resolve, reject) => {
      lane.queue.push({ id: this.nextId++, op, args, resolve, reject });
      this.pump(lane);
    });
  }

  /** @param {any} args */
  laneFor(args) {
    return this.slowDocuments.has(documentKey(args)) ? this.slow : this.main;
  }

  /**
   * @param {string} text
   * @param {LintArgs} args
   * @returns {Promise<{ result: import('./run-lint.js').LintResult | undefined, ms: number, docsUrls: Record<string, string | undefined>, summaries: Record<string, string | undefined> }>}
   */
  lint(text, args) {
    return /** @type {Promise<any>} */ (this.request('lint', { text, ...args }));
  }

  /**
   * Fix-all passes, all inside the worker.
   * @param {string} text
   * @param {LintArgs} args
   * @returns {Promise<{ text: string, fixed: number, warnings?: string[] }>} warnings: the lint's one-line warnings, as a lint result carries them
   */
  fixAll(text, args) {
    return /** @type {Promise<any>} */ (this.request('fixAll', { text, ...args }));
  }

  /**
   * Tells the workers a file changed on disk (saved, created, renamed, deleted), so the
   * project index reads it again.
   * @param {string} path absolute path
   */
  async forget(path) {
    const lanes = [this.main, this.slow].filter((lane) => lane.worker);
    await Promise.all(lanes.map((lane) => this.request('forget', { path }, lane)));
  }

  dispose() {
    for (const lane of [this.main, this.slow]) {
      clearTimeout(lane.timer);
      const worker = lane.worker;
      lane.worker = undefined;
      void worker?.terminate();
    }
  }
}

/**
 * A document's identity across its versions: its folder and name.
 * @param {{ cwd?: string, fileName?: string } | undefined} args
 */
function documentKey(args) {
  return `${args?.cwd ?? ''}\0${args?.fileName ?? ''}`;
}
