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
  const language = /** @type {any} */ (context).languageOptions ?? {};
  const parser = language.parser?.meta?.name ?? null;
  const settings = context.settings ?? null;
  // ESLint hands the files of one configuration the same options and settings objects: each is written down once.
  const place = `${context.cwd ?? ''}\0${parser}\0${language.sourceType ?? ''}\0${language.ecmaVersion ?? ''}`;
  let bySettings = written.get(options);
  if (!bySettings) written.set(options, (bySettings = new WeakMap()));
  const key = settings ?? NO_SETTINGS;
  let byPlace = bySettings.get(key);
  if (!byPlace) bySettings.set(key, (byPlace = new Map()));
  let text = byPlace.get(place);
  if (text === undefined) {
    text = settingText(options, settings, context.cwd ?? null, parser, language);
    byPlace.set(place, text);
  }
  return text;
}

/** @type {WeakMap<object, WeakMap<object, Map<string, string | null>>>} by options, settings, then folder and language */
const written = new WeakMap();
const NO_SETTINGS = {};

/**
 * @param {object} options
 * @param {object | null} settings
 * @param {string | null} cwd
 * @param {string | null} parser
 * @param {any} language
 */
function settingText(options, settings, cwd, parser, language) {
  try {
    return JSON.stringify([options, settings, cwd, parser, language.sourceType ?? null, language.ecmaVersion ?? null]);
  } catch {
    return null;
  }
}
