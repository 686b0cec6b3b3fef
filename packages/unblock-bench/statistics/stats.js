/**
 * Small, pure statistics helpers used by aggregation and the load worker. Inputs are plain
 * arrays of numbers; empty input gives `null` rather than NaN so printers can show "n/a".
 */

/**
 * Percentile by linear interpolation between closest ranks (p in 0..100).
 * @param {number[]} values
 * @param {number} p
 * @param {boolean} [sorted] pass true when `values` is already ascending
 * @returns {number | null}
 */
export function percentile(values, p, sorted = false) {
  if (values.length === 0) return null;
  const xs = sorted ? values : [...values].sort((a, b) => a - b);
  if (xs.length === 1) return xs[0];
  const rank = (Math.min(100, Math.max(0, p)) / 100) * (xs.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return xs[low] + (xs[high] - xs[low]) * (rank - low);
}

/**
 * @param {number[]} values
 * @returns {number | null}
 */
export function median(values) {
  return percentile(values, 50);
}

/**
 * @param {number[]} values
 * @returns {number | null}
 */
export function mean(values) {
  if (values.length === 0) return null;
  return values.reduce((sum, x) => sum + x, 0) / values.length;
}

/**
 * Median with the relative half-range around it: the "± spread" printed next to a ratio.
 * Half-range (not standard deviation) because with 5–8 slices it is easy to read and honest
 * about the worst slice.
 * @param {number[]} values
 * @returns {{ median: number, min: number, max: number, spread: number, n: number } | null}
 */
export function summarize(values) {
  const xs = values.filter((x) => Number.isFinite(x));
  if (xs.length === 0) return null;
  const mid = median(xs);
  const min = Math.min(...xs);
  const max = Math.max(...xs);
  const spread = mid === 0 ? 0 : (max - min) / 2 / Math.abs(mid);
  return { median: mid, min, max, spread, n: xs.length };
}

/**
 * The usual latency summary of one sample of response times (ms).
 * @param {number[]} latencies
 * @returns {{ p50: number, p90: number, p99: number, max: number, mean: number, count: number } | null}
 */
export function latencySummary(latencies) {
  if (latencies.length === 0) return null;
  const xs = Float64Array.from(latencies).sort();
  const arr = Array.from(xs);
  return {
    p50: percentile(arr, 50, true),
    p90: percentile(arr, 90, true),
    p99: percentile(arr, 99, true),
    max: arr[arr.length - 1],
    mean: mean(arr),
    count: arr.length,
  };
}

/**
 * Edges of the fixed log-spaced latency buckets (ms) shared by every slice, so histograms from
 * different slices and processes add up bucket by bucket. 0.05 ms … ~60 s, 8 buckets per doubling.
 */
export const LATENCY_BUCKET_EDGES = (() => {
  const edges = [];
  for (let x = 0.05; x < 60_000; x *= 2 ** (1 / 8)) edges.push(Number(x.toPrecision(4)));
  return edges;
})();

/**
 * Counts per bucket; bucket i holds values in [edges[i-1], edges[i]), the last one the overflow.
 * @param {number[]} latencies
 * @returns {number[]}
 */
export function latencyHistogram(latencies) {
  const counts = new Array(LATENCY_BUCKET_EDGES.length + 1).fill(0);
  for (const x of latencies) counts[bucketIndex(x)] += 1;
  return counts;
}

/** @param {number} x */
function bucketIndex(x) {
  let lo = 0;
  let hi = LATENCY_BUCKET_EDGES.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (x < LATENCY_BUCKET_EDGES[mid]) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * Adds histograms bucket by bucket.
 * @param {number[][]} histograms
 */
export function mergeHistograms(histograms) {
  const out = new Array(LATENCY_BUCKET_EDGES.length + 1).fill(0);
  for (const h of histograms) for (let i = 0; i < out.length; i += 1) out[i] += h[i] ?? 0;
  return out;
}
