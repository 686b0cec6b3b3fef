/**
 * "Benchmark this function": the harness built from a user's own code (issue: benchmark any
 * function). Used by the `unblock-bench --function file:LINE` CLI and the VS Code extension.
 *
 *   const result = await benchmarkFunction({ file, line, latencyModel: { kind: 'io', ms: 10 } }, { onProgress, signal });
 *   process.stdout.write(formatFunctionHeader(result));
 *   if (result.status === 'measured') process.stdout.write(formatComparison(result));
 */
export { buildFunctionHarness, parseFunctionSpec, HarnessRefusal, RUNTIME_URL } from './build.js';
export { benchmarkFunction, describeHarness, probeHarness } from './bench.js';
export { formatFunctionHeader } from './report.js';
export { runFunctionCommand } from './command.js';
export { validateLatencyModel, parseLatencyModel, describeLatencyModel, DEFAULT_LATENCY_MODEL } from './emit/latency.js';
export { writeHarnessFiles, loadHarnessModule, compareVariants, timeHandler } from './emit/verify.js';
