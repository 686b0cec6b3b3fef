/**
 * Collects the proofs of one lint for a host that shows them beside the messages (the editor's
 * "Why this warning"): hand `settings` to the Linter's config, then ask `linesFor(message)`.
 */

/**
 * @returns {{ settings: { unblock: { onProof: (note: import('./proofs.js').ProofNote) => void } }, linesFor: (message: { ruleId: string | null, line: number, column: number }) => string[] | undefined }}
 */
export function createProofCollector() {
  /** @type {Map<string, string[]>} */
  const proofs = new Map();
  const key = (/** @type {string | null} */ ruleId, /** @type {number} */ line, /** @type {number} */ column) => `${ruleId}\0${line}\0${column}`;
  return {
    // A withheld report has no message to show its proof beside (its reason went to the lint's warnings).
    settings: { unblock: { onProof: (note) => void (note.withheld === undefined && proofs.set(key(note.ruleId, note.line, note.column), note.lines)) } },
    linesFor: (message) => proofs.get(key(message.ruleId, message.line, message.column)),
  };
}
