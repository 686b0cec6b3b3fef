import leven from 'leven';

/**
 * Command-line mistakes turned into one line that names the fix: a misspelled flag gets the
 * closest real one ("did you mean --duration?"). Pure, for the CLI and its tests.
 */

/**
 * @param {unknown} error what node:util parseArgs threw
 * @param {string[]} known the flags, without dashes
 * @returns {string}
 */
export function describeParseError(error, known) {
  const err = /** @type {{ code?: string, message?: string }} */ (error);
  const message = String(err?.message ?? error).split('\n')[0];
  if (err?.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const flag = /'(-{1,2}[^']+)'/.exec(message)?.[1];
    const guess = flag ? closestFlag(flag, known) : null;
    if (flag) return `unknown option ${flag}${guess ? `; did you mean --${guess}?` : ''} (see --help)`;
  }
  return `${message.replace(/\. To specify a positional argument.*$/, '')} (see --help)`;
}

/**
 * The known flag nearest to what was typed, when it is near enough to be a typo: at most a third
 * of its letters differ (so --duraton → --duration, but --xyz suggests nothing).
 * @param {string} typed e.g. "--duraton" or "--duration=2"
 * @param {string[]} known
 * @returns {string | null}
 */
export function closestFlag(typed, known) {
  const name = typed.replace(/^-+/, '').split('=')[0].toLowerCase();
  let best = null;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const distance = candidate.startsWith(name) && name.length >= 3 ? 0 : leven(name, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best !== null && bestDistance <= Math.max(1, Math.floor(best.length / 3)) ? best : null;
}
