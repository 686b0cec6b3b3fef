/**
 * The one shell every Unblock rule is made with (in the spirit of typescript-eslint's
 * `createRule`): the rule writes its id, meta, defaults and `create`; the shell adds what all
 * rules must do the same way — the versioned docs link, `defaultOptions` in meta, the options
 * merged over the defaults, the host check (a linter lacking an API gets one warning, not a
 * crash), the fix-or-suggest choice of the `fix` option, and the proof every report must carry
 * (proofs.js: a report without a complete one is not made).
 */
import { docsUrl } from './docs-url.js';
import { withHostCheck } from './host-check.js';
import { createReportGates } from './report-gates.js';
import { withObservations } from './observed-runs.js';
import { withProofs } from './proofs.js';
import { verdictsOf, replayListeners, recordedListeners } from '../verdicts/kept-verdicts.js';

/**
 * @template {Record<string, any>} Options
 * @typedef {object} RuleSpec
 * @property {string} id the rule id without the `unblock/` prefix
 * @property {Omit<import('eslint').Rule.RuleMetaData, 'defaultOptions'> & { docs: { description: string, recommended?: boolean, summary: string }, bench?: import('./bench-facts.js').BenchFacts }} meta
 *   `docs.url` is added here; `docs.summary` is the few words an editor shows above a report (a CodeLens);
 *   `bench`, what unblock-bench needs to know of the rule's findings (bench-facts.js)
 * @property {Options} defaultOptions the first option object's defaults
 * @property {string} [ignoreOption] the option holding the globs of files the rule leaves alone (default `ignoreFiles`)
 * @property {(text: string, options: Options) => boolean} [appliesTo] false when a file with this text cannot hold
 *   anything the rule reports (no `await` for the waterfall rules): the file then costs no listener and no analysis.
 *   A test of the text that is certain, never a guess: a false answer silences the whole file.
 * @property {(context: import('./proofs.js').ProvenContext, options: Options, gates: import('./report-gates.js').ReportGates) => import('eslint').Rule.RuleListener} create
 */

/**
 * @template {Record<string, any>} Options
 * @param {RuleSpec<Options>} spec
 * @returns {import('eslint').Rule.RuleModule}
 */
export function createRule({ id, meta, defaultOptions, ignoreOption = 'ignoreFiles', appliesTo, create }) {
  const optionsOf = optionsMerger(defaultOptions);
  const rule = {
    meta: { ...meta, docs: { ...meta.docs, url: docsUrl(id) }, defaultOptions: [defaultOptions] },
    /** @param {import('eslint').Rule.RuleContext} context */
    create(context) {
      const options = optionsOf(context.options[0]);
      const messages = meta.messages ?? {};
      // A report passes the observations (which may drop or annotate it), then the proof check, on its way to the host.
      const reporting = withObservations(withProofs(context, messages), `unblock/${id}`, messages);
      // The verdicts an earlier run made on this same file, while everything its analysis read is unchanged (../verdicts/).
      const verdicts = verdictsOf(context, id, options);
      if (!verdicts) return create(reporting, options, createReportGates(context, options, ignoreOption));
      if (verdicts.kept) return replayListeners(verdicts.kept, reporting);
      const listeners = verdicts.during(() => create(verdicts.recordingTo(reporting), options, createReportGates(context, options, ignoreOption)));
      return recordedListeners(listeners, verdicts);
    },
  };
  const made = withHostCheck(`unblock/${id}`, rule, {
    appliesTo: appliesTo && ((context) => appliesTo(context.sourceCode.text ?? '', optionsOf(context.options[0]))),
  });
  idOf.set(made, id);
  return made;
}

/** Each rule's id, as its entry wrote it once: index.js keys the rule list by it. */
const idOf = new WeakMap();

/**
 * The id (without `unblock/`) a rule was made with, so that the rule list is keyed by what each
 * rule says and no other file writes the id again.
 * @param {import('eslint').Rule.RuleModule} rule
 * @returns {string}
 */
export function ruleIdOf(rule) {
  const id = idOf.get(rule);
  if (id === undefined) throw new TypeError('not a rule made with createRule');
  return id;
}

/**
 * The options a rule runs with: its first option object over the defaults. The last merge is kept:
 * ESLint hands every file the same object when the options are the defaults (the common case),
 * so that merge is made once, not once per file and rule; other objects are merged each time.
 * @template {Record<string, any>} Options
 * @param {Options} defaultOptions
 * @returns {(given: Partial<Options> | undefined) => Options}
 */
function optionsMerger(defaultOptions) {
  /** @type {unknown} */
  let lastGiven;
  /** @type {Options | null} */
  let lastMerged = null;
  return (given) => {
    if (lastMerged === null || given !== lastGiven) {
      lastGiven = given;
      // Frozen: one object serves every file, so no rule may change it.
      lastMerged = Object.freeze({ ...defaultOptions, ...given });
    }
    return lastMerged;
  };
}

/**
 * The fix-or-suggest choice every rule makes the same way: a rewrite is a suggestion for a reviewer
 * (it may change timing or error behaviour); with the `fix` option on (a codemod) the preferred
 * rewrite is the report's fix as well. Rewrites that must never be applied unseen pass no `fix`.
 * @param {boolean} autofix the `fix` option, and whether this rewrite may be applied unseen
 * @param {import('eslint').Rule.ReportFixer | null | undefined} fix the rewrite a codemod applies
 * @param {import('eslint').Rule.SuggestionReportDescriptor[]} suggest every rewrite, for review
 * @param {{ suggestWhenFixed?: boolean }} [policy] false: a fixed report lists no suggestions
 * @returns {{ fix?: import('eslint').Rule.ReportFixer, suggest: import('eslint').Rule.SuggestionReportDescriptor[] }}
 */
export function fixOrSuggest(autofix, fix, suggest, { suggestWhenFixed = true } = {}) {
  if (!autofix || !fix) return { suggest };
  return { fix, suggest: suggestWhenFixed ? suggest : [] };
}
