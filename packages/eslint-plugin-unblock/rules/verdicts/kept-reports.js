/**
 * A rule's report turned to data, so that a later lint of the same file can make it again at its
 * unit's new place without analysing the unit: the message, where it points and the text each fix
 * and suggestion writes. The fixes are recorded when the host calls them (ESLint does while the
 * report is made); one the host did not call is unknown, and its unit is not reused.
 */

/**
 * @typedef {{ range: [number, number], text: string }} Edit
 * @typedef {object} KeptFix
 * @property {Edit[] | null} edits null until the host asked for them
 * @typedef {object} KeptSuggestion
 * @property {string} [messageId]
 * @property {string} [desc]
 * @property {Record<string, unknown>} [data]
 * @property {KeptFix} fix
 * @typedef {object} KeptReport
 * @property {string} [messageId]
 * @property {string} [message]
 * @property {Record<string, unknown>} [data]
 * @property {number} start offset the report points at
 * @property {number} end
 * @property {boolean} point the rule gave a position, not a range (the host then gives no end)
 * @property {KeptFix | null} fix
 * @property {KeptSuggestion[]} suggest
 * @property {unknown} [proof] the report's proof (plain data), made again with it
 */

/**
 * The report to hand the host, with fixes that record what they write, and its kept form.
 * @param {any} descriptor as the rule made it
 * @param {import('eslint').SourceCode} sourceCode
 * @returns {{ descriptor: any, kept: KeptReport }}
 */
export function keepReport(descriptor, sourceCode) {
  const [start, end] = placeOf(descriptor, sourceCode);
  const point = Boolean(descriptor.loc && !descriptor.loc.start);
  const fix = descriptor.fix ? { edits: null } : null;
  /** @type {KeptSuggestion[]} */
  const suggest = (descriptor.suggest ?? []).map((/** @type {any} */ s) => ({ messageId: s.messageId, desc: s.desc, data: s.data, fix: { edits: null } }));
  const kept = { messageId: descriptor.messageId, message: descriptor.message, data: descriptor.data, proof: descriptor.proof, start, end, point, fix, suggest };
  return {
    descriptor: {
      ...descriptor,
      fix: fix ? recording(descriptor.fix, fix) : descriptor.fix,
      suggest: descriptor.suggest?.map((/** @type {any} */ s, /** @type {number} */ i) => ({ ...s, fix: recording(s.fix, suggest[i].fix) })),
    },
    kept,
  };
}

/**
 * The report again, `shift` characters further on; null when a fix was never recorded.
 * @param {KeptReport} kept
 * @param {number} shift
 * @returns {KeptReport | null}
 */
export function movedReport(kept, shift) {
  if (!fixesRecorded(kept)) return null;
  const move = (/** @type {KeptFix} */ fix) => ({ edits: (fix.edits ?? []).map((e) => ({ range: /** @type {[number, number]} */ ([e.range[0] + shift, e.range[1] + shift]), text: e.text })) });
  return {
    ...kept,
    start: kept.start + shift,
    end: kept.end + shift,
    fix: kept.fix && move(kept.fix),
    suggest: kept.suggest.map((s) => ({ ...s, fix: move(s.fix) })),
  };
}

/**
 * What to hand the host for a kept report.
 * @param {KeptReport} kept
 * @param {import('eslint').SourceCode} sourceCode
 */
export function descriptorOf(kept, sourceCode) {
  const loc = kept.point ? sourceCode.getLocFromIndex(kept.start) : { start: sourceCode.getLocFromIndex(kept.start), end: sourceCode.getLocFromIndex(kept.end) };
  const edits = (/** @type {KeptFix} */ fix) => () => fix.edits ?? [];
  /** @type {any} */
  const descriptor = { loc, data: kept.data, proof: kept.proof, suggest: kept.suggest.map((s) => withDefined({ messageId: s.messageId, desc: s.desc, data: s.data, fix: edits(s.fix) })) };
  if (kept.messageId !== undefined) descriptor.messageId = kept.messageId;
  else descriptor.message = kept.message;
  if (kept.fix) descriptor.fix = edits(kept.fix);
  return descriptor;
}

/**
 * Whether every fix was recorded and writes only inside [from, to): a fix that reaches outside its
 * unit (an import added at the top) depends on more than the unit's text.
 * @param {KeptReport} kept
 * @param {number} from
 * @param {number} to
 */
export function keptWithin(kept, from, to) {
  if (!fixesRecorded(kept) || kept.start < from || kept.end > to) return false;
  const fixes = [...(kept.fix ? [kept.fix] : []), ...kept.suggest.map((s) => s.fix)];
  return fixes.every((fix) => (fix.edits ?? []).every((e) => e.range[0] >= from && e.range[1] <= to));
}

/**
 * The object without its undefined fields: the host reads a present field even when undefined.
 * @param {Record<string, unknown>} object
 */
function withDefined(object) {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
}

/**
 * Whether the host asked for every fix and suggestion of a kept report, so that it can be made again.
 * @param {KeptReport} kept
 */
export function fixesRecorded(kept) {
  return (kept.fix === null || kept.fix.edits !== null) && kept.suggest.every((s) => s.fix.edits !== null);
}

/**
 * @param {(fixer: any) => any} fix
 * @param {KeptFix} into
 */
function recording(fix, into) {
  return (/** @type {any} */ fixer) => {
    const made = fix(fixer);
    // A generator can be read once: the host gets the list read here.
    const list = made == null ? [] : typeof made[Symbol.iterator] === 'function' ? [...made] : [made];
    into.edits = list.map((e) => ({ range: [e.range[0], e.range[1]], text: e.text }));
    return list;
  };
}

/**
 * @param {any} descriptor
 * @param {import('eslint').SourceCode} sourceCode
 * @returns {[number, number]}
 */
function placeOf(descriptor, sourceCode) {
  if (descriptor.loc) {
    const loc = descriptor.loc.start ? descriptor.loc : { start: descriptor.loc, end: descriptor.loc };
    return [sourceCode.getIndexFromLoc(loc.start), sourceCode.getIndexFromLoc(loc.end ?? loc.start)];
  }
  return [descriptor.node.range[0], descriptor.node.range[1]];
}
