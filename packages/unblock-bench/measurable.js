/**
 * Which reports "Benchmark this function" (`unblock-bench --function`, the editor's "Benchmark"
 * CodeLens) can measure: one predicate, so that the lens is offered exactly where the bench can
 * answer, and the bench says why where it cannot.
 *
 * A report is measurable when the rule offers a rewrite (a fix or a suggestion, which the bench
 * applies as the codemod does, or a worker offload) of code the function harness runs for real.
 * The harness stands a simulated value in for every import of an npm package, so a report on a
 * package call (bcrypt, bcryptjs, pako, jsonwebtoken…) is measurable only with a fixture, where the
 * package runs: the function harness would find nothing to fix there.
 */
import plugin from 'eslint-plugin-unblock';
import { benchFactsOf } from 'eslint-plugin-unblock/tooling';

/**
 * @typedef {object} ReportShape the parts of an ESLint lint message the predicate reads
 * @property {string | null} ruleId
 * @property {string} [messageId]
 * @property {unknown} [fix]
 * @property {unknown[]} [suggestions]
 * @property {unknown} [offload] the worker offload planned for it (tooling's planWorkerOffloads)
 */

/**
 * @param {ReportShape} report
 * @param {{ rules: Record<string, any> }} [rules] the plugin whose rules made the report (which
 *   report is on a package call is each rule's to say, in `meta.bench.packageCalls`)
 * @returns {{ measurable: true } | { measurable: false, reason: string }}
 */
export function functionBenchVerdict(report, rules = plugin) {
  if (!report.ruleId?.startsWith('unblock/')) return { measurable: false, reason: 'it is not an Unblock report' };
  if (benchFactsOf(rules, report.ruleId)?.packageCalls?.includes(report.messageId ?? '')) {
    return {
      measurable: false,
      reason: 'it is a call into an npm package, which the function bench replaces with a simulated value; benchmark the module with a fixture.json instead, where the package runs (docs/bench.md#fixturejson)',
    };
  }
  if (!report.fix && !report.suggestions?.length && !report.offload) {
    return { measurable: false, reason: 'the rule offers no rewrite for it, so there is no "after" to compare' };
  }
  return { measurable: true };
}

/**
 * @param {ReportShape} report
 * @param {{ rules: Record<string, any> }} [rules]
 */
export function functionBenchMeasures(report, rules = plugin) {
  return functionBenchVerdict(report, rules).measurable;
}
