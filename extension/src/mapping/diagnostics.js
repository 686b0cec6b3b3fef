// ESLint lint messages → plain diagnostic records (range, severity, code with docs link,
// suggestions as text edits). The editor wiring turns these into vscode.Diagnostic and
// code actions; keeping the mapping here makes it testable without VS Code.
import { messageRange, offsetsToRange } from './positions.js';

/** @typedef {import('./positions.js').Range} Range */
/** @typedef {import('./positions.js').LineIndex} LineIndex */
/** @typedef {'error' | 'warning' | 'information' | 'hint'} Severity */
/** @typedef {Severity | 'off'} SeveritySetting */

/**
 * The subset of ESLint's LintMessage the mapping reads.
 * @typedef {object} LintMessage
 * @property {string | null} ruleId
 * @property {string} message
 * @property {number} line
 * @property {number} column
 * @property {number} [endLine]
 * @property {number} [endColumn]
 * @property {boolean} [fatal]
 * @property {string} [messageId]
 * @property {{ range: [number, number], text: string }} [fix]
 * @property {{ desc: string, messageId?: string, fix: { range: [number, number], text: string } }[]} [suggestions]
 * @property {import('eslint-plugin-unblock/tooling').WorkerOffload} [offload] the two-file worker rewrite, when planned
 * @property {boolean} [benchable] "Benchmark this function" can measure it (set by the lint runner from the bench's predicate)
 * @property {string[]} [why] the report's proof, one line per link (set by the lint runner from the proof collector)
 */

/** @typedef {{ range: Range, newText: string }} TextEdit */
/** @typedef {{ title: string, edit: TextEdit, preferred: boolean }} SuggestionAction */
/** @typedef {{ title: string, workerFile: string, workerSource: string, edits: TextEdit[] }} OffloadAction */

/**
 * @typedef {object} DiagnosticRecord
 * @property {Range} range
 * @property {string} message
 * @property {Severity} severity
 * @property {'unblock'} source
 * @property {string} ruleId full id (`unblock/<id>`)
 * @property {{ value: string, target: string | undefined }} code
 * @property {SuggestionAction[]} suggestions
 * @property {OffloadAction} [offload] create the worker module and call it through a pool
 * @property {string} [summary] the rule's few-word summary (its `meta.docs.summary`), the CodeLens title
 * @property {boolean} benchable "Benchmark this function" can measure it: the "Benchmark" CodeLens is offered only then
 * @property {string[]} [why] the report's proof (entry, chain, operations, why), shown under the message as "Why this warning"
 */

export const DIAGNOSTIC_SOURCE = 'unblock';

/**
 * The suggestion to prefer (Ctrl+. applies it first, fix-all uses it): the `Promise.all`
 * rewrite when there is one, else the rule's first suggestion.
 * @param {{ desc: string, fix: { text: string } }[]} suggestions
 */
export function preferredSuggestionIndex(suggestions) {
  if (suggestions.length === 0) return -1;
  const promiseAll = suggestions.findIndex((s) => /Promise\.all\b/.test(s.desc) || /Promise\.all\(/.test(s.fix.text));
  return promiseAll === -1 ? 0 : promiseAll;
}

/**
 * @param {LintMessage} message
 * @param {LineIndex} index
 * @returns {SuggestionAction[]}
 */
export function suggestionActions(message, index) {
  const suggestions = message.suggestions ?? [];
  const preferred = preferredSuggestionIndex(suggestions);
  return suggestions.map((suggestion, i) => ({
    // VS Code's quick-fix titles end without a full stop.
    title: suggestion.desc.replace(/\.$/, ''),
    edit: { range: offsetsToRange(suggestion.fix.range, index), newText: suggestion.fix.text },
    preferred: i === preferred,
  }));
}

/**
 * Maps one rule message; returns undefined for messages that are not ours (parse errors,
 * other plugins) or whose rule is turned off.
 * @param {LintMessage} message
 * @param {LineIndex} index
 * @param {{ severityFor: (ruleId: string) => SeveritySetting, docsUrlFor: (ruleId: string) => string | undefined, summaryFor?: (ruleId: string) => string | undefined }} lookup
 * @returns {DiagnosticRecord | undefined}
 */
export function toDiagnosticRecord(message, index, lookup) {
  if (message.fatal || !message.ruleId || !message.ruleId.startsWith(`${DIAGNOSTIC_SOURCE}/`)) return undefined;
  const severity = lookup.severityFor(message.ruleId);
  if (severity === 'off') return undefined;
  return {
    range: messageRange(message, index),
    message: message.message,
    severity,
    source: DIAGNOSTIC_SOURCE,
    ruleId: message.ruleId,
    // The hover shows `source(code)`: the rule's name without the `unblock/`
    // prefix reads `unblock(<id>)`, the id once, linked to its docs.
    code: { value: message.ruleId.slice(DIAGNOSTIC_SOURCE.length + 1), target: lookup.docsUrlFor(message.ruleId) },
    suggestions: suggestionActions(message, index),
    summary: lookup.summaryFor?.(message.ruleId),
    benchable: message.benchable === true,
    ...(message.why ? { why: message.why } : {}),
    ...(message.offload ? { offload: offloadAction(message.offload, index) } : {}),
  };
}

/**
 * @param {import('eslint-plugin-unblock/tooling').WorkerOffload} offload
 * @param {LineIndex} index
 * @returns {OffloadAction}
 */
export function offloadAction(offload, index) {
  return {
    title: `Move to a worker pool: create ${offload.workerFile} and call ${offload.preview}`,
    workerFile: offload.workerFile,
    workerSource: offload.workerSource,
    edits: offload.edits.map((edit) => ({ range: offsetsToRange(edit.range, index), newText: edit.text })),
  };
}

/**
 * The first fatal message (a parse error), if any: the caller keeps the last good
 * diagnostics instead of showing anything for half-typed code.
 * @param {LintMessage[]} messages
 */
export function findParseError(messages) {
  return messages.find((m) => m.fatal);
}
