// The bench bundle (dist/bench.js): the parts of the bench runner the extension calls. Loaded
// on the first benchmark. The runner's child scripts (server host, load worker, harness runtime)
// are bundled next to it under dist/pkg/, where the runner looks for them.
export {
  runComparison, loadFixture, validateSpec, renderHtml, formatSummary, notMeasuredText, BenchError, liveChildCount, buildAfterSource, loadPlugin, KNOWN_RULES,
} from 'unblock-bench';
export { benchmarkFunction } from 'unblock-bench/harness/bench';
export { DEFAULT_LATENCY_MODEL, describeLatencyModel, validateLatencyModel } from 'unblock-bench/harness';
export { runObserve, formatObservation, renderObservationHtml, writeObservation, defaultObservedFile } from 'unblock-bench';
