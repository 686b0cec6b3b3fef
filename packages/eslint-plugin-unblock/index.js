import { createRequire } from 'node:module';
import noAwaitWaterfall from './rules/no-await-waterfall.js';
import noBlockingSyncCall from './rules/no-blocking-sync-call.js';
import noLoopWaterfall from './rules/no-loop-waterfall.js';
import { ruleIdOf } from './rules/rule-shell/create-rule.js';

const require = createRequire(import.meta.url);
/** @type {{ name: string, version: string }} */
const { name, version } = require('./package.json');

/**
 * The one list of the plugin's rules, by id (without the `unblock/` prefix, as each rule's entry
 * gives it to createRule: the id is written once, there). Everything else that
 * names the rules — the recommended config, the bench runner's `--rule` choices, the extension's
 * settings and CodeLens titles — is derived from `plugin.rules` (see ARCHITECTURE.md, "Add a rule").
 * @type {Record<string, import('eslint').Rule.RuleModule>}
 */
const rules = Object.fromEntries([noAwaitWaterfall, noBlockingSyncCall, noLoopWaterfall].map((rule) => [ruleIdOf(rule), rule]));

/** @type {import('eslint').ESLint.Plugin & { rules: Record<string, import('eslint').Rule.RuleModule>, configs: Record<string, import('eslint').Linter.Config> }} */
const plugin = {
  meta: { name, version },
  rules,
  configs: {},
};

plugin.configs.recommended = {
  name: 'unblock/recommended',
  plugins: { unblock: plugin },
  rules: /** @type {import('eslint').Linter.RulesRecord} */ (
    Object.fromEntries(Object.keys(rules).map((id) => [`unblock/${id}`, 'warn']))
  ),
};

export default plugin;
