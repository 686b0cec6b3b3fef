/**
 * What a rule's reports on a file depend on besides the file's text and what the analysis read
 * elsewhere: the rule's options, ESLint's shared settings, the folder ESLint runs in (proofs name
 * files relative to it) and the language (parser, source type, ECMAScript version). Two lints with
 * the same setting and the same inputs make the same reports (kept-verdicts.js, ../reuse/unit-reuse.js).
 */

/**
 * The setting as text; null when it cannot be written down (a setting that is not plain data).
 * Functions in the settings (the editor's `onProof`) are left out: they say where proofs go, not what is reported.
 * @param {import('eslint').Rule.RuleContext} context
 * @param {object} options the rule's options
 * @returns {string | null}
 */
export function lintSetting(context, options) {
  try {
    const language = /** @type {any} */ (context).languageOptions ?? {};
    const parser = language.parser?.meta?.name ?? null;
    return JSON.stringify([options, context.settings ?? null, context.cwd ?? null, parser, language.sourceType ?? null, language.ecmaVersion ?? null]);
  } catch {
    return null;
  }
}
