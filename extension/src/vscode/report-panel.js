// The report webview: the runner's HTML report with an "Apply this fix" button.
import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';
import { webviewReportHtml } from '../bench/report-html.js';

/**
 * @param {object} args
 * @param {string} args.title tab title
 * @param {string} args.reportHtml the runner's `renderHtml` output
 * @param {string} args.note
 * @param {{ label: string, run: () => Promise<string> } | undefined} args.apply what the button does; resolves with a status line
 * @param {vscode.OutputChannel} args.output
 * @returns {vscode.WebviewPanel}
 */
export function showReport({ title, reportHtml, note, apply, output }) {
  // Beside the code when there is code on screen, else where the user is looking.
  const viewColumn = vscode.window.activeTextEditor ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active;
  const panel = vscode.window.createWebviewPanel('unblock.report', title, { viewColumn, preserveFocus: true }, {
    enableScripts: true,
    localResourceRoots: [],
  });
  const nonce = randomBytes(16).toString('base64');
  panel.webview.html = webviewReportHtml(reportHtml, { nonce, applyLabel: apply?.label, note });
  let disposed = false;
  panel.onDidDispose(() => {
    disposed = true;
  });
  // The user may close the report while the fix is being applied.
  const tell = (/** @type {string} */ text, /** @type {boolean} */ retry) => {
    if (!disposed) void panel.webview.postMessage({ type: 'applied', text, retry });
  };
  panel.webview.onDidReceiveMessage(async (message) => {
    if (message?.type !== 'apply' || !apply) return;
    try {
      tell(await apply.run(), false);
    } catch (error) {
      output.appendLine(`Apply failed: ${error?.stack ?? error}`);
      tell(`Could not apply the fix: ${error?.message ?? error}`, true);
    }
  });
  return panel;
}
