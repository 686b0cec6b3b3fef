/**
 * What the rules need from the linter that runs them. ESLint 8.57, 9 and 10 and oxlint (through its
 * `jsPlugins` setting) provide all of it; a linter that lacks a piece (an older oxlint, another
 * ESLint-compatible host) gets one clear warning per rule and the rule skips its files, instead
 * of a TypeError in the middle of a lint.
 */
import { noteLint, noteLintActivity } from '../project/bounds/lint-bounds.js';
import { noteCacheSettings } from '../project/cache/settings.js';

/** Methods of `context.sourceCode` the rules and their fix builders call. */
const SOURCE_CODE_METHODS = [
  'getText', 'getScope', 'getDeclaredVariables', 'getTokens', 'getTokenBefore', 'getTokenAfter',
  'getFirstToken', 'getLastToken', 'getCommentsInside', 'getCommentsBefore', 'getCommentsAfter',
];
/** Properties of `context.sourceCode` they read. Checked with `in`: some hosts compute them lazily. */
const SOURCE_CODE_PROPERTIES = ['text', 'ast', 'lines', 'scopeManager', 'visitorKeys'];
const CONTEXT_PROPERTIES = ['filename', 'cwd', 'options'];

/** What each file's source code object lacks, checked once for all the rules that lint that file. */
const checkedSources = new WeakMap();

/** What a linter that provides everything lacks: one shared empty list, so the check allocates nothing per file. */
const NOTHING_MISSING = Object.freeze(/** @type {string[]} */ ([]));

/**
 * @param {any} context a rule context
 * @returns {ReadonlyArray<string>} the missing pieces, e.g. `sourceCode.getScope()`; empty when all are there
 */
export function missingHostApis(context) {
  const sourceCode = context?.sourceCode;
  if (!sourceCode || typeof sourceCode !== 'object') return ['context.sourceCode'];
  let missingInSource = checkedSources.get(sourceCode);
  if (!missingInSource) {
    /** @type {string[] | null} */
    let missing = null;
    for (const name of SOURCE_CODE_METHODS) if (typeof sourceCode[name] !== 'function') (missing ??= []).push(`sourceCode.${name}()`);
    for (const name of SOURCE_CODE_PROPERTIES) if (!(name in sourceCode)) (missing ??= []).push(`sourceCode.${name}`);
    missingInSource = missing ?? NOTHING_MISSING;
    checkedSources.set(sourceCode, missingInSource);
  }
  /** @type {string[] | null} */
  let missingInContext = null;
  for (const name of CONTEXT_PROPERTIES) if (!(name in context)) (missingInContext ??= []).push(`context.${name}`);
  if (typeof context.report !== 'function') (missingInContext ??= []).push('context.report()');
  return missingInContext === null ? missingInSource : [...missingInSource, ...missingInContext];
}

/** Files whose cache settings are noted: the first rule of a file notes them for all (they are the lint's, not the rule's). */
const settingsNoted = new WeakSet();

/** Rules already warned about in this process: one warning each, not one per file. */
const warned = new Set();

/**
 * Wraps a rule so that, on a host missing something it needs, it warns once and reports nothing.
 * The check costs a few property lookups per file. A file the rule can report nothing in (its
 * `appliesTo` says so from the text) costs no more than that: no listeners, no lint noted.
 * @template {import('eslint').Rule.RuleModule} T
 * @param {string} id full rule id (`unblock/<id>`)
 * @param {T} rule
 * @param {{ appliesTo?: (context: import('eslint').Rule.RuleContext) => boolean, warn?: (message: string) => void }} [shell]
 *   appliesTo: false when the file's text cannot hold a report (a quick test, never a guess);
 *   warn: defaults to process.emitWarning
 * @returns {T}
 */
export function withHostCheck(id, rule, { appliesTo, warn = (message) => process.emitWarning(message, { code: 'UNBLOCK_UNSUPPORTED_LINTER' }) } = {}) {
  return {
    ...rule,
    create(context) {
      const missing = missingHostApis(context);
      if (missing.length === 0) {
        if (appliesTo && !appliesTo(context)) {
          // Still a lint: the next one must not take the time since the last analysed file for a pause.
          noteLintActivity();
          return {};
        }
        // What bounds the project index for this file: the folder it may read, its time and size budget.
        // A file too big to be hand-written is not analysed at all (one line says so).
        if (!settingsNoted.has(context.sourceCode)) {
          settingsNoted.add(context.sourceCode);
          noteCacheSettings(context);
        }
        return noteLint(context) ? rule.create(context) : {};
      }
      if (!warned.has(id)) {
        warned.add(id);
        warn(`${id} is skipped: the linter running it does not provide ${missing.join(', ')}. Run it with ESLint 8.57 or later, or oxlint 1.89 or later (jsPlugins).`);
      }
      return {};
    },
  };
}
