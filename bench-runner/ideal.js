/**
 * What the static picture predicts, and what actually limited a measurement. Both are plain
 * arithmetic on the fixture's `ideal` spec, the machine and the measured CPU figures, kept apart
 * from the runner so they can be unit-tested and explained in the report.
 */

/**
 * @typedef {object} IdealGain
 * @property {number | null} gain predicted after/before req/s ratio, null when the fixture makes no prediction
 * @property {string} basis the arithmetic, for the report
 */

/**
 * @param {import('./fixture.js').IdealSpec} ideal
 * @param {{ connections: number, threadpoolSize: number, cores: number }} ctx
 * @returns {IdealGain}
 */
export function idealGain(ideal, { connections: c, threadpoolSize: pool, cores }) {
  switch (ideal.kind) {
    case 'parallel-threadpool': {
      // Sequential awaits keep one pool task in flight per connection; Promise.all keeps `tasks`.
      const n = ideal.tasks;
      const before = Math.min(c, pool, cores);
      const after = Math.min(n * c, pool, cores);
      return {
        gain: after / before,
        basis: `min(${n}×${c} tasks, pool ${pool}, ${cores} cores) / min(${c} task${c === 1 ? '' : 's'}, pool ${pool}, ${cores} cores) = ${after}/${before}`,
      };
    }
    case 'parallel-io': {
      return {
        gain: ideal.before / ideal.after,
        basis: `${ideal.before} sequential waits per request → ${ideal.after} (latency; holds while CPU is not the limit)`,
      };
    }
    case 'offload': {
      // The sync call runs on the one JS thread; its async twin on min(connections, pool, cores) threads.
      const after = Math.min(c, pool, cores);
      return {
        gain: after,
        basis: `1 JS thread → min(${c} connection${c === 1 ? '' : 's'}, pool ${pool}, ${cores} cores) = ${after} thread${after === 1 ? '' : 's'}`,
      };
    }
    default:
      return { gain: null, basis: 'no prediction for this fixture' };
  }
}

/**
 * How much of the predicted gain the fix achieved: (ratio − 1) / (ideal − 1). Null when no gain
 * was predicted (ideal ≤ 1.05), where "how close" is meaningless; the report then says so.
 * @param {number | null} ratio
 * @param {number | null} ideal
 */
export function fractionOfIdeal(ratio, ideal) {
  if (ratio === null || ideal === null || ideal <= 1.05) return null;
  return (ratio - 1) / (ideal - 1);
}

/**
 * Which resource limited one variant at one connection level, from median figures over its
 * slices. Thresholds are deliberately coarse: this is a label for people, not a measurement.
 * @param {{ ownCores: number | null, serverCores: number | null, utilization: number | null, machineCores?: number | null }} figures
 * @param {{ cores: number, threadpoolSize: number, connections: number }} ctx
 * @returns {string}
 */
export function boundResource(figures, { cores, threadpoolSize, connections }) {
  const { ownCores, serverCores, utilization } = figures;
  if (ownCores !== null && ownCores >= 0.85 * cores) return `CPU (all ${cores} cores busy, load generator included)`;
  // All cores busy while other programs held part of them: CPU was the limit, but not only ours,
  // so the numbers understate what this server can do (the slices are flagged as noisy too).
  if (figures.machineCores != null && figures.machineCores >= 0.9 * cores) {
    return `CPU (all ${cores} cores busy, partly with other programs)`;
  }
  if (utilization !== null && utilization >= 0.9) return 'event loop (the one JS thread is always busy)';
  if (serverCores !== null && utilization !== null && serverCores - utilization >= 0.85 * Math.min(threadpoolSize, cores)) {
    return `thread pool (${threadpoolSize} threads busy)`;
  }
  return `waiting (${connections} connection${connections === 1 ? '' : 's'}; requests wait more than they compute)`;
}
