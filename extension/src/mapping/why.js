// The message a diagnostic shows: the rule's message, then the report's proof under "Why this warning".
// Kept apart from the VS Code wiring so that it can be tested without VS Code.

/**
 * The message as the hover and the Problems panel show it: the rule's message, then its proof (the
 * entry, the chain of calls, the operations and why they may overlap, or what the call costs).
 * @param {import('./diagnostics.js').DiagnosticRecord} record
 */
export function shownMessageOf(record) {
  return record.why ? `${record.message}\n\nWhy this warning:\n${record.why.map((line) => line.trim()).join('\n')}` : record.message;
}
