// The short text of the CodeLens above a report ("3 awaits could run together"). Each rule's
// `meta.docs.summary` is the title; where the message names what it is about (the operations of a
// waterfall, the blocking call) the title says so. Derived from the message's shape, never from a
// rule id, so a new rule needs no change here.

/**
 * @param {{ message: string, summary?: string }} record
 * @returns {string}
 */
export function lensTitle(record) {
  const count = waterfallCount(record.message);
  if (count) return `${count} awaits could run together`;
  const summary = record.summary;
  if (!summary) return record.message.length > 60 ? `${record.message.slice(0, 57)}…` : record.message;
  // "`fs.readFileSync()` waits for the disk…" → "fs.readFileSync blocks the event loop"
  const callee = /^`?([\w.$]+)\(\)/.exec(record.message);
  return callee ? `${callee[1]} ${summary[0].toLowerCase()}${summary.slice(1)}` : summary;
}

/** How the waterfall rule counts repeated calls in its messages ("two `db.find()` calls"). */
const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/**
 * How many operations a waterfall message names: "`a()`, `b()` +3 more wait for each other…" is
 * 5; "`a()` and `b()` wait…" is 2; "two `db.find()` calls and `c()` wait…" is 3.
 * @param {string} message
 */
function waterfallCount(message) {
  const names = message.split(' wait for each other')[0];
  if (names === message) return null;
  const more = /\+(\d+) more$/.exec(names);
  let named = 0;
  for (const [, times, calls] of names.matchAll(/(?:\b(\w+) )?`[^`]*`( calls)?/g)) {
    const counted = calls ? (/^\d+$/.test(times ?? '') ? Number(times) : NUMBER_WORDS.indexOf(times ?? '')) : 1;
    named += counted > 0 ? counted : 1;
  }
  return named + (more ? Number(more[1]) : 0) || null;
}
