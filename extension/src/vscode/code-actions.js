// Quick fixes for Unblock diagnostics: each rule suggestion (the Promise.all rewrite
// preferred), "Ignore this line", "Show documentation", and the `source.fixAll.unblock`
// source action that `editor.codeActionsOnSave` can run.
import * as vscode from 'vscode';
import { createLineIndex } from '../mapping/positions.js';
import { disableNextLineEdit } from '../mapping/disable-comment.js';
import { DIAGNOSTIC_SOURCE } from '../mapping/diagnostics.js';
import { sameDiagnostic, toTextEdit } from './convert.js';
import { computeFixAll } from './fix-all.js';

export const FIX_ALL_KIND = vscode.CodeActionKind.SourceFixAll.append(DIAGNOSTIC_SOURCE);
export const FIX_ALL_TITLE = 'Fix all Unblock problems in this file';

/**
 * Creates the worker module next to the document (left alone when it exists: an earlier
 * offload of the same function made it) and rewrites the call to the pool.
 * @param {vscode.TextDocument} document
 * @param {import('../mapping/diagnostics.js').OffloadAction} offload
 * @param {vscode.Diagnostic} diagnostic
 */
function offloadCodeAction(document, offload, diagnostic) {
  const action = new vscode.CodeAction(offload.title, vscode.CodeActionKind.QuickFix);
  action.edit = new vscode.WorkspaceEdit();
  const workerUri = vscode.Uri.joinPath(document.uri, '..', offload.workerFile);
  action.edit.createFile(workerUri, { ignoreIfExists: true, contents: new TextEncoder().encode(offload.workerSource) });
  action.edit.set(document.uri, offload.edits.map(toTextEdit));
  action.diagnostics = [diagnostic];
  return action;
}

/** @implements {vscode.CodeActionProvider} */
export class UnblockCodeActions {
  static metadata = {
    providedCodeActionKinds: [vscode.CodeActionKind.QuickFix, FIX_ALL_KIND],
  };

  /**
   * @param {import('./linting.js').DocumentLinter} linter
   */
  constructor(linter) {
    this.linter = linter;
  }

  /**
   * @param {vscode.TextDocument} document
   * @param {vscode.Range | vscode.Selection} _range
   * @param {vscode.CodeActionContext} context
   */
  async provideCodeActions(document, _range, context) {
    const only = context.only;
    /** @type {vscode.CodeAction[]} */
    const actions = [];
    if (!this.linter.getSettings().enable) return actions;
    if (only && (only.contains(FIX_ALL_KIND) || FIX_ALL_KIND.contains(only))) {
      // Asked for explicitly (Source Action menu, editor.codeActionsOnSave): lint the current
      // text and compute the edit now, so it becomes part of the save even right after typing.
      const { edit } = await computeFixAll(this.linter, document);
      if (edit) {
        const fixAll = new vscode.CodeAction(FIX_ALL_TITLE, FIX_ALL_KIND);
        fixAll.edit = new vscode.WorkspaceEdit();
        fixAll.edit.set(document.uri, [edit]);
        actions.push(fixAll);
      }
      return actions;
    }
    const state = this.linter.currentState(document);
    // Quick fix edits were computed for a specific text; after an edit they wait for the next lint.
    if (!state) return actions;
    if (!only || only.contains(vscode.CodeActionKind.QuickFix) || vscode.CodeActionKind.QuickFix.contains(only)) {
      const ours = context.diagnostics.filter((d) => d.source === DIAGNOSTIC_SOURCE);
      for (const diagnostic of ours) {
        const index = state.records.findIndex((r) => sameDiagnostic(diagnostic, r));
        if (index !== -1) actions.push(...this.quickFixes(document, state.records[index], state.diagnostics[index]));
      }
      if (ours.length > 0 && state.records.some((r) => r.suggestions.length > 0)) {
        // Offered in the Ctrl+. menu too, computed only when chosen.
        const fixAll = new vscode.CodeAction(FIX_ALL_TITLE, vscode.CodeActionKind.QuickFix);
        fixAll.command = { title: FIX_ALL_TITLE, command: 'unblock.fixAll', arguments: [document.uri] };
        actions.push(fixAll);
      }
    }
    return actions;
  }

  /**
   * @param {vscode.TextDocument} document
   * @param {import('../mapping/diagnostics.js').DiagnosticRecord} record
   * @param {vscode.Diagnostic} diagnostic
   */
  quickFixes(document, record, diagnostic) {
    /** @type {vscode.CodeAction[]} */
    const actions = [];
    if (record.offload) actions.push(offloadCodeAction(document, record.offload, diagnostic));
    for (const suggestion of record.suggestions) {
      const action = new vscode.CodeAction(suggestion.title, vscode.CodeActionKind.QuickFix);
      action.edit = new vscode.WorkspaceEdit();
      action.edit.set(document.uri, [toTextEdit(suggestion.edit)]);
      action.diagnostics = [diagnostic];
      action.isPreferred = suggestion.preferred;
      actions.push(action);
    }
    const ruleName = record.ruleId;
    const eol = document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
    const ignore = disableNextLineEdit(createLineIndex(document.getText()), record.range.start.line, ruleName, eol);
    if (ignore) {
      const action = new vscode.CodeAction(`Ignore this line (${ruleName})`, vscode.CodeActionKind.QuickFix);
      action.edit = new vscode.WorkspaceEdit();
      action.edit.set(document.uri, [toTextEdit(ignore)]);
      action.diagnostics = [diagnostic];
      actions.push(action);
    }
    if (record.code.target) {
      const docs = new vscode.CodeAction(`Show documentation for ${ruleName}`, vscode.CodeActionKind.QuickFix);
      docs.command = { title: docs.title, command: 'vscode.open', arguments: [vscode.Uri.parse(record.code.target)] };
      actions.push(docs);
    }
    return actions;
  }
}
