// The short text of the CodeLens above a reported group ("3 awaits could run together").
// Derived from the rule id and its message, since lint messages do not carry their data.

/**
 * @param {{ ruleId: string, message: string }} record
 * @returns {string}
 */
export function lensTitle(record) {
  const id = record.ruleId.replace(/^unblock\//, '');
  if (id === 'no-await-waterfall') {
    const count = waterfallCount(record.message);
    return count ? `${count} awaits could run together` : 'These awaits could run together';
  }
  if (id === 'no-loop-waterfall') return 'Loop iterations could run together';
  if (id === 'no-blocking-sync-call') {
    const callee = /^`?([\w.$]+)\(\)/.exec(record.message) ?? /\b(\w+Sync)\b/.exec(record.message);
    return callee ? `${callee[1]} blocks the event loop` : 'Blocks the event loop';
  }
  return record.message.length > 60 ? `${record.message.slice(0, 57)}…` : record.message;
}

/**
 * How many operations a waterfall message names: "`a()`, `b()` +3 more wait
 * for each other…" is 5; "`a()` and `b()` wait…" is 2.
 * @param {string} message
 */
function waterfallCount(message) {
  const names = message.split(' wait for each other')[0];
  if (names === message) return null;
  const more = /\+(\d+) more$/.exec(names);
  const named = names.replace(/`[^`]*`/g, '\u0000').split('\u0000').length - 1;
  return named + (more ? Number(more[1]) : 0) || null;
}
