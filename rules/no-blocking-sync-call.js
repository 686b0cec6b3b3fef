/**
 * unblock/no-blocking-sync-call: synchronous crypto, zlib, fs and
 * child_process calls where they block requests (handlers, async functions,
 * methods, callbacks), with the awaited async form as a suggestion.
 */
import { getStaticValue } from '@eslint-community/eslint-utils';
import { moduleGroups } from './no-blocking-sync-call/blocking-apis.js';
import { blockingData } from './no-blocking-sync-call/report/sync-message.js';
import { findBlockingCalls } from './no-blocking-sync-call/node-module-tracker.js';
import { createStartupClassifier, defaultStartupFiles } from './core/code-kind/startup-code.js';
import { buildSyncToAsyncFix } from './no-blocking-sync-call/report/sync-to-async.js';
import { createRule, fixOrSuggest } from './core/rule-shell/create-rule.js';
import { getProjectIndex } from './project/index.js';
import { reachabilityOf } from './project/callers/reachability.js';
import { enclosingFunction } from './core/syntax/ast.js';
import path from 'node:path';
import { packageNames } from './no-blocking-sync-call/package-apis.js';
import { findPackageCalls } from './no-blocking-sync-call/package-calls.js';
import { describePackageCall } from './no-blocking-sync-call/report/package-rewrites.js';

/** @typedef {import('./no-blocking-sync-call/blocking-apis.js').BlockingApi} BlockingApi */

/**
 * @typedef {object} Options
 * @property {Array<'crypto' | 'zlib' | 'fs' | 'child_process'>} modules module groups to check
 * @property {string[]} packages npm packages to check (see no-blocking-sync-call/package-apis.js)
 * @property {string[]} ignore API names (`statSync`), module paths (`fs.statSync`) or callee texts (`this.fs.statSync`) to leave alone
 * @property {string[]} startupFiles globs of files that only run at start-up or as scripts
 * @property {number} smallRandomSize byte count up to which `randomBytes`/`randomFillSync` counts as cheap
 * @property {boolean} includeCheap also report cheap calls (`existsSync`, small random sizes, `randomInt`)
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
  fix: false,
};

/** A codemod run of this rule applies the one rewrite and lists nothing else to review. */
const CODEMOD_POLICY = { suggestWhenFixed: false };

const stringList = { type: 'array', items: { type: 'string', minLength: 1 }, uniqueItems: true };

export default createRule({
  id: 'no-blocking-sync-call',
  defaultOptions: defaults,
  // Files that only run at start-up or as scripts: the rule leaves them alone.
  ignoreOption: 'startupFiles',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow synchronous crypto, zlib, fs and child_process calls in code that serves requests',
      recommended: true,
      summary: 'Blocks the event loop',
    },
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
          fix: { type: 'boolean' },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      blocking: '{{api}} {{why}}; use {{replacement}} instead.',
      blockingNoAwait: '{{api}} {{why}}; in an async function, use {{replacement}}.',
      useAsync: 'Replace with {{preview}}.',
      packageBlocking: '{{api}}() {{why}}, so no other request is served until it returns. Use {{replacement}}.',
      packageTimeSliced:
        '{{api}}() {{why}}, so no other request is served until it returns. Its async form, {{replacement}}, slices the same work with setImmediate: the event loop stays responsive, but throughput does not grow. For that, use bcrypt (native, on the libuv thread pool) or node:crypto scrypt.',
      offloadToWorker:
        '{{api}}() {{why}}, and it has no asynchronous form{{note}}. Run it on a worker pool (piscina){{alternative}}, so the event loop keeps serving.',
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
        const names = moduleSpecifierPattern(options.modules).test(sourceCode.text);
        const namesPackage = moduleSpecifierPattern(options.packages).test(sourceCode.text);
        if (!names && !namesPackage) return;
        const calls = names ? findBlockingCalls(sourceCode, { modules: options.modules, dynamicImports, importEquals }) : [];
        const packageCalls = namesPackage ? findPackageCalls(sourceCode, { ...options, dynamicImports, importEquals }) : [];
        // Asked only now: most files have no blocking call, and matching globs costs more than finding that out.
        if ((calls.length === 0 && packageCalls.length === 0) || gates.ignoredFile()) return;
        const isStartup = createStartupClassifier(sourceCode);
        for (const call of packageCalls) {
          const ignoredCall = isIgnored(sourceCode, call.node, { module: call.api.package, name: call.api.path.join('.') }, ignored);
          if (!ignoredCall && !isStartup(call.node) && whereItRuns(context.filename, call.node).kind !== 'startup') {
            reportPackageCall(context, call, options);
          }
        }
        for (const { node, api, moduleId } of calls) {
          if (isIgnored(sourceCode, node, api, ignored)) continue;
          if (!blocksForAWhile(sourceCode, node, api, options, context.filename)) continue;
          if (isStartup(node)) continue;
          // Callers in other files decide what this file alone cannot: start-up code is silent, a route is named.
          const runs = whereItRuns(context.filename, node);
          if (runs.kind === 'startup') continue;
          report(context, node, api, moduleId, options, runs.kind === 'request' ? routeNote(runs, context.cwd) : '');
        }
      },
    };
  },
});

/** @type {Map<string, RegExp>} */
const specifierPatterns = new Map();

/**
 * `'fs'`, `"node:fs"`, `'fs/promises'`…: how any import or require of the modules must appear in the text.
 * @param {ReadonlyArray<string>} modules
 */
function moduleSpecifierPattern(modules) {
  const key = modules.join('|');
  let pattern = specifierPatterns.get(key);
  if (!pattern) {
    pattern = new RegExp(`['"\`](?:node:)?(?:${key})(?:/[\\w/]*)?['"\`]`);
    specifierPatterns.set(key, pattern);
  }
  return pattern;
}

/**
 * @param {import('eslint').Rule.RuleContext} context
 * @param {import('./no-blocking-sync-call/package-calls.js').PackageCall} call
 * @param {Options} options
 */
function reportPackageCall(context, call, options) {
  const { messageId, data, rewrites } = describePackageCall(context.sourceCode, call, { filename: context.filename, cwd: context.cwd });
  const suggest = rewrites.map((r) => ({ messageId: 'usePackageAsync', data: { preview: r.preview, note: r.note }, fix: r.fix }));
  context.report({ node: call.node, messageId, data, ...fixOrSuggest(options.fix, rewrites[0]?.fix, suggest, CODEMOD_POLICY) });
}

/**
 * @param {import('eslint').Rule.RuleContext} context
 * @param {any} node
 * @param {BlockingApi} api
 * @param {string} moduleId
 * @param {Options} options
 * @param {string} route where it is reached from, when a handler in another file shows it (` (reached from POST /login in routes.js)`)
 */
function report(context, node, api, moduleId, options, route) {
  const rewrite = buildSyncToAsyncFix(context.sourceCode, node, api, moduleId);
  const base = blockingData(context.sourceCode, node, api, rewrite ? rewrite.preview : null);
  const data = { ...base, why: `${base.why}${route}` };
  if (!rewrite) {
    const messageId = api.fix !== 'none' && !isInAsyncFunction(node) ? 'blockingNoAwait' : 'blocking';
    context.report({ node, messageId, data });
  } else {
    const suggest = [{ messageId: 'useAsync', data: { preview: rewrite.preview }, fix: rewrite.fix }];
    context.report({ node, messageId: 'blocking', data, ...fixOrSuggest(options.fix, rewrite.fix, suggest, CODEMOD_POLICY) });
  }
}

/**
 * Where the function around a call runs, from its callers across the project.
 * @param {string} filename
 * @param {any} node
 */
function whereItRuns(filename, node) {
  const runner = enclosingFunction(node);
  if (!runner || runner.type === 'Program' || !path.isAbsolute(filename)) return /** @type {const} */ ({ kind: 'unknown' });
  return reachabilityOf(filename, runner);
}

/**
 * @param {{ label: string, file: string }} route
 * @param {string} cwd
 */
function routeNote(route, cwd) {
  const file = path.relative(cwd, route.file).split(path.sep).join('/');
  return ` (reached from ${route.label} in ${file.startsWith('..') ? path.basename(route.file) : file})`;
}

/** @param {any} node */
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

/**
 * False for calls that are not blocking at all (a callback was passed) or
 * cheap enough not to matter unless `includeCheap` is set.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} node
 * @param {BlockingApi} api
 * @param {Options} options
 * @param {string} filename
 */
function blocksForAWhile(sourceCode, node, api, options, filename) {
  const args = node.arguments;
  if (api.when === 'withoutCallback') {
    const last = args.at(-1);
    // No arguments throws; a spread hides whether a callback is there.
    if (!last || last.type === 'SpreadElement') return false;
    if (last.type === 'FunctionExpression' || last.type === 'ArrowFunctionExpression') return false;
    // randomBytes(size, cb): a second argument can only be the callback.
    if (api.name === 'randomBytes' && args.length >= 2) return false;
    // randomInt(max, cb) and randomInt(min, max) look alike; a non-number last argument is a callback.
    if (api.name === 'randomInt' && last.type === 'Identifier' && !isNumber(sourceCode, last)) return false;
  }
  if (options.includeCheap) return true;
  if (api.cost === 'cheap') return false;
  if (api.sizeArg) {
    const size = workSize(sourceCode, node, api, filename);
    if (size !== null && size <= options.smallRandomSize) return false;
  }
  return true;
}

/** @param {import('eslint').SourceCode} sourceCode @param {any} node */
function isNumber(sourceCode, node) {
  const value = getStaticValue(node, sourceCode.getScope(node));
  return value !== null && typeof value.value === 'number';
}

/**
 * Bytes of randomness a call asks for, when known statically.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {any} node
 * @param {BlockingApi} api
 * @param {string} filename
 * @returns {number | null}
 */
function workSize(sourceCode, node, api, filename) {
  const scope = sourceCode.getScope(node);
  /** @param {any} expression */
  const numberOf = (expression) => {
    const value = expression && expression.type !== 'SpreadElement' ? getStaticValue(expression, scope) : null;
    if (value !== null) return typeof value.value === 'number' ? value.value : null;
    // `randomBytes(TOKEN_BYTES)` with `TOKEN_BYTES = 16` exported by another module.
    return expression?.type === 'Identifier' ? getProjectIndex(sourceCode, filename, noNames).constantNumber(expression) : null;
  };
  if (api.sizeArg === 'size') return numberOf(node.arguments[0]);
  // randomFillSync(buf, offset, size)
  if (node.arguments.length >= 3) return numberOf(node.arguments[2]);
  return bufferLength(node.arguments[0], numberOf, scope);
}

/**
 * Length of `Buffer.alloc(n)`, `Buffer.allocUnsafe(n)` or `new Uint8Array(n)`,
 * directly or through a `const` binding.
 * @param {any} expression
 * @param {(node: any) => number | null} numberOf
 * @param {any} scope
 * @returns {number | null}
 */
function bufferLength(expression, numberOf, scope) {
  let node = expression;
  if (node?.type === 'Identifier') {
    let variable = null;
    for (let s = scope; s && !variable; s = s.upper) variable = s.set.get(node.name);
    const def = variable?.defs.length === 1 ? variable.defs[0] : null;
    if (def?.type !== 'Variable' || def.parent.kind !== 'const' || def.node.id.type !== 'Identifier') return null;
    node = def.node.init;
  }
  if (node?.type === 'CallExpression' && node.callee.type === 'MemberExpression' && node.callee.object.type === 'Identifier' && node.callee.object.name === 'Buffer') {
    const method = node.callee.property.name;
    return method === 'alloc' || method === 'allocUnsafe' || method === 'allocUnsafeSlow' ? numberOf(node.arguments[0]) : null;
  }
  if (node?.type === 'NewExpression' && node.callee.type === 'Identifier' && /^(Uint8|Int8|Uint8Clamped)Array$/.test(node.callee.name)) {
    return numberOf(node.arguments[0]);
  }
  return null;
}

/** The blocking-call rule classifies no calls by name: its project index only reads constants. */
const noNames = () => /** @type {const} */ ('unknown');
