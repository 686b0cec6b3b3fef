/**
 * V8's sampling CPU profiler, run inside the observed server through its own inspector session
 * (no debugger port is opened). Every sampling interval it notes the stack of the main thread, or
 * that the thread was idle: runs of non-idle samples are the stretches in which the event loop
 * could serve nobody else, and their stacks say which code held it (blocks.js).
 */
import { Session } from 'node:inspector/promises';

/** Microseconds between samples: fine enough to see a 10 ms block as ten samples. */
export const SAMPLING_INTERVAL_US = 1000;

/**
 * @typedef {object} CpuProfile V8's Profiler.Profile
 * @property {Array<{ id: number, callFrame: { functionName: string, url: string, lineNumber: number, columnNumber: number },
 *   children?: number[], positionTicks?: Array<{ line: number, ticks: number }> }>} nodes
 * @property {number} startTime microseconds, on the clock of `process.hrtime()`
 * @property {number} endTime
 * @property {number[]} samples the node (the innermost frame) of each sample
 * @property {number[]} timeDeltas microseconds since the previous sample
 */

/**
 * @param {number} [intervalUs]
 * @returns {Promise<{ stop: () => Promise<CpuProfile> }>}
 */
export async function startProfiler(intervalUs = SAMPLING_INTERVAL_US) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: intervalUs });
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      return /** @type {CpuProfile} */ (/** @type {unknown} */ (profile));
    },
  };
}
