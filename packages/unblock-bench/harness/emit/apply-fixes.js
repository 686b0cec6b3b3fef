import { buildAfterSource, loadPlugin } from '../../variants/after-source.js';
import { KNOWN_RULES } from '../../fixture/options.js';

/**
 * The "after" harness: the plugin's own fixes applied to the generated "before" module, exactly as
 * the bench runner does for fixtures. The extracted function keeps the user's code as written
 * (stand-ins replace bindings, never call sites), so the rules see the same waterfall they reported.
 * @param {string} source the "before" harness module
 * @param {{ rules?: string[] }} [options]
 * @returns {Promise<{ source: string, fixed: boolean, messages: string[], diff: string }>}
 */
export async function applyPluginFixes(source, { rules = KNOWN_RULES } = {}) {
  const plugin = await loadPlugin();
  const result = buildAfterSource(source, { rules, filename: 'harness.mjs', plugin });
  return {
    source: result.source,
    fixed: result.changed,
    messages: result.findings.map((f) => `${f.ruleId} (line ${f.line}): ${f.message}`),
    diff: result.diff,
  };
}
