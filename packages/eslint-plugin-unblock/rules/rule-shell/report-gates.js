/**
 * The checks every rule makes before it reports, the same way in each: files the user keeps out
 * of the rule (globs in its options), and code that runs once (migrations, seeders, command-line
 * programs, start-up) unless `includeOneOffCode` asks for it. Asked lazily: matching globs costs
 * more than finding that most files have nothing to report.
 */
import { fileMatches } from '../project/workspace/file-globs.js';
import { isInOneOffCode, oneOffFileKind } from '../code-kind/one-off-code.js';
import { enclosingFunction } from '../language/syntax/ast.js';
import { hasNoKnownCaller, reachabilityOf, lintedTreeOf } from '../project/callers/reachability.js';

/**
 * @typedef {object} ReportGates
 * @property {() => boolean} ignoredFile the user keeps this file out of the rule
 * @property {() => boolean} oneOffFile the whole file runs once (and the rule is not asked to report there)
 * @property {(node: any) => boolean} oneOffAt the code around the node runs once (and the rule is not asked to report there)
 * @property {(node: any) => boolean} noEntryAt nothing known runs the function around the node, so no entry can be
 *   named for a report there (and the rule is not asked to report unknown callers)
 * @property {(node: any) => boolean} oneTransactionAt the entry found above the node runs in one transaction: its
 *   queries wait their turn on one connection, so overlapping them gains nothing (unless `includeTransactions`)
 */

/**
 * @param {import('eslint').Rule.RuleContext} context
 * @param {{ includeOneOffCode?: boolean, includeUnknownCallers?: boolean, includeTransactions?: boolean } & Record<string, any>} options
 * @param {string} ignoreOption the option holding the globs of files the rule leaves alone
 * @returns {ReportGates}
 */
export function createReportGates(context, options, ignoreOption) {
  /** @type {boolean | null} */
  let ignored = null;
  /** @type {boolean | null} */
  let oneOffFile = null;
  const reportsOneOff = options.includeOneOffCode === true;
  return {
    ignoredFile: () => (ignored ??= fileMatches(context.filename, context.cwd, options[ignoreOption] ?? [])),
    oneOffFile: () => (oneOffFile ??= !reportsOneOff && oneOffFileKind(context.sourceCode) !== null),
    oneOffAt: (node) => !reportsOneOff && isInOneOffCode(context, node),
    noEntryAt: (node) => {
      // A migration or CLI file is entered by its runner, outside the project: that is its entry.
      if (options.includeUnknownCallers === true || oneOffFileKind(context.sourceCode) !== null) return false;
      const fn = enclosingFunction(node);
      return Boolean(fn) && fn.type !== 'Program' && hasNoKnownCaller(context.filename, fn, lintedTreeOf(context.sourceCode));
    },
    oneTransactionAt: (node) => {
      if (options.includeTransactions === true) return false;
      const fn = enclosingFunction(node);
      if (!fn || fn.type === 'Program') return false;
      const reached = reachabilityOf(context.filename, fn, lintedTreeOf(context.sourceCode));
      return reached.kind === 'request' && reached.transaction === true;
    },
  };
}
