// "Apply this fix" from the report: writes the fix into the editor (unsaved, so the user
// reviews and saves it), computed from the file's current text.
import * as vscode from 'vscode';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { applyOffsetEdits, minimalReplacement } from '../mapping/fix-all.js';
import { preferredSuggestionIndex } from '../mapping/diagnostics.js';
import { createLineIndex, offsetsToRange } from '../mapping/positions.js';
import { toTextEdit } from './convert.js';
import { lintName, lintFolder } from './linting.js';

/**
 * Replaces a document's text by `afterOf(text)` with one minimal edit and shows it.
 * @param {vscode.Uri} uri
 * @param {(text: string) => Promise<string>} afterOf
 * @returns {Promise<string>} a status line for the report
 */
export async function applyFixToDocument(uri, afterOf) {
  const document = await vscode.workspace.openTextDocument(uri);
  const before = document.getText();
  const replacement = minimalReplacement(before, await afterOf(before));
  if (!replacement) return `Nothing left to fix in ${path.basename(uri.fsPath)}.`;
  const edit = new vscode.WorkspaceEdit();
  edit.set(uri, [toTextEdit({ range: offsetsToRange(replacement.range, createLineIndex(before)), newText: replacement.text })]);
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error(`VS Code refused the edit to ${path.basename(uri.fsPath)}`);
  await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.One });
  return `Applied to ${path.basename(uri.fsPath)}; review and save it.`;
}

/**
 * For read-only sources (the bundled examples): opens the fixed text in a new editor.
 * @param {string} file
 * @param {(text: string) => Promise<string>} afterOf
 */
export async function openFixedCopy(file, afterOf) {
  const after = await afterOf(await readFile(file, 'utf8'));
  const document = await vscode.workspace.openTextDocument({ language: 'javascript', content: after });
  await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.One });
  return 'Opened the fixed version in a new editor (bundled examples are read-only).';
}

const FUNCTION_KINDS = [vscode.SymbolKind.Function, vscode.SymbolKind.Method, vscode.SymbolKind.Constructor, vscode.SymbolKind.Variable, vscode.SymbolKind.Property];

/**
 * The lines of the innermost function-like symbol around a position, from the language
 * server's document symbols; undefined when there are none.
 * @param {vscode.Uri} uri
 * @param {vscode.Position} position
 */
async function enclosingFunctionLines(uri, position) {
  /** @type {vscode.DocumentSymbol[] | undefined} */
  const symbols = await vscode.commands.executeCommand('vscode.executeDocumentSymbolProvider', uri);
  /** @type {vscode.DocumentSymbol | undefined} */
  let best;
  const visit = (/** @type {vscode.DocumentSymbol[]} */ list) => {
    for (const symbol of list ?? []) {
      if (!symbol.range?.contains(position)) continue;
      if (FUNCTION_KINDS.includes(symbol.kind)) best = symbol;
      visit(symbol.children);
    }
  };
  visit(symbols ?? []);
  return best ? { first: best.range.start.line, last: best.range.end.line } : undefined;
}

/**
 * Applies the preferred fix of every Unblock report inside the benchmarked function (or, when
 * the language server gives no symbols, of the reports on the benchmarked line).
 * @param {import('./linting.js').DocumentLinter} linter
 * @param {vscode.Uri} uri
 * @param {vscode.Position} position
 */
export async function applyFunctionFix(linter, uri, position) {
  const document = await vscode.workspace.openTextDocument(uri);
  const text = document.getText();
  const { result } = await linter.engine.lint(text, { fileName: lintName(document), cwd: lintFolder(document), languageId: document.languageId, settings: linter.getSettings() });
  if (!result || result.parseError) throw new Error(`${path.basename(uri.fsPath)} does not parse right now`);
  const lines = (await enclosingFunctionLines(uri, position)) ?? { first: position.line, last: position.line };
  const edits = [];
  for (const message of result.messages) {
    const line = message.line - 1;
    const preferred = preferredSuggestionIndex(message.suggestions ?? []);
    if (line >= lines.first && line <= lines.last && preferred !== -1) edits.push(message.suggestions[preferred].fix);
  }
  if (document.getText() !== text) throw new Error(`${path.basename(uri.fsPath)} changed while the fix was computed; try again`);
  const replacement = minimalReplacement(text, applyOffsetEdits(text, edits).text);
  if (!replacement) return 'Nothing left to fix in this function.';
  const edit = new vscode.WorkspaceEdit();
  edit.set(uri, [toTextEdit({ range: offsetsToRange(replacement.range, createLineIndex(text)), newText: replacement.text })]);
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error(`VS Code refused the edit to ${path.basename(uri.fsPath)}`);
  await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.One });
  return `Applied ${edits.length === 1 ? 'the fix' : `${edits.length} fixes`} to ${path.basename(uri.fsPath)}; review and save it.`;
}
