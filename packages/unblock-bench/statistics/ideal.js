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
 * @param {import('../fixture/fixture.js').IdealSpec} ideal
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
 * slices: whichever of CPU, the event loop and (when smaller than the core count) the thread
 * pool is closest to full, if one is at least 80 % busy; otherwise requests were mostly
 * waiting. A label for people, with the figure that earned it, not a measurement of its own.
 * @param {{ ownCores: number | null, serverCores: number | null, utilization: number | null, machineCores?: number | null }} figures
 * @param {{ cores: number, threadpoolSize: number, connections: number }} ctx
 * @returns {string}
 */
export function boundResource(figures, { cores, threadpoolSize, connections }) {
  const { ownCores, serverCores, utilization, machineCores } = figures;
  /** @type {Array<{ share: number, label: string }>} */
  const candidates = [];
  if (ownCores !== null) {
    candidates.push({ share: ownCores / cores, label: `CPU (${ownCores.toFixed(1)} of ${cores} cores busy, load generator included)` });
  }
  if (machineCores != null && ownCores !== null && machineCores - ownCores >= 0.25 * cores) {
    // Other programs held part of the machine: the numbers understate this server (flagged as noisy too).
    candidates.push({
      share: machineCores / cores,
      label: `CPU (${machineCores.toFixed(1)} of ${cores} cores busy, ${(machineCores - ownCores).toFixed(1)} of them by other programs)`,
    });
  }
  if (utilization !== null) {
    candidates.push({ share: utilization, label: `event loop (busy ${Math.round(utilization * 100)}% of the time)` });
  }
  if (serverCores !== null && utilization !== null && threadpoolSize < cores) {
    candidates.push({ share: (serverCores - utilization) / threadpoolSize, label: `thread pool (all ${threadpoolSize} threads busy)` });
  }
  const best = candidates.reduce((a, b) => (b.share > a.share ? b : a), { share: 0, label: '' });
  if (best.share >= 0.8) return best.label;
  return `waiting (${connections} connection${connections === 1 ? '' : 's'}; requests wait more than they compute)`;
}
