import { createRequire } from 'node:module';
import noAwaitWaterfall from './rules/no-await-waterfall.js';
import noBlockingSyncCall from './rules/no-blocking-sync-call.js';
import noLoopWaterfall from './rules/no-loop-waterfall.js';
import { withHostCheck } from './rules/core/rule-shell/host-check.js';

const require = createRequire(import.meta.url);
/** @type {{ name: string, version: string }} */
const { name, version } = require('./package.json');

/**
 * Every rule the plugin ships, by id (without the `unblock/` prefix). Each is wrapped so that a
 * linter lacking an API the rules need (see rules/core/rule-shell/host-check.js) gets a clear warning, not a crash.
 */
const rules = Object.fromEntries(Object.entries({
  'no-await-waterfall': noAwaitWaterfall,
  'no-blocking-sync-call': noBlockingSyncCall,
  'no-loop-waterfall': noLoopWaterfall,
}).map(([id, rule]) => [id, withHostCheck(`unblock/${id}`, rule)]));

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
