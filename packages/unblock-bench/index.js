/**
 * The bench runner's public API (used by the `unblock-bench` CLI and the VS Code extension).
 * Typical use:
 *
 *   const result = await runComparison({ fixture: 'fixtures/io-six-upstream' }, { onProgress, signal });
 *   console.log(formatComparison(result));
 */
export { runComparison, machineInfo } from './run/run-comparison.js';
export { loadFixture, validateSpec } from './fixture/fixture.js';
export { buildAfterSource, buildAfterProject, loadPlugin, unifiedDiff } from './variants/after-source.js';
export { checkEquivalence, describeDifferences } from './variants/equivalence.js';
export { resolveOptions, normalizeRules, DEFAULTS, KNOWN_RULES } from './fixture/options.js';
export { aggregateLevel, summarizeVariant } from './statistics/aggregate.js';
export { idealGain, fractionOfIdeal, boundResource } from './statistics/ideal.js';
export { startServer } from './processes/server-process.js';
export { startLoadGenerator } from './run/load-process.js';
export { liveChildCount } from './processes/supervisor.js';
export { BenchError } from './errors.js';
export { formatComparison } from './printers/terminal.js';
export { formatSummary } from './printers/summary.js';
export { formatJson } from './printers/json.js';
export { renderHtml } from './printers/html.js';
export { notMeasuredText } from './printers/caveats.js';
export { ratioVerdict, hostVerdict } from './statistics/verdict.js';
export { testRounds, ALPHA } from './statistics/round-test.js';
export { holdToFamily } from './statistics/family.js';
export { selfCheck } from './statistics/self-check.js';
export { collectProjectFiles, importSpecifiers } from './fixture/project-files.js';
export { sweepStaleTempDirs } from './processes/temp-folders.js';
export { functionBenchVerdict, functionBenchMeasures } from './measurable.js';
export { runObserve, formatObservation, renderObservationHtml, writeObservation, defaultObservedFile } from './observe/index.js';
