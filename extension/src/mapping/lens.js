// The short text of the CodeLens above a reported group ("3 awaits could run together").
// Derived from the rule id and its message, since lint messages do not carry their data.

/**
 * @param {{ ruleId: string, message: string }} record
 * @returns {string}
 */
export function lensTitle(record) {
  const id = record.ruleId.replace(/^unblock\//, '');
  if (id === 'no-await-waterfall') {
    const count = /\b(\d+)\b/.exec(record.message);
    return count ? `${count[1]} awaits could run together` : 'These awaits could run together';
  }
  if (id === 'no-loop-waterfall') return 'Loop iterations could run together';
  if (id === 'no-blocking-sync-call') {
    const callee = /^([\w.$]+)\(\)/.exec(record.message) ?? /\b(\w+Sync)\b/.exec(record.message);
    return callee ? `${callee[1]} blocks the event loop` : 'Blocks the event loop';
  }
  return record.message.length > 60 ? `${record.message.slice(0, 57)}…` : record.message;
}
