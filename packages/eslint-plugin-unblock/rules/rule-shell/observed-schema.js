/**
 * The schema of `.unblock/observed.json` (written by `unblock-bench observe`, read back by
 * observed-runs.js): the one owner of the file's format and its type, which the bench takes
 * through `eslint-plugin-unblock/tooling`. The file is in the repository: whoever commits it decides what it holds, so
 * each entry is checked for what the rules read of it before they read it. An entry that does not
 * fit is left out and counted; a file that is not an observations file at all gives nothing. The
 * text it supplies (routes) reaches messages only through plainText(): no control character, no
 * more than a line's worth.
 */

import path from 'node:path';

/**
 * @typedef {import('../language/syntax/ast.js').FunctionNode} FunctionNode
 */

/** The longest route a message shows, in characters. */
export const MAX_SHOWN = 200;

/**
 * The file as `unblock-bench observe` writes it (schema 1). The bench types what it builds and
 * prints with these; the rules read only part of it (`Observations`, below), checked first.
 *
 * @typedef {'waterfall' | 'loop' | 'blocking'} ObservedKind what was measured: the awaits of a
 *   statement group, a loop's iterations, or a call that held the JS thread (a rule declares which
 *   in its `meta.bench.observe`, bench-facts.js)
 *
 * @typedef {object} ObservedFinding
 * @property {ObservedKind} kind
 * @property {string} file relative to the project root
 * @property {number} line
 * @property {string} route e.g. "GET /dashboard"
 * @property {number} perRequestMs the time it cost, summed over the phase, divided by the requests served
 * @property {number} runs how often it ran in the phase
 * @property {string | null} rule the rule whose report is at this place; null: the rules missed it
 * @property {number} endLine
 * @property {string} message the report's message, or what was seen
 * @property {number} medianMs the median cost of one run
 * @property {number[]} [waitsMs] waterfall: the median wait of each await; loop: of each iteration
 * @property {number} [cpuMs] a reported blocking call: the median CPU time of one call (the wall time, in
 *   medianMs, also holds what other processes took of the machine meanwhile)
 * @property {string[]} [stack] a block the rules missed: the stack it was seen with
 *
 * @typedef {{ file: string, line: number, name: string, column: number, endLine: number, endColumn: number }} ObservedStartupFunction
 * @typedef {{ file: string, line: number, name: string, routes: string[], calls: number }} ObservedServedFunction
 *
 * @typedef {object} ObservedSettings how the run was made
 * @property {number} connections
 * @property {number} duration seconds of observed load per route
 * @property {number} warmup seconds of unmeasured load per route
 * @property {number} threadpoolSize
 * @property {string[]} rules
 * @property {number} listenTimeout
 * @property {number} requestTimeout
 *
 * @typedef {object} ObservedFile
 * @property {1} schema
 * @property {{ name: string, version: string }} tool
 * @property {string} observedAt ISO time
 * @property {{ name: string, title: string, dir: string, entry: string }} fixture
 * @property {string} root the project root, relative to the file's folder; file names are relative to it
 * @property {ObservedSettings} settings
 * @property {Array<{ route: string, requests: number, non2xx: number, seconds: number }>} routes
 * @property {ObservedFinding[]} findings most time lost per request first
 * @property {ObservedStartupFunction[]} startupOnly
 * @property {ObservedServedFunction[]} served
 * @property {Array<{ file: string, line: number, rule: string, message: string }>} unobserved reports whose code no route ran
 * @property {Record<string, { sha256: string }>} files the hash of each file's text when it was observed
 * @property {string[]} notes
 */

/**
 * What the rules read of the file, once checked (readObservations).
 * @typedef {Pick<ObservedFinding, 'file' | 'line' | 'route' | 'perRequestMs' | 'rule'> & { kind: string }} ReadFinding
 *   kind stays a string here: a later bench may write a kind these rules do not know
 * @typedef {{ file: string, line: number, endLine?: number, endColumn?: number }} ReadFunction
 * @typedef {{ root: string, files: Record<string, { sha256: string }>, findings: ReadFinding[], startupOnly: ReadFunction[] }} Observations
 * @typedef {{ data: Observations | null, ignored: number }} ReadObservations  ignored: entries left out
 */

/**
 * Where the rules look by default and `observe` writes: `.unblock/observed.json` in the project
 * root (next to its package.json).
 * @param {string} projectRoot
 */
export function observedFileIn(projectRoot) {
  return path.join(projectRoot, '.unblock', 'observed.json');
}

/** @param {unknown} value @returns {value is Record<string, any>} */
const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/** @param {unknown} value */
const isLine = (value) => Number.isSafeInteger(value) && /** @type {number} */ (value) >= 0;

/** @param {any} finding */
const isFinding = (finding) =>
  isRecord(finding) &&
  typeof finding.kind === 'string' &&
  typeof finding.file === 'string' &&
  isLine(finding.line) &&
  typeof finding.route === 'string' &&
  typeof finding.perRequestMs === 'number' &&
  Number.isFinite(finding.perRequestMs) &&
  finding.perRequestMs >= 0 &&
  (finding.rule === null || typeof finding.rule === 'string');

/** @param {any} fn */
const isStartupFunction = (fn) =>
  isRecord(fn) && typeof fn.file === 'string' && (fn.endLine === undefined || (isLine(fn.endLine) && isLine(fn.endColumn)));

/**
 * The observations in a parsed JSON value.
 * @param {unknown} json
 * @returns {ReadObservations}
 */
export function readObservations(json) {
  if (!isRecord(json) || !isRecord(json.files)) return { data: null, ignored: 0 };
  let ignored = 0;
  /** @type {Observations['files']} */
  const files = Object.create(null);
  for (const [file, recorded] of Object.entries(json.files)) {
    if (isRecord(recorded) && typeof recorded.sha256 === 'string') files[file] = { sha256: recorded.sha256 };
    else ignored++;
  }
  /**
   * @template T
   * @param {unknown} list
   * @param {(item: any) => boolean} fits
   * @returns {T[]}
   */
  const kept = (list, fits) => {
    if (list === undefined) return [];
    if (!Array.isArray(list)) {
      ignored++;
      return [];
    }
    const fitting = list.filter(fits);
    ignored += list.length - fitting.length;
    return fitting;
  };
  if (json.root !== undefined && typeof json.root !== 'string') ignored++;
  return {
    data: {
      root: typeof json.root === 'string' ? json.root : '..',
      files,
      findings: kept(json.findings, isFinding),
      startupOnly: kept(json.startupOnly, isStartupFunction),
    },
    ignored,
  };
}

/**
 * A text from a file, as a message may show it: control and direction-changing characters escaped
 * (a terminal would act on them), at most `max` characters (an ellipsis marks the cut).
 * @param {string} text
 * @param {number} [max]
 */
export function plainText(text, max = MAX_SHOWN) {
  // Cut before escaping too: the escapes of a long text need not be made at all.
  const head = text.length > max ? text.slice(0, max) : text;
  // eslint-disable-next-line no-control-regex -- the characters to escape are these
  const escaped = head.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return escaped.length > max || text.length > max ? `${escaped.slice(0, max - 1)}…` : escaped;
}
