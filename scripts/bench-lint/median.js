/**
 * The median of measured values (the mean of the middle two when their number is even), as the
 * benchmark scripts report them.
 * @param {number[]} values
 */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
