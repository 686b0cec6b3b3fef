/**
 * The effect summary, the value the project index gives for a function or a
 * call: what it reads and writes outside itself and whether it waits on I/O.
 * How summaries are made is summarize.js and body-reader.js; this file holds
 * the value and how two of them add up.
 */

/**
 * @typedef {'read' | 'write' | 'none' | 'unknown'} EffectKind  none: computes only
 *
 * @typedef {object} EffectSummary
 * @property {EffectKind} kind
 * @property {boolean | null} io   waits on something outside the process: yes, no (computes only), or unknown
 * @property {Set<string>} reads   resources read: `sql:<table>`, `http`, `fs`, `state:<file>#<name>`, `recv:<chain>`
 * @property {Set<string>} writes
 * @property {Set<string>} thisReads   properties of `this` read
 * @property {Set<string>} thisWrites  properties of `this` written
 * @property {string[]} evidence
 * @property {boolean} findOrCreate    reads and writes the same resource: two of these at once race
 * @property {boolean} evidenced       something beyond names spoke: a body, SQL, an HTTP method, a module, a built-in
 * @property {EffectKind} [callKind]   a body's kind from its calls alone, before its own writes (`this`, module state, parameters)
 * @property {boolean} [notifies]      posts messages to another thread that nothing here waits to have answered: not a
 *   write, unless a caller makes the call inside a promise executor (body-reader.js)
 *
 * @typedef {{ kind: EffectKind, io: boolean | null, reads: Iterable<string>, writes: Iterable<string>, thisReads?: Iterable<string>, thisWrites?: Iterable<string>, evidence?: string | string[], evidenced?: boolean, message?: boolean, notifies?: boolean }} EffectPart
 *   what one call does, to add to the summary of the function that makes it
 *
 * @typedef {EffectSummary & { thisOwner: string | null }} CallSummary  what the project index answers for a call
 *   thisOwner: the object the callee's `this` is (`this`, `this.users`, `users`), as written; null for a plain function
 */

const KIND_ORDER = { none: 0, read: 1, unknown: 2, write: 3 };

/** @returns {EffectSummary} */
export function emptySummary() {
  return { kind: 'none', io: false, reads: new Set(), writes: new Set(), thisReads: new Set(), thisWrites: new Set(), evidence: [], findOrCreate: false, evidenced: false };
}

/** @returns {EffectSummary} */
export function unknownSummary() {
  return { ...emptySummary(), kind: 'unknown', io: null };
}

/**
 * Adds a callee's summary to its caller's (the kinds, the resources, `this` state).
 * @param {EffectSummary} into
 * @param {EffectSummary} part
 */
export function mergeInto(into, part) {
  mergePart(into, part);
  into.findOrCreate ||= part.findOrCreate;
}

/**
 * Adds what one call does to a summary.
 * @param {EffectSummary} into
 * @param {EffectPart} part
 */
export function mergePart(into, part) {
  if (part.evidenced) into.evidenced = true;
  if (part.notifies) into.notifies = true;
  if (KIND_ORDER[part.kind] > KIND_ORDER[into.kind]) into.kind = part.kind;
  if (part.io === true) into.io = true;
  else if (part.io === null && into.io === false) into.io = null;
  for (const read of part.reads) into.reads.add(read);
  for (const write of part.writes) into.writes.add(write);
  for (const read of part.thisReads ?? []) into.thisReads.add(read);
  for (const write of part.thisWrites ?? []) into.thisWrites.add(write);
  const evidence = Array.isArray(part.evidence) ? part.evidence : part.evidence ? [part.evidence] : [];
  for (const line of evidence) if (into.evidence.length < 3 && !into.evidence.includes(line)) into.evidence.push(line);
}
