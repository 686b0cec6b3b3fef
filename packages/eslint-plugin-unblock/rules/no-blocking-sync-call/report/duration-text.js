/**
 * A measured cost in words, as precise as the measurement: `1.4 ms`, `75 ms`, `1.6 s`.
 * @param {number} ms
 */
export function durationText(ms) {
  if (ms >= 1000) return `${Number((ms / 1000).toPrecision(2))} s`;
  return `${ms >= 10 ? Math.round(ms) : Number(ms.toPrecision(1))} ms`;
}
