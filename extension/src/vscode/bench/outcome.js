// What the user sees when a benchmark ends: the report webview, or one clear message with the
// details in the Unblock output channel.
import * as vscode from 'vscode';
import path from 'node:path';
import { showReport } from '../report-panel.js';

/** @typedef {import('./session.js').Bench} Bench */
/** @typedef {import('./session.js').BenchOutcome} BenchOutcome */

/**
 * @param {vscode.OutputChannel} output
 * @param {Bench} bench
 * @param {string} title
 * @param {any} result the runner's result
 * @param {import('./session.js').ApplyFor} applyFor
 * @returns {BenchOutcome}
 */
export function showResult(output, bench, title, result, applyFor) {
  if (result.status === 'refused') {
    output.appendLine(`Refused: ${result.refusal}`);
    offerLog(output, vscode.window.showWarningMessage(`Unblock: cannot benchmark this function: ${result.refusal}`, 'Show log'));
    return { status: 'refused', message: result.refusal };
  }
  if (result.status === 'nothing-to-fix') {
    // A fixture says what the rules read and why nothing was measured; a function, that the rules report nothing in it.
    const message = result.fix ? `Unblock: ${bench.notMeasuredText(result)}` : 'Unblock: the rules report nothing to fix in this function, so nothing was measured.';
    output.appendLine(message);
    void vscode.window.showInformationMessage(message);
    return { status: 'nothing-to-fix', message };
  }
  const entry = { fixture: result.fixture?.name ?? title, result };
  output.appendLine(bench.formatSummary([entry]));
  const note = result.function
    ? `${result.function.name} at ${path.basename(result.function.file)}:${result.function.line}. ${result.function.note}`
    : `${result.fixture?.title ?? title}`;
  const panel = showReport({ title: `Unblock: ${result.function?.name ?? result.fixture?.name ?? title}`, reportHtml: bench.renderHtml([entry]), note, apply: applyFor(bench, result), output });
  return { status: result.status, result, panel };
}

/**
 * One clear message per failure, with the details in the log.
 * @param {vscode.OutputChannel} output
 * @param {any} error
 * @returns {BenchOutcome}
 */
export function showFailure(output, error) {
  if (error?.code === 'ABORTED') {
    output.appendLine('Cancelled; every child process was stopped.');
    vscode.window.setStatusBarMessage('Unblock: benchmark cancelled', 4000);
    return { status: 'cancelled', message: error.message };
  }
  const message = error?.name === 'BenchError' ? error.message : `unexpected error: ${error?.message ?? error}`;
  output.appendLine(`Error: ${message}`);
  if (error?.details) output.appendLine(error.details);
  // A BenchError is a known situation (a port in use, a fixture that never listens): its
  // stack says nothing to the user.
  if (error?.name !== 'BenchError' && error?.stack) output.appendLine(error.stack);
  offerLog(output, vscode.window.showErrorMessage(`Unblock: ${message}`, 'Show log'));
  return { status: 'error', message };
}

/**
 * Opens the log when the user picks the message's "Show log" button.
 * @param {vscode.OutputChannel} output
 * @param {Thenable<string | undefined>} choice
 */
function offerLog(output, choice) {
  void choice.then((picked) => { if (picked) output.show(true); });
}
