/**
 * An operation's effect in words, for a report's proof: what it does and what says so
 * (`read, from its body: SELECT … FROM users`, `read, from Prisma's API`, `read, from its name`, `unknown`).
 */

/**
 * @param {import('./call-classification.js').OperationClass} cls
 * @returns {string}
 */
export function effectText(cls) {
  const kind = cls.kind === 'unknown' ? 'effect unknown (no body read, no known API)' : cls.kind;
  const summary = cls.summary;
  if (cls.io === false) return `${kind}, computes only (its body does no I/O)`;
  if (!summary && cls.library) return `${kind}, from ${cls.library}'s API`;
  if (!summary) return cls.kind === 'unknown' ? `${kind}, presumed to wait on I/O` : `${kind}, from its name`;
  const evidence = summary.evidence.length > 0 ? `: ${summary.evidence.join('; ')}` : '';
  return `${kind}, from its body${evidence}`;
}
