// One benchmark at a time: loads the bench runner on first use, runs a measurement under a
// cancellable progress notification and shows what came of it.
import * as vscode from 'vscode';
import { showFailure, showResult } from './outcome.js';
import { benchLoadError } from '../../bench/load-error.js';

/** @typedef {typeof import('../../bench/entry.js')} Bench */
/** @typedef {{ status: string, result?: any, message?: string, panel?: vscode.WebviewPanel }} BenchOutcome */
/** @typedef {{ label: string, run: () => Promise<string> }} ApplyAction what the report's button does; resolves with a status line */
/** @typedef {(bench: Bench, hooks: { onProgress: (event: any) => void, signal: AbortSignal }) => Promise<any>} Measure */
/** @typedef {(bench: Bench, result: any) => ApplyAction | undefined} ApplyFor */
/** @typedef {(bench: Bench, result: any) => Promise<BenchOutcome>} Present shows a result that is not a before/after comparison */
/** @typedef {{ phase: string, message: string, fraction?: number }} ProgressEvent */
/**
 * What the benchmark commands share.
 * @typedef {object} BenchDeps
 * @property {BenchSession} session
 * @property {vscode.OutputChannel} output
 * @property {() => import('../../settings.js').Settings} getSettings
 * @property {import('../linting.js').DocumentLinter} linter
 * @property {string} bundledFixtures the folder of the example fixtures shipped in the extension
 */

/** @type {Promise<Bench> | undefined} */
let benchPromise;
// The runner is large: it is loaded on the first benchmark, never at activation (the build
// turns this import into a runtime load of dist/bench.js).
const loadBench = () => (benchPromise ??= import('../../bench/entry.js').catch((error) => {
  throw benchLoadError(error);
}));

export class BenchSession {
  /** @type {AbortController | undefined} */
  #running;

  /** @param {vscode.OutputChannel} output */
  constructor(output) {
    this.output = output;
  }

  /**
   * Stops the running benchmark, if there is one.
   * @param {string} reason
   * @returns {boolean} whether a benchmark was running
   */
  cancel(reason) {
    this.#running?.abort(new Error(reason));
    return Boolean(this.#running);
  }

  /**
   * The shared frame of every benchmark command.
   * @param {string} title
   * @param {Measure} measure
   * @param {ApplyFor} applyFor
   * @param {Present} [present] instead of the comparison report (observe)
   * @returns {Promise<BenchOutcome>}
   */
  async run(title, measure, applyFor, present) {
    if (this.#running) {
      void vscode.window.showInformationMessage('Unblock: a benchmark is already running.');
      return { status: 'busy' };
    }
    const controller = new AbortController();
    this.#running = controller;
    this.output.appendLine(`\n=== ${title} (${new Date().toISOString()}) ===`);
    try {
      const bench = await loadBench();
      const result = await measureWithProgress(title, (hooks) => measure(bench, hooks), controller, this.output);
      return present ? await present(bench, result) : showResult(this.output, bench, title, result, applyFor);
    } catch (error) {
      return showFailure(this.output, error);
    } finally {
      this.#running = undefined;
      await warnAboutLeftoverChildren(this.output);
    }
  }
}

/**
 * Runs `measure` under a cancellable progress notification and resolves with its result.
 * @param {string} title
 * @param {(hooks: { onProgress: (event: ProgressEvent) => void, signal: AbortSignal }) => Promise<any>} measure
 * @param {AbortController} controller aborted when the user cancels the notification
 * @param {vscode.OutputChannel} output
 */
async function measureWithProgress(title, measure, controller, output) {
  /** @type {Promise<any> | undefined} */
  let measuring;
  // The notification closes as soon as the measuring is done: a finished run must not keep
  // offering Cancel while the runner stops its servers and removes its folders.
  await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Unblock: ${title}`, cancellable: true },
    (progress, token) =>
      new Promise((resolve) => {
        token.onCancellationRequested(() => controller.abort(new Error('cancelled in VS Code')));
        const onProgress = progressReporter(progress, output, () => resolve(undefined));
        measuring = measure({ onProgress, signal: controller.signal });
        measuring.then(resolve, resolve);
      }),
  );
  return measuring;
}

/**
 * Turns the runner's progress events into log lines and notification increments.
 * @param {vscode.Progress<{ message?: string, increment?: number }>} progress
 * @param {vscode.OutputChannel} output
 * @param {() => void} onDone called on the runner's 'done' phase, when only the cleanup is left
 */
function progressReporter(progress, output, onDone) {
  // VS Code adds up increments, while the runner reports where it stands: send the difference.
  let reported = 0;
  return (/** @type {ProgressEvent} */ event) => {
    output.appendLine(`[${event.phase}] ${event.message}`);
    if (event.phase === 'done') return onDone();
    const percent = Math.round((event.fraction ?? 0) * 100);
    progress.report({ message: `${event.message} (${percent}%)`, increment: Math.max(0, percent - reported) });
    reported = Math.max(reported, percent);
  };
}

/**
 * The runner stops every process it starts; say so in the log if one is still alive.
 * @param {vscode.OutputChannel} output
 */
async function warnAboutLeftoverChildren(output) {
  // Only asks a runner that was loaded: a failed load has no children to count.
  const bench = await benchPromise?.catch(() => undefined);
  const left = bench?.liveChildCount() ?? 0;
  if (left > 0) output.appendLine(`Warning: ${left === 1 ? '1 child process' : `${left} child processes`} of the bench runner still running.`);
}
