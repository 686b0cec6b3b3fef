/**
 * unblock/no-blocking-sync-call: synchronous crypto, zlib, fs and
 * child_process calls where they block requests (handlers, async functions,
 * methods, callbacks), with the awaited async form as a suggestion.
 */
import { moduleGroups } from './no-blocking-sync-call/blocking-apis.js';
import { blockingData } from './no-blocking-sync-call/report/sync-message.js';
import { findBlockingCalls } from './no-blocking-sync-call/node-module-tracker.js';
import { blocksForAWhile } from './no-blocking-sync-call/work-size.js';
import { isCheapFileCall } from './no-blocking-sync-call/file-cost.js';
import { proofEntryOf } from './rule-shell/proof-entry.js';
import { shorten } from './rule-shell/proofs.js';
import { isCachedForTheProcess } from './no-blocking-sync-call/cached-once.js';
import { createStartupClassifier, defaultStartupFiles } from './code-kind/startup-code.js';
import { buildSyncToAsyncFix } from './no-blocking-sync-call/report/sync-to-async.js';
import { createRule, fixOrSuggest } from './rule-shell/create-rule.js';
import { reachabilityOf, reachedOnlyFromTests, lintedTreeOf } from './project/callers/reachability.js';
import { enclosingFunction } from './language/syntax/ast.js';
import { withOtherRoutes } from './code-kind/known-route.js';
import { routeNote } from './rule-shell/route-note.js';
import { packageNames } from './no-blocking-sync-call/package-apis.js';
import { findPackageCalls } from './no-blocking-sync-call/package-calls.js';
import { describePackageCall, packageMessageIds } from './no-blocking-sync-call/report/package-rewrites.js';

/**
 * @typedef {import('./language/syntax/ast.js').Node} Node
 */

/** @typedef {import('./no-blocking-sync-call/blocking-apis.js').BlockingApi} BlockingApi */

/**
 * @typedef {object} Options
 * @property {Array<'crypto' | 'zlib' | 'fs' | 'child_process'>} modules module groups to check
 * @property {string[]} packages npm packages to check (see no-blocking-sync-call/package-apis.js)
 * @property {string[]} ignore API names (`statSync`), module paths (`fs.statSync`) or callee texts (`this.fs.statSync`) to leave alone
 * @property {string[]} startupFiles globs of files that only run at start-up or as scripts
 * @property {number} smallRandomSize byte count up to which `randomBytes`/`randomFillSync` counts as cheap
 * @property {boolean} includeCheap also report cheap calls (`existsSync`, small random sizes, `randomInt`)
 * @property {boolean} includeUnknownCallers also report calls whose callers do not show that they run per request or job
 * @property {boolean} fix apply the rewrite as an autofix instead of offering it as a suggestion
 */

/** @type {Options} */
const defaults = {
  modules: [...moduleGroups],
  packages: [...packageNames],
  ignore: [],
  startupFiles: [...defaultStartupFiles],
  smallRandomSize: 1024,
  includeCheap: false,
  includeUnknownCallers: false,
  fix: false,
};

/** A codemod run of this rule applies the one rewrite and lists nothing else to review. */
const CODEMOD_POLICY = { suggestWhenFixed: false };

const stringList = { type: 'array', items: { type: 'string', minLength: 1 }, uniqueItems: true };

export default createRule({
  id: 'no-blocking-sync-call',
  defaultOptions: defaults,
  // A file that never names one of the modules or packages as a string cannot import it.
  appliesTo: (text, options) => specifierPatternsOf(options).either.test(text),
  // Files that only run at start-up or as scripts: the rule leaves them alone.
  ignoreOption: 'startupFiles',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow synchronous crypto, zlib, fs and child_process calls in code that serves requests',
      recommended: true,
      summary: 'Blocks the event loop',
    },
    // What unblock-bench predicts and measures for a report (core/rule-shell/bench-facts.js): the
    // async twin moves the work off the JS thread; observe times the call on that thread; a
    // report on an npm package's call needs the package itself, which the function bench replaces.
    bench: { ideal: 'offload', observe: 'blocking', packageCalls: packageMessageIds },
    hasSuggestions: true,
    fixable: 'code',
    schema: [
      {
        type: 'object',
        properties: {
          modules: { type: 'array', items: { enum: [...moduleGroups] }, uniqueItems: true },
          packages: { type: 'array', items: { enum: [...packageNames] }, uniqueItems: true },
          ignore: stringList,
          startupFiles: stringList,
          smallRandomSize: { type: 'integer', minimum: 0 },
          includeCheap: { type: 'boolean' },
          includeUnknownCallers: {
            type: 'boolean',
            description:
              'Also report calls in functions whose callers do not show that they run per request or job (no caller found in the project, or one the analysis cannot follow). Start-up code stays silent.',
          },
          fix: { type: 'boolean' },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      blocking: '{{api}} {{why}}; use {{replacement}} instead{{observed}}.',
      blockingNoAwait: '{{api}} {{why}}; in an async function, use {{replacement}}{{observed}}.',
      useAsync: 'Replace with {{preview}}.',
      packageBlocking: '{{api}}() {{why}}, so no other request is served until it returns{{route}}. Use {{replacement}}{{observed}}.',
      bcryptjsBlocking:
        '{{api}}() {{why}}{{cost}}, so no other request is served until it returns{{route}}. Its async form, {{asyncForm}}, is no cure: it yields to other requests only after each 100 ms of work{{slices}}. Use {{replacement}}, or run it on a worker thread{{observed}}.',
      bcryptjsAsyncBlocking:
        '{{api}}() {{why}}{{cost}}: its asynchronous form runs the same work on the main thread, yielding to other requests only after each 100 ms of it{{slices}}{{route}}. Use {{replacement}}, or run it on a worker thread{{observed}}.',
      offloadToWorker:
        '{{api}}() {{why}}, and it has no asynchronous form{{note}}{{route}}. Run it on a worker pool (piscina){{alternative}}, so the event loop keeps serving{{observed}}.',
      usePackageAsync: 'Replace with {{preview}}{{note}}.',
    },
  },

  create(context, options, gates) {
    const { sourceCode } = context;

    /** @type {any[]} */
    const dynamicImports = [];
    /** @type {any[]} */
    const importEquals = [];
    const ignored = new Set(options.ignore.map((entry) => entry.replace(/\s+/g, '')));

    return {
      ImportExpression(node) {
        dynamicImports.push(node);
      },
      // @ts-ignore -- TypeScript-only node, absent from ESLint's core node types
      TSImportEqualsDeclaration(/** @type {any} */ node) {
        importEquals.push(node);
      },
      'Program:exit'() {
        // A file that never names one of the modules as a string cannot import it: skip tracking.
        const patterns = specifierPatternsOf(options);
        const names = patterns.modules.test(sourceCode.text);
        const namesPackage = patterns.packages.test(sourceCode.text);
        if (!names && !namesPackage) return;
        const calls = names ? findBlockingCalls(sourceCode, { modules: options.modules, dynamicImports, importEquals }) : [];
        const packageCalls = namesPackage ? findPackageCalls(sourceCode, { ...options, dynamicImports, importEquals }) : [];
        // Asked only now: most files have no blocking call, and matching globs costs more than finding that out.
        if ((calls.length === 0 && packageCalls.length === 0) || gates.ignoredFile()) return;
        const isStartup = createStartupClassifier(sourceCode);
        const linted = lintedTreeOf(sourceCode);
        // Callers across the project decide what this file alone cannot: start-up code is silent, a route is named.
        const runsOnRequest = (/** @type {any} */ node) => {
          if (isStartup(node)) return null;
          const runner = enclosingFunction(node);
          const runs = whereItRuns(context.filename, runner, linted);
          if (runs.kind === 'request') return routeNote(withOtherRoutes(context.filename, runner, runs, linted), context.cwd);
          // A test helper (only test files import it) is not a request path either.
          return runs.kind === 'unknown' && options.includeUnknownCallers && !reachedOnlyFromTests(context.filename, linted) ? '' : null;
        };
        for (const call of packageCalls) {
          if (isIgnored(sourceCode, call.node, { module: call.api.package, name: call.api.path.join('.') }, ignored)) continue;
          const route = runsOnRequest(call.node);
          if (route !== null) reportPackageCall(context, call, options, route, blockingProof(context, call.node, `${call.api.package}.${call.api.path.join('.')}`, call.api.why));
        }
        for (const { node, api, moduleId } of calls) {
          if (isIgnored(sourceCode, node, api, ignored) || !blocksForAWhile(sourceCode, node, api, options, context.filename, linted)) continue;
          // One inode, or the program's own small file: true, but not worth acting on.
          if (!options.includeCheap && isCheapFileCall(sourceCode, node, api, context.filename)) continue;
          if (isCachedForTheProcess(sourceCode, node)) continue;
          const route = runsOnRequest(node);
          if (route !== null) report(context, node, api, moduleId, options, route, blockingProof(context, node, `${api.module}.${api.name}`, COST_WORDS[api.cost]));
        }
      },
    };
  },
});

/** @type {WeakMap<object, { modules: RegExp, packages: RegExp, either: RegExp }>} by the rule's options (one object per option set) */
const specifierPatterns = new WeakMap();

/**
 * How an import or require of the option's modules, of its packages, or of either must appear in the text.
 * @param {{ modules: ReadonlyArray<string>, packages: ReadonlyArray<string> }} options
 */
function specifierPatternsOf(options) {
  let patterns = specifierPatterns.get(options);
  if (!patterns) {
    patterns = { modules: specifierPattern(options.modules), packages: specifierPattern(options.packages), either: specifierPattern([...options.modules, ...options.packages]) };
    specifierPatterns.set(options, patterns);
  }
  return patterns;
}

/**
 * `'fs'`, `"node:fs"`, `'fs/promises'`…: how any import or require of the names must appear in the text.
 * No names (`modules: []`) match nothing: an empty alternation would match every `''` in the file.
 * @param {ReadonlyArray<string>} names
 */
function specifierPattern(names) {
  if (names.length === 0) return /(?!)/;
  return new RegExp(`['"\`](?:node:)?(?:${names.join('|')})(?:/[\\w/]*)?['"\`]`);
}

/**
 * @param {import('./rule-shell/proofs.js').ProvenContext} context
 * @param {import('./no-blocking-sync-call/package-calls.js').PackageCall} call
 * @param {Options} options
 * @param {string} route where it is reached from (` (reached from POST /login in routes.js)`), or ''
 * @param {import('./rule-shell/proofs.js').Proof} proof
 */
function reportPackageCall(context, call, options, route, proof) {
  const described = describePackageCall(context.sourceCode, call, { filename: context.filename, cwd: context.cwd });
  const { messageId, rewrites } = described;
  /** @type {Record<string, string>} */
  const data = { ...described.data, route };
  // Two asides in a row read badly: "(its callback form …) (reached from …)" becomes one.
  if (route && data.note?.endsWith(')')) {
    data.note = `${data.note.slice(0, -1)}; ${route.trim().slice(1)}`;
    data.route = '';
  }
  const suggest = rewrites.map((r) => ({ messageId: 'usePackageAsync', data: { preview: r.preview, note: r.note }, fix: r.fix }));
  context.report({ node: call.node, messageId, data, proof, ...fixOrSuggest(options.fix, rewrites[0]?.fix, suggest, CODEMOD_POLICY) });
}

/**
 * @param {import('./rule-shell/proofs.js').ProvenContext} context
 * @param {any} node
 * @param {BlockingApi} api
 * @param {string} moduleId
 * @param {Options} options
 * @param {string} route where it is reached from, when a handler in another file shows it (` (reached from POST /login in routes.js)`)
 * @param {import('./rule-shell/proofs.js').Proof} proof
 */
function report(context, node, api, moduleId, options, route, proof) {
  const rewrite = buildSyncToAsyncFix(context.sourceCode, node, api, moduleId);
  const data = blockingData(context.sourceCode, node, api, rewrite ? rewrite.preview : null, route);
  if (!rewrite) {
    const messageId = api.fix !== 'none' && !isInAsyncFunction(node) ? 'blockingNoAwait' : 'blocking';
    context.report({ node, messageId, data, proof });
  } else {
    const suggest = [{ messageId: 'useAsync', data: { preview: rewrite.preview }, fix: rewrite.fix }];
    context.report({ node, messageId: 'blocking', data, proof, ...fixOrSuggest(options.fix, rewrite.fix, suggest, CODEMOD_POLICY) });
  }
}

/** What each cost class does to the event loop, for a proof. */
const COST_WORDS = {
  cpu: 'computes on the main thread: no other request is served until it returns',
  io: 'waits for the disk on the main thread, for as long as the file it reads or writes takes',
  process: 'waits on the main thread until a child process exits',
  cheap: 'a short wait on the main thread (reported because includeCheap is on)',
};

/**
 * A blocking call's proof: where it runs per request, the call, and what it costs there.
 * @param {import('./rule-shell/proofs.js').ProvenContext} context
 * @param {any} node the call
 * @param {string} api the API it calls (`crypto.pbkdf2Sync`, `bcryptjs.compareSync`)
 * @param {string} cost what it costs, in words
 * @returns {import('./rule-shell/proofs.js').Proof}
 */
function blockingProof(context, node, api, cost) {
  const { sourceCode } = context;
  return {
    ...proofEntryOf(context.filename, node, lintedTreeOf(sourceCode), context.cwd),
    operations: [{ code: shorten(sourceCode.getText(node)), effect: `${api}: blocks the event loop` }],
    why: cost,
  };
}

/**
 * Where the function around a call runs, from its callers across the project
 * (or, with no project index, within the linted file).
 * @param {string} filename
 * @param {any} runner the function around the call (its enclosingFunction)
 * @param {import('./project/callers/reachability.js').LintedTree} linted
 * @returns {import('./project/callers/reachability.js').Reachability}
 */
function whereItRuns(filename, runner, linted) {
  if (!runner || runner.type === 'Program') return { kind: 'unknown' };
  return reachabilityOf(filename, runner, linted);
}

/** @param {Node} node */
function isInAsyncFunction(node) {
  return enclosingFunction(node)?.async === true;
}

/**
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} node
 * @param {{ module: string, name: string }} api
 * @param {Set<string>} ignored
 */
function isIgnored(sourceCode, node, api, ignored) {
  if (ignored.size === 0) return false;
  const calleeText = sourceCode.getText(node.callee).replace(/\s+/g, '');
  return ignored.has(api.name) || ignored.has(`${api.module}.${api.name}`) || ignored.has(`node:${api.module}.${api.name}`) || ignored.has(calleeText);
}
