// Computes the "fix all" edit for a document: the pure multipass in mapping/fix-all.js with
// the in-process lint engine, turned into one minimal TextEdit.
import * as vscode from 'vscode';
import { fixAllText, minimalReplacement } from '../mapping/fix-all.js';
import { createLineIndex, offsetsToRange } from '../mapping/positions.js';
import { toTextEdit } from './convert.js';
import { lintName } from './linting.js';

/**
 * @param {import('./linting.js').DocumentLinter} linter
 * @param {vscode.TextDocument} document
 * @returns {Promise<{ edit: vscode.TextEdit | undefined, fixed: number }>}
 */
export async function computeFixAll(linter, document) {
  const engine = await linter.loadEngine();
  const settings = linter.getSettings();
  const fileName = lintName(document);
  const before = document.getText();
  const { text, fixed } = fixAllText(before, (candidate) => {
    const result = engine.lintText(candidate, { fileName, languageId: document.languageId, settings });
    if (!result || result.parseError) return undefined;
    // Rules turned off in the settings are not fixed either.
    return result.messages.filter((m) => m.ruleId && settings.severity[m.ruleId.replace(/^unblock\//, '')] !== 'off');
  });
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
