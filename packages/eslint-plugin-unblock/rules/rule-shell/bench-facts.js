/**
 * What `unblock-bench` needs to know about a rule's findings, declared by the rule itself in
 * `meta.bench` (createRule passes it through). The bench holds no rule id: it asks these facts,
 * so a new rule that declares them gets ideal figures and observe attribution with no edit there.
 */

/**
 * @typedef {object} BenchFacts
 * @property {'waits' | 'offload'} ideal how the function bench predicts a fix's gain:
 *   `waits`, from the waits on the critical path before and after the fix (fewer waits one after
 *   another); `offload`, blocking work moved off the JS thread (the thread pool takes it)
 * @property {import('./observed-schema.js').ObservedKind} observe what `unblock-bench observe`
 *   measures for a finding, and the kind its `.unblock/observed.json` entries carry: `waterfall`,
 *   the awaits of the statements the report spans; `loop`, the awaits inside the loop the report
 *   starts, per iteration; `blocking`, the call the report marks, timed on the JS thread
 * @property {readonly string[]} [packageCalls] the message ids of reports on calls into npm
 *   packages: the function bench stands a simulated value in for every package, so it cannot
 *   measure those (a fixture, where the package runs, can)
 */

/**
 * A rule's bench facts, by full id (`unblock/…`) or short id, from a plugin object: null for a
 * rule the plugin does not have or that declares none.
 * @param {{ rules: Record<string, any> }} plugin
 * @param {string | null | undefined} ruleId
 * @returns {BenchFacts | null}
 */
export function benchFactsOf(plugin, ruleId) {
  if (!ruleId) return null;
  const rule = plugin.rules?.[ruleId.replace(/^unblock\//, '')];
  return rule?.meta?.bench ?? null;
}
