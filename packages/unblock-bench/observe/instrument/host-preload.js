/**
 * What the bench's server host (server-host.js) loads before the fixture when it runs an observed
 * server: the recorder the instrumented files call, and the runner's questions. Each `take` hands
 * over what was recorded since the previous one, so the runner cuts the run into phases (start-up,
 * each route's warm-up and load) by asking between them; `profile` samples the CPU during the
 * next phase.
 */
import { installRecorder } from './runtime.js';
import { startProfiler } from './profiler.js';

/** @type {ReturnType<typeof installRecorder> | null} */
let recorder = null;
/** @type {Awaited<ReturnType<typeof startProfiler>> | null} */
let profiler = null;

/** @param {{ functionCount: number }} options */
export function start(options) {
  recorder = installRecorder(options.functionCount);
}

/**
 * @param {{ op: 'take', profile?: boolean }} request
 */
export async function answer(request) {
  if (request?.op !== 'take' || !recorder) throw new Error(`unknown request ${JSON.stringify(request?.op)}`);
  const profile = profiler ? await profiler.stop() : null;
  profiler = null;
  const taken = recorder.take();
  if (request.profile) profiler = await startProfiler();
  return { ...taken, profile };
}
