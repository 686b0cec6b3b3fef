/**
 * Applying fixes the way a linter does in one pass: sorted by position, each applied once,
 * skipping any that overlaps an earlier one. `applyOnePass` turns ESLint's reports into the text
 * `oxlint --fix-suggestions` should write (each report's fix, or else its first suggestion), so
 * the two can be compared byte for byte.
 */

/** @typedef {{ range: [number, number], text: string }} Edit */

/**
 * @param {string} code
 * @param {Edit[]} edits
 * @returns {string}
 */
export function applyEdits(code, edits) {
  const sorted = [...edits].sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]);
  let output = '';
  let cursor = 0;
  for (const edit of sorted) {
    if (edit.range[0] < cursor) continue;
    output += code.slice(cursor, edit.range[0]) + edit.text;
    cursor = edit.range[1];
  }
  return output + code.slice(cursor);
}

/**
 * @param {string} code
 * @param {Array<{ fix?: Edit | null, suggestions?: Array<{ fix: Edit }> }>} messages
 * @returns {string}
 */
export function applyOnePass(code, messages) {
  return applyEdits(code, messages.map((message) => message.fix ?? message.suggestions?.[0]?.fix).filter(Boolean));
}
