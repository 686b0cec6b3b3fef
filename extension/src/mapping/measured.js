// What `unblock-bench observe` measured at a report, as the rules put it at the end of the
// message ("…; seen on GET /dashboard: 30 ms lost per request."): the "Measure" CodeLens shows it
// once it is known. Read from the message, so the lens and the hover always agree.

const SEEN = /^; seen on (.+?): (\d+(?:\.\d+)?) ms(?: and on .+?: \d+(?:\.\d+)? ms)? (lost per request|of event-loop time per request)(?: and \d+ more routes?)?\.?$/;
/**
 * The longest note the rules write: two routes of at most 200 characters each (the plugin cuts
 * them) and the words around them. The pattern backtracks over the note; run on a whole message
 * with a 25,000-character route it took seconds of the host's main thread per refresh.
 */
const MAX_NOTE = 600;

/**
 * @param {string} message a report's message
 * @returns {{ route: string, ms: number, blocking: boolean } | null} the costliest route's figure, or null when nothing was measured
 */
export function measuredAt(message) {
  const at = message.lastIndexOf('; seen on ');
  if (at === -1 || message.length - at > MAX_NOTE) return null;
  const match = SEEN.exec(message.slice(at));
  return match ? { route: match[1], ms: Number(match[2]), blocking: match[3].startsWith('of event-loop') } : null;
}

/**
 * The title of the "Measure" CodeLens: what was measured there, or the invitation to measure.
 * @param {string} message
 */
export function measureLensTitle(message) {
  const seen = measuredAt(message);
  if (!seen) return 'Measure';
  return `Measured: ${seen.ms} ms ${seen.blocking ? 'of event loop' : 'lost'} per request on ${seen.route}`;
}
