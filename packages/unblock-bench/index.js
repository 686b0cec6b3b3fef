/**
 * The bench runner's public API (used by the `unblock-bench` CLI and the VS Code extension).
 * Typical use:
 *
 *   const result = await runComparison({ fixture: 'fixtures/io-six-upstream' }, { onProgress, signal });
 *   console.log(formatComparison(result));
 */
export { runComparison, machineInfo } from './run-comparison.js';
export { loadFixture, validateSpec } from './fixture.js';
export { buildAfterSource, buildAfterProject, loadPlugin, unifiedDiff } from './after-source.js';
export { checkEquivalence, describeDifferences } from './equivalence.js';
export { resolveOptions, normalizeRules, DEFAULTS, KNOWN_RULES } from './options.js';
export { aggregateLevel, summarizeVariant } from './aggregate.js';
export { idealGain, fractionOfIdeal, boundResource } from './ideal.js';
export { startServer } from './server-process.js';
export { startLoadGenerator } from './load-process.js';
export { liveChildCount } from './supervisor.js';
export { BenchError } from './errors.js';
export { formatComparison } from './printers/terminal.js';
export { formatSummary } from './printers/summary.js';
export { formatJson } from './printers/json.js';
export { renderHtml } from './printers/html.js';
export { notMeasuredText } from './printers/caveats.js';
export { ratioVerdict, hostVerdict } from './verdict.js';
export { collectProjectFiles, importSpecifiers } from './project-files.js';
export { sweepStaleTempDirs } from './temp-folders.js';
export { functionBenchVerdict, functionBenchMeasures } from './measurable.js';
export { runObserve, formatObservation, renderObservationHtml, writeObservation, defaultObservedFile } from './observe/index.js';
