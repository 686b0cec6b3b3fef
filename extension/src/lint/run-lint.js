// Runs ESLint's Linter on one document's text with the plugin, for any Linter/plugin/parser
// handed in (the bundle passes the real ones; unit tests pass them from the repo). Never
// throws for user code: a text that does not parse comes back as `parseError`.
import path from 'node:path';
import { buildLintConfig } from './config.js';
import { languageSetup, lintFileName } from './language.js';
import { findParseError } from '../mapping/diagnostics.js';

/**
 * @typedef {object} LintResult
 * @property {import('../mapping/diagnostics.js').LintMessage[]} messages the plugin's reports (none when the text does not parse)
 * @property {{ message: string, line: number, column: number } | undefined} parseError
 * @property {string | undefined} configError set when the rule options from the settings were invalid
 *   (the lint then ran with the rules' defaults)
 * @property {string[]} [warnings] one line each: the file was too big, or took too long, for the cross-file
 *   analysis, and was analysed on its own
 */

/**
 * @param {object} deps
 * @param {typeof import('eslint').Linter} deps.Linter
 * @param {{ rules: Record<string, { meta?: { docs?: { url?: string, summary?: string } } }> }} deps.plugin
 * @param {() => unknown} deps.loadTsParser called the first time a TypeScript document is linted
 * @param {typeof import('eslint-plugin-unblock/tooling').planWorkerOffloads} [deps.planWorkerOffloads]
 *   plans the two-file worker rewrite for `offloadToWorker` reports (an ESLint fix cannot create the file)
 * @param {(listener: (message: string) => void) => () => void} [deps.onLintWarning] collects the plugin's
 *   budget warnings during a lint (they are returned with the result instead of printed)
 * @param {(message: import('../mapping/diagnostics.js').LintMessage) => boolean} [deps.benchMeasures] whether
 *   "Benchmark this function" can measure a report (the bench's own predicate): the CodeLens is offered only then
 * @param {typeof import('eslint-plugin-unblock/tooling').createProofCollector} [deps.createProofCollector] collects each
 *   report's proof, which the hover shows as "Why this warning"
 */
export function createLintRunner({ Linter, plugin, loadTsParser, planWorkerOffloads, onLintWarning, benchMeasures, createProofCollector }) {
  /** One Linter per workspace folder: its cwd is what ignore globs are relative to, and where the project index starts. */
  /** @type {Map<string, InstanceType<typeof Linter>>} */
  const linters = new Map();
  const linterFor = (/** @type {string} */ cwd) => {
    let found = linters.get(cwd);
    if (!found) {
      found = new Linter({ configType: 'flat', ...(cwd ? { cwd } : {}) });
      linters.set(cwd, found);
    }
    return found;
  };

  /** Rule docs links and CodeLens titles by full id (`unblock/<id>`), from each rule's meta. */
  const docsUrls = Object.fromEntries(Object.entries(plugin.rules).map(([id, rule]) => [`unblock/${id}`, rule.meta?.docs?.url]));
  const summaries = Object.fromEntries(Object.entries(plugin.rules).map(([id, rule]) => [`unblock/${id}`, rule.meta?.docs?.summary]));

  /**
   * @param {string} text
   * @param {object} args
   * @param {string} args.fileName the workspace-relative path or bare name of the document
   * @param {string} [args.cwd] the workspace folder on disk: the file is then linted under its absolute path, so the
   *   project index can read the files it imports and its callers
   * @param {string} args.languageId VS Code language id
   * @param {import('./config.js').LintSettings} args.settings
   * @returns {LintResult | undefined} undefined for documents this engine does not lint
   */
  function lintText(text, { fileName, languageId, settings, cwd = '' }) {
    const language = languageSetup(fileName, languageId);
    if (!language) return undefined;
    /** @type {string[]} */
    const warnings = [];
    const stopListening = onLintWarning?.((message) => warnings.push(message));
    try {
      // The retry as a script lints the text again: the same warning once.
      return { ...lintWith(text, { fileName, languageId, settings, cwd }, language), ...(warnings.length > 0 ? { warnings: [...new Set(warnings)] } : {}) };
    } finally {
      stopListening?.();
    }
  }

  /**
   * @param {string} text
   * @param {{ fileName: string, languageId: string, settings: import('./config.js').LintSettings, cwd: string }} args
   * @param {import('./language.js').LanguageSetup} language
   * @returns {LintResult}
   */
  function lintWith(text, { fileName, settings, cwd }, language) {
    const filename = cwd ? path.join(cwd, lintFileName(fileName, language)) : lintFileName(fileName, language);
    const linter = linterFor(cwd);
    const tsParser = language.kind === 'ts' ? loadTsParser() : undefined;
    // One collector per verify: a retry (without options, or as a script) must not keep the proofs of the run it replaces.
    let proofs = createProofCollector?.();
    const run = (/** @type {boolean} */ withOptions, /** @type {'module' | 'commonjs'} */ sourceType) => {
      proofs = createProofCollector?.();
      return linter.verify(
        text,
        buildLintConfig({ plugin, language: { ...language, sourceType }, tsParser, settings, withOptions, sharedSettings: proofs?.settings }),
        { filename },
      );
    };
    /** @type {string | undefined} */
    let configError;
    let messages;
    try {
      messages = run(true, language.sourceType);
    } catch (error) {
      // ESLint checks rule options against each rule's schema and throws on a mismatch. If
      // it throws again without the options, it is a bug in a rule: let the caller log it.
      configError = error instanceof Error ? error.message : String(error);
      messages = run(false, language.sourceType);
    }
    let fatal = findParseError(messages);
    // A `.js` file may be CommonJS (top-level return…): retry as a script before calling it broken.
    if (fatal && language.kind === 'js' && language.sourceType === 'module') {
      const asScript = run(configError === undefined, 'commonjs');
      if (!findParseError(asScript)) {
        messages = asScript;
        fatal = undefined;
      }
    }
    if (!fatal && planWorkerOffloads) {
      // The source code of the last verify, which produced `messages`.
      for (const [message, offload] of planWorkerOffloads(linter.getSourceCode(), messages, { filename })) {
        /** @type {any} */ (message).offload = offload;
      }
    }
    if (!fatal && proofs) {
      for (const message of messages) {
        const why = proofs.linesFor(message);
        if (why) /** @type {any} */ (message).why = why;
      }
    }
    if (!fatal && benchMeasures) {
      for (const message of messages) /** @type {any} */ (message).benchable = benchMeasures(/** @type {any} */ (message));
    }
    return {
      messages: fatal ? [] : /** @type {import('../mapping/diagnostics.js').LintMessage[]} */ (messages),
      parseError: fatal ? { message: fatal.message, line: fatal.line, column: fatal.column } : undefined,
      configError,
    };
  }

  return { lintText, docsUrls, summaries, ruleIds: Object.keys(plugin.rules) };
}
