/**
 * A one-line progress display for terminals: rewritten in place, cleared before normal output.
 * Does nothing when the stream is not a TTY (logs and CI stay clean).
 * @param {NodeJS.WriteStream} stream
 */
export function createProgress(stream) {
  const enabled = Boolean(stream.isTTY);
  let shown = false;
  return {
    /** @param {import('../run/run-comparison.js').ProgressEvent} event */
    update(event) {
      if (!enabled) return;
      const pct = `${Math.round(event.fraction * 100)}%`.padStart(4);
      const width = Math.max(20, (stream.columns || 80) - 1);
      stream.write(`\r\x1b[K${`${pct} ${event.fixture}: ${event.message}`.slice(0, width)}`);
      shown = true;
    },
    clear() {
      if (enabled && shown) stream.write('\r\x1b[K');
      shown = false;
    },
  };
}
