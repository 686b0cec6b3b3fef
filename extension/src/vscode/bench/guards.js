// The checks every benchmark command makes before it runs anything.
import * as vscode from 'vscode';
import path from 'node:path';

export const RESTRICTED_MESSAGE = 'Unblock: benchmarking runs this workspace\'s code, so it is disabled in Restricted Mode. Trust the workspace to benchmark; linting and quick fixes keep working.';

/**
 * Benchmarks run the workspace's code, so an untrusted workspace gets a refusal that says why.
 * @param {vscode.OutputChannel} output
 * @returns {{ status: string, message: string } | undefined} the refusal, or undefined when trusted
 */
export function refuseIfRestricted(output) {
  if (vscode.workspace.isTrusted) return undefined;
  output.appendLine(RESTRICTED_MESSAGE);
  void vscode.window.showWarningMessage(RESTRICTED_MESSAGE, 'Manage Workspace Trust').then((choice) => {
    if (choice) void vscode.commands.executeCommand('workbench.trust.manage');
  });
  return { status: 'refused', message: RESTRICTED_MESSAGE };
}

/**
 * The runner reads the file from disk, so unsaved edits would silently not be measured.
 * @param {vscode.TextDocument} document
 * @returns {Promise<boolean>} whether the file on disk is now what the editor shows
 */
export async function saveFirst(document) {
  if (!document.isDirty) return true;
  const choice = await vscode.window.showWarningMessage(`Unblock benchmarks the file on disk. Save ${path.basename(document.uri.fsPath)} first?`, { modal: true }, 'Save and benchmark');
  return choice ? document.save() : false;
}
