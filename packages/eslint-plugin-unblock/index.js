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

/** Every rule at `warn`, the one rule list both configs share. */
const recommendedRules = /** @type {import('eslint').Linter.RulesRecord} */ (
  Object.fromEntries(Object.keys(rules).map((id) => [`unblock/${id}`, 'warn']))
);

/**
 * @type {import('eslint').ESLint.Plugin & {
 *   rules: Record<string, import('eslint').Rule.RuleModule>,
 *   configs: { recommended: import('eslint').Linter.Config, 'recommended-legacy': import('eslint').Linter.LegacyConfig }
 * }}
 */
const plugin = {
  meta: { name, version },
  rules,
  configs: {
    recommended: { name: 'unblock/recommended', rules: recommendedRules },
    // For eslintrc (ESLint 8, or 9 with ESLINT_USE_FLAT_CONFIG=false): `extends: ['plugin:unblock/recommended-legacy']`.
    // eslintrc defaults to ES5, where `async`/`await` do not parse.
    'recommended-legacy': { plugins: ['unblock'], parserOptions: { ecmaVersion: 'latest' }, rules: recommendedRules },
  },
};
// A flat config carries the plugin object itself, which exists only now.
plugin.configs.recommended.plugins = { unblock: plugin };

export default plugin;
// What `require('eslint-plugin-unblock')` returns (Node's require of an ES module, which ESLint 8's
// eslintrc uses to load `plugin:unblock/…`): the plugin itself, not a namespace holding `default`.
export { plugin as 'module.exports' };
