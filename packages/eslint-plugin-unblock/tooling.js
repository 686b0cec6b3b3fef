/**
 * `eslint-plugin-unblock/tooling` — what the tools built on the rules (the VS Code extension, the
 * bench runner) need from them besides the plugin itself. The only door into the rules' insides:
 * tools import from here, never from a file under rules/, so the rules can be regrouped freely.
 *
 * - planWorkerOffloads(sourceCode, messages, { filename }): for each `offloadToWorker` report of
 *   the blocking-call rule, the two-file rewrite (a new worker module and the edits that
 *   call it through a piscina pool). An ESLint fix cannot create a file, so the editor's code
 *   action and the bench's "after" variant apply these plans themselves.
 * - forgetProjectFile(file): tells the project index that a file was saved, created, renamed or
 *   deleted, so a long-lived host (the editor) re-reads it and what depends on it.
 * - onLintWarning(listener): hands the one-line warnings of a lint (a file too big or too slow for
 *   the cross-file analysis, a native helper that did not load) to `listener` instead of printing
 *   them as process warnings, until the returned function is called; the editor writes them to its log.
 * - packageMessageIds: the message ids of the blocking-call rule's reports on npm-package calls
 *   (bcrypt, bcryptjs, pako…), which the bench's function harness cannot run for real; the rule
 *   declares them in its `meta.bench.packageCalls` too, which is what the bench reads.
 * - benchFactsOf(plugin, ruleId): what a rule declares for the bench in `meta.bench` (BenchFacts:
 *   how its ideal gain is predicted, what observe measures for it, which reports the function
 *   harness cannot measure). The bench asks this and holds no rule id.
 * - observedFileIn(root), readObservations(json), and the types of `.unblock/observed.json`
 *   (ObservedFile and its parts): the file's one format, which observe writes and the rules read.
 * - FIXTURE_FILE, the field lists and the types of unblock-bench's `fixture.json` (FixtureSpec,
 *   RouteSpec, IdealSpec): the file's one format, which the bench validates and the rules read
 *   the server factory of.
 * - describeAwaitSites(sourceCode, filename, options): every await of a linted file, the function
 *   it runs in, and for two awaits of one function whether the waterfall analysis lets them start
 *   together (and why not). `unblock-bench observe` uses it to tell, of the awaits it saw wait one
 *   after another, which could have overlapped: the rule's own answer, not a second opinion.
 * - nestingWithin(text): whether a text is shallow enough to hand to oxc-parser, whose stack
 *   overflow is a crash of the process, not an exception; the editor's parser asks before parsing.
 * - createProofCollector(): the proofs of one lint, for a host that shows them beside the messages
 *   (the editor's "Why this warning"): its `settings` go into the Linter's config, `linesFor(message)`
 *   gives a message's proof as lines.
 */
export { planWorkerOffloads } from './rules/no-blocking-sync-call/report/worker-offload.js';
export { packageMessageIds } from './rules/no-blocking-sync-call/report/package-rewrites.js';
export { forgetProjectFile, onLintWarning } from './rules/project/index.js';
export { describeAwaitSites } from './rules/no-await-waterfall/await-sites.js';
export { nestingWithin } from './rules/project/modules/nesting-depth.js';
export { benchFactsOf } from './rules/rule-shell/bench-facts.js';
export { createProofCollector } from './rules/rule-shell/proof-collector.js';
export { observedFileIn, readObservations } from './rules/rule-shell/observed-schema.js';
export { FIXTURE_FILE, TOP_KEYS, LOAD_KEYS, ROUTE_KEYS, IDEAL_KEYS, IDEAL_KINDS } from './rules/project/frameworks/apps/fixture-schema.js';

/** @typedef {import('./rules/no-blocking-sync-call/report/worker-offload.js').WorkerOffload} WorkerOffload */
/** @typedef {import('./rules/no-await-waterfall/await-sites.js').AwaitSites} AwaitSites */
/** @typedef {import('./rules/rule-shell/bench-facts.js').BenchFacts} BenchFacts */
/** @typedef {import('./rules/rule-shell/observed-schema.js').ObservedFile} ObservedFile */
/** @typedef {import('./rules/rule-shell/observed-schema.js').ObservedFinding} ObservedFinding */
/** @typedef {import('./rules/rule-shell/observed-schema.js').ObservedKind} ObservedKind */
/** @typedef {import('./rules/rule-shell/observed-schema.js').ObservedSettings} ObservedSettings */
/** @typedef {import('./rules/rule-shell/observed-schema.js').ObservedStartupFunction} ObservedStartupFunction */
/** @typedef {import('./rules/rule-shell/observed-schema.js').ObservedServedFunction} ObservedServedFunction */
/** @typedef {import('./rules/project/frameworks/apps/fixture-schema.js').FixtureSpec} FixtureSpec */
/** @typedef {import('./rules/project/frameworks/apps/fixture-schema.js').RouteSpec} RouteSpec */
/** @typedef {import('./rules/project/frameworks/apps/fixture-schema.js').IdealSpec} IdealSpec */
