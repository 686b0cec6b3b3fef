// Plain records from the mapping modules → VS Code API objects. The only place that knows both.
import * as vscode from 'vscode';
import { shownMessageOf } from '../mapping/why.js';

const SEVERITY = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  information: vscode.DiagnosticSeverity.Information,
  hint: vscode.DiagnosticSeverity.Hint,
};

/** @param {import('../mapping/positions.js').Range} range */
export function toRange(range) {
  return new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
}

/** @param {import('../mapping/diagnostics.js').TextEdit} edit */
export function toTextEdit(edit) {
  return new vscode.TextEdit(toRange(edit.range), edit.newText);
}

/** @param {import('../mapping/diagnostics.js').DiagnosticRecord} record */
export function toDiagnostic(record) {
  const diagnostic = new vscode.Diagnostic(toRange(record.range), shownMessageOf(record), SEVERITY[record.severity]);
  diagnostic.source = record.source;
  diagnostic.code = record.code.target
    ? { value: record.code.value, target: vscode.Uri.parse(record.code.target) }
    : record.code.value;
  return diagnostic;
}

/**
 * Whether an editor diagnostic (as handed back in a code action context, which is a copy)
 * is the one made from this record.
 * @param {vscode.Diagnostic} diagnostic
 * @param {import('../mapping/diagnostics.js').DiagnosticRecord} record
 */
export function sameDiagnostic(diagnostic, record) {
  const code = typeof diagnostic.code === 'object' ? diagnostic.code.value : diagnostic.code;
  return diagnostic.source === record.source && code === record.code.value && diagnostic.message === shownMessageOf(record)
    && diagnostic.range.isEqual(toRange(record.range));
}

