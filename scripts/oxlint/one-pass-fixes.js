/**
 * What `oxlint --fix-suggestions` does with ESLint-shaped messages: applies each report's fix
 * (or else its first suggestion) once, skipping fixes that overlap an earlier one. Lets ESLint's
 * reports be turned into the text oxlint should write, to compare the two byte for byte.
 */

/**
 * @param {string} code
 * @param {Array<{ fix?: { range: [number, number], text: string } | null, suggestions?: Array<{ fix: { range: [number, number], text: string } }> }>} messages
 * @returns {string}
 */
export function applyOnePass(code, messages) {
  const fixes = messages
    .map((message) => message.fix ?? message.suggestions?.[0]?.fix)
    .filter(Boolean)
    .sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]);
  let output = '';
  let cursor = 0;
  for (const fix of fixes) {
    if (fix.range[0] < cursor) continue;
    output += code.slice(cursor, fix.range[0]) + fix.text;
    cursor = fix.range[1];
  }
  return output + code.slice(cursor);
}
