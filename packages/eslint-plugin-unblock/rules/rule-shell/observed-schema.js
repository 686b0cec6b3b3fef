/**
 * The schema of `.unblock/observed.json` (written by `unblock-bench observe`, read back by
 * observed-runs.js). The file is in the repository: whoever commits it decides what it holds, so
 * each entry is checked for what the rules read of it before they read it. An entry that does not
 * fit is left out and counted; a file that is not an observations file at all gives nothing. The
 * text it supplies (routes) reaches messages only through plainText(): no control character, no
 * more than a line's worth.
 */

/** The longest route a message shows, in characters. */
export const MAX_SHOWN = 200;

/**
 * @typedef {import('./observed-runs.js').Observations} Observations
 * @typedef {{ data: Observations | null, ignored: number }} ReadObservations  ignored: entries left out
 */

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
