/**
 * The one error type the bench runner throws on purpose. Its message is a single line a
 * person can act on; `details` holds optional extra lines (for example the difference the
 * equivalence check found) that a CLI prints below the message.
 */
export class BenchError extends Error {
  /**
   * @param {string} message one line, no trailing period needed
   * @param {{ code?: string, details?: string, cause?: unknown }} [extra]
   */
  constructor(message, extra = {}) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'BenchError';
    /** A stable machine-readable reason, e.g. `FIXTURE_INVALID`, `NOT_EQUIVALENT`, `ABORTED`. */
    this.code = extra.code ?? 'BENCH_ERROR';
    /** Extra lines for people, printed after the one-line message. */
    this.details = extra.details ?? '';
  }
}

/**
 * The error to throw when the caller cancelled (Ctrl-C in the CLI, an AbortSignal in the API).
 * @param {AbortSignal} [signal]
 */
export function abortError(signal) {
  const reason = signal?.reason;
  const why = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : 'cancelled';
  return new BenchError(`benchmark cancelled (${why})`, { code: 'ABORTED' });
}

/**
 * Throws the cancellation error when the signal has fired.
 * @param {AbortSignal} [signal]
 */
export function throwIfAborted(signal) {
  if (signal?.aborted) throw abortError(signal);
}

/**
 * A short one-line description of anything thrown, for wrapping foreign errors.
 * @param {unknown} error
 */
export function oneLine(error) {
  const text = error instanceof Error ? error.message : String(error);
  const first = text.split('\n').find((line) => line.trim() !== '') ?? text;
  return first.trim();
}
