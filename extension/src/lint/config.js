// Builds the flat config the in-process Linter runs: the plugin's rules with the severity
// and options from the user's settings, and the parser for the document's language.
import { LINTED_FILE_PATTERNS } from './language.js';

/** @typedef {import('../mapping/diagnostics.js').SeveritySetting} SeveritySetting */

/**
 * @typedef {object} LintSettings
 * @property {Record<string, SeveritySetting>} severity by rule id without the `unblock/` prefix
 * @property {Record<string, unknown>} ruleOptions by rule id without the prefix: the rule's first option
 */

/**
 * @param {object} args
 * @param {{ rules: Record<string, unknown> }} args.plugin the `eslint-plugin-unblock` plugin object
 * @param {import('./language.js').LanguageSetup} args.language
 * @param {unknown} args.tsParser `@typescript-eslint/parser`
 * @param {LintSettings} args.settings
 * @param {boolean} [args.withOptions] false to lint with the rules' default options
 * @param {Record<string, unknown>} [args.sharedSettings] ESLint's shared settings (the proof collector's `unblock.onProof`)
 * @returns {import('eslint').Linter.Config[]}
 */
export function buildLintConfig({ plugin, language, tsParser, settings, withOptions = true, sharedSettings }) {
  /** @type {import('eslint').Linter.RulesRecord} */
  const rules = {};
  for (const id of Object.keys(plugin.rules)) {
    if ((settings.severity[id] ?? 'warning') === 'off') continue;
    const options = settings.ruleOptions[id];
    rules[`unblock/${id}`] = withOptions && options !== undefined ? ['warn', options] : 'warn';
  }
  /** @type {import('eslint').Linter.LanguageOptions} */
  const languageOptions = language.kind === 'ts'
    ? {
        parser: /** @type {import('eslint').Linter.Parser} */ (tsParser),
        sourceType: 'module',
        // No rule reads TypeScript's own JSDoc nodes; skipping them makes parsing a little faster.
        // The maps between ESTree and TypeScript nodes serve type-aware rules only (the Unblock rules
        // read no parserServices): not building them saves about a tenth of each lint's CPU time,
        // with the same reports (scripts/equivalence/editor-equivalence.js checks it on 2,000+ files).
        parserOptions: { ecmaFeatures: { jsx: language.jsx }, warnOnUnsupportedTypeScriptVersion: false, jsDocParsingMode: 'none', preserveNodeMaps: false },
      }
    : {
        ecmaVersion: 'latest',
        sourceType: language.sourceType,
        parserOptions: { ecmaFeatures: { jsx: language.jsx } },
      };
  return [{
    files: LINTED_FILE_PATTERNS,
    plugins: { unblock: /** @type {import('eslint').ESLint.Plugin} */ (plugin) },
    languageOptions,
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    ...(sharedSettings ? { settings: sharedSettings } : {}),
    rules,
  }];
}
