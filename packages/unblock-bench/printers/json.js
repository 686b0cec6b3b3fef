/**
 * The JSON report: the result objects as they are, plus a format marker. Pure.
 * @param {any[]} entries `{ fixture, result?, error? }` per fixture
 * @returns {string}
 */
export function formatJson(entries) {
  return `${JSON.stringify({ format: 'unblock-bench/1', entries }, null, 2)}\n`;
}
