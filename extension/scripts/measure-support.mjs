// What the editor-speed scripts share: the --runs option, medians, the one-line edit each run makes,
// and the machine line every printout starts with (on 2 cores, load decides how far to trust it).
import os from 'node:os';

/**
 * @param {number} fallback runs when --runs is not given
 * @returns {number}
 */
export function runsOption(fallback) {
  const at = process.argv.indexOf('--runs');
  const runs = at === -1 ? fallback : Number(process.argv[at + 1]);
  if (!Number.isInteger(runs) || runs < 3) throw new Error('--runs must be a whole number of at least 3');
  return runs;
}

/** @param {number[]} values @param {number} q */
export const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))];

/** @param {number[]} values */
export const median = (values) => quantile(values, 0.5);

/**
 * The text after a one-line edit, as typing makes: a comment line that differs per run, near the top
 * (the generated file's first function) or after line `at`.
 * @param {string[]} lines the original text's lines
 * @param {number} run
 * @param {number} [at] how many lines come before the edit
 */
export function editedText(lines, run, at = 7) {
  return [...lines.slice(0, at), `  // edit ${run}`, ...lines.slice(at)].join('\n');
}

export function machineLine() {
  return `machine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}, Node ${process.version}`;
}
