/**
 * Number formatting and a plain-text table shared by the terminal printers. Pure functions.
 */

/**
 * Milliseconds with precision that suits the size (sub-millisecond values keep two decimals).
 * @param {number | null | undefined} x
 */
export function ms(x) {
  if (x === null || x === undefined || !Number.isFinite(x)) return 'n/a';
  if (x < 1) return x.toFixed(2);
  if (x < 100) return x.toFixed(1);
  return x.toFixed(0);
}

/**
 * Requests per second.
 * @param {number | null | undefined} x
 */
export function rps(x) {
  if (x === null || x === undefined || !Number.isFinite(x)) return 'n/a';
  return x < 100 ? x.toFixed(1) : x.toFixed(0);
}

/**
 * A ratio such as 3.12×.
 * @param {number | null | undefined} x
 */
export function ratio(x) {
  if (x === null || x === undefined || !Number.isFinite(x)) return 'n/a';
  return `${x.toFixed(2)}×`;
}

/**
 * A relative spread such as ±2.1%.
 * @param {number | null | undefined} x
 */
export function spread(x) {
  if (x === null || x === undefined || !Number.isFinite(x)) return '';
  return `±${(x * 100).toFixed(1)}%`;
}

/**
 * @param {number | null | undefined} x 0..1
 */
export function percent(x) {
  if (x === null || x === undefined || !Number.isFinite(x)) return 'n/a';
  return `${Math.round(x * 100)}%`;
}

/**
 * Renders rows as an aligned text table (or a Markdown table). Numbers-looking cells align right.
 * @param {string[]} headers
 * @param {string[][]} rows
 * @param {{ markdown?: boolean }} [options]
 */
export function table(headers, rows, options = {}) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const numeric = headers.map((_, i) => rows.every((r) => r[i] === undefined || r[i] === '' || /^[±\d.]/.test(r[i])));
  /** @param {string} cell @param {number} i */
  const pad = (cell, i) => (numeric[i] ? cell.padStart(widths[i]) : cell.padEnd(widths[i]));
  if (options.markdown) {
    const line = (/** @type {string[]} */ cells) => `| ${cells.map((c, i) => pad(c ?? '', i)).join(' | ')} |`;
    const rule = `|${widths.map((w, i) => (numeric[i] ? `${'-'.repeat(w + 1)}:` : `${'-'.repeat(w + 2)}`)).join('|')}|`;
    return [line(headers), rule, ...rows.map(line)].join('\n');
  }
  const line = (/** @type {string[]} */ cells) => cells.map((c, i) => pad(c ?? '', i)).join('  ').trimEnd();
  return [line(headers), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/**
 * "2 cores (AMD EPYC …), Node v20.20.2, linux-x64".
 * @param {{ cores: number, cpuModel: string, node: string, platform: string }} machine
 */
export function machineLine(machine) {
  return `${machine.cores} cores (${machine.cpuModel}), Node ${machine.node}, ${machine.platform}`;
}

/**
 * "1 finding", "3 findings": counted nouns without "(s)".
 * @param {number} n
 * @param {string} word
 * @param {string} [many] the plural when it is not word + "s"
 */
export function plural(n, word, many = `${word}s`) {
  return `${n} ${n === 1 ? word : many}`;
}

/**
 * "routes/users.js:12 <rule id>" (without `unblock/`): where a finding is and which rule made it.
 * @param {{ file?: string, line: number, ruleId: string }} finding
 */
export function findingLabel(finding) {
  return `${finding.file ? `${finding.file}:` : 'line '}${finding.line} ${finding.ruleId.replace(/^unblock\//, '')}`;
}
