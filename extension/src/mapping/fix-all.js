// "Fix all Unblock problems in this file": apply the preferred suggestion of every report,
// re-lint, and repeat (one group's rewrite can uncover or shift another), like ESLint's own
// multipass autofix. Works on text and an injected lint function so it is testable alone.
import { preferredSuggestionIndex } from './diagnostics.js';

const MAX_PASSES = 10;

/** @typedef {{ range: [number, number], text: string }} OffsetEdit */

/**
 * Applies non-overlapping edits (the first one wins, in text order).
 * @param {string} text
 * @param {OffsetEdit[]} edits
 * @returns {{ text: string, applied: number }}
 */
export function applyOffsetEdits(text, edits) {
  const sorted = [...edits].sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]);
  let out = '';
  let cursor = 0;
  let applied = 0;
  for (const edit of sorted) {
    if (edit.range[0] < cursor) continue;
    out += text.slice(cursor, edit.range[0]) + edit.text;
    cursor = edit.range[1];
    applied++;
  }
  return { text: out + text.slice(cursor), applied };
}

/**
 * @param {string} text
 * @param {(text: string) => import('./diagnostics.js').LintMessage[] | undefined} lint
 *   returns the rule messages, or undefined when the text no longer parses
 * @returns {{ text: string, fixed: number }}
 */
export function fixAllText(text, lint) {
  let current = text;
  let fixed = 0;
  let messages = lint(current);
  for (let pass = 0; pass < MAX_PASSES && messages; pass++) {
    /** @type {OffsetEdit[]} */
    const edits = [];
    for (const message of messages) {
      const suggestions = message.suggestions ?? [];
      const preferred = preferredSuggestionIndex(suggestions);
      if (preferred !== -1) edits.push(suggestions[preferred].fix);
    }
    if (edits.length === 0) break;
    const next = applyOffsetEdits(current, edits);
    if (next.text === current) break;
    // A rewrite that does not parse is never kept: stop with what was good so far.
    const nextMessages = lint(next.text);
    if (!nextMessages) break;
    current = next.text;
    fixed += next.applied;
    messages = nextMessages;
  }
  return { text: current, fixed };
}

/**
 * The smallest single replacement that turns `before` into `after` (common prefix and
 * suffix kept), so applying fix-all keeps the cursor and undo history tidy.
 * @param {string} before
 * @param {string} after
 * @returns {OffsetEdit | undefined}
 */
export function minimalReplacement(before, after) {
  if (before === after) return undefined;
  let start = 0;
  const limit = Math.min(before.length, after.length);
  while (start < limit && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before.charCodeAt(endBefore - 1) === after.charCodeAt(endAfter - 1)) {
    endBefore--;
    endAfter--;
  }
  return { range: [start, endBefore], text: after.slice(start, endAfter) };
}
