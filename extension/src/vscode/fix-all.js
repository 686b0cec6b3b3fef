// Computes the "fix all" edit for a document: the multipass of mapping/fix-all.js, run in the
// lint worker, turned into one minimal TextEdit.
import * as vscode from 'vscode';
import { minimalReplacement } from '../mapping/fix-all.js';
import { createLineIndex, offsetsToRange } from '../mapping/positions.js';
import { toTextEdit } from './convert.js';
import { lintName, lintFolder } from './linting.js';

/**
 * @param {import('./linting.js').DocumentLinter} linter
 * @param {vscode.TextDocument} document
 * @returns {Promise<{ edit: vscode.TextEdit | undefined, fixed: number }>}
 */
export async function computeFixAll(linter, document) {
  const before = document.getText();
  const { text, fixed, warnings } = await linter.engine.fixAll(before, { fileName: lintName(document), cwd: lintFolder(document), languageId: document.languageId, settings: linter.getSettings() });
  linter.logWarnings(warnings);
  // The document may have changed while the worker computed: the edit would not fit any more.
  if (document.getText() !== before) return { edit: undefined, fixed: 0 };
  const replacement = minimalReplacement(before, text);
  if (!replacement) return { edit: undefined, fixed: 0 };
  const range = offsetsToRange(replacement.range, createLineIndex(before));
  return { edit: toTextEdit({ range, newText: replacement.text }), fixed };
}

/**
 * The `unblock.fixAll` command: fixes the given (or active) document.
 * @param {import('./linting.js').DocumentLinter} linter
 * @param {vscode.Uri | undefined} uri
 * @returns {Promise<number>} how many problems were fixed
 */
export async function fixAllCommand(linter, uri) {
  const document = uri
    ? vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString()) ?? await vscode.workspace.openTextDocument(uri)
    : vscode.window.activeTextEditor?.document;
  if (!document) {
    void vscode.window.showInformationMessage('Unblock: open a JavaScript or TypeScript file to fix.');
    return 0;
  }
  const { edit, fixed } = await computeFixAll(linter, document);
  if (!edit) {
    void vscode.window.setStatusBarMessage('Unblock: nothing to fix', 3000);
    return 0;
  }
  const workspaceEdit = new vscode.WorkspaceEdit();
  workspaceEdit.set(document.uri, [edit]);
  await vscode.workspace.applyEdit(workspaceEdit);
  return fixed;
}
