/**
 * What the rules say about each project file before it runs: their diagnostics (to link what is
 * measured to the report at that place) and, through the plugin's tooling, the await sites with
 * the waterfall analysis's answer to "may these two start together?". The observer never decides
 * independence itself.
 */
import { Linter } from 'eslint';
import { describeAwaitSites, benchFactsOf } from 'eslint-plugin-unblock/tooling';
import { BenchError, oneLine } from '../../errors.js';
import { LINTED_FILES, languageOptionsFor } from '../../fixture/typescript.js';

const LOOPS = new Set(['ForStatement', 'ForOfStatement', 'ForInStatement', 'WhileStatement', 'DoWhileStatement']);

/**
 * @typedef {object} Diagnostic
 * @property {string} ruleId
 * @property {number} line 1-based, as ESLint reports
 * @property {number} column 1-based
 * @property {number} endLine
 * @property {number} endColumn
 * @property {string} message
 * @property {[number, number]} range source offsets of the report
 * @property {[number, number] | null} loop for a loop report, the whole loop (the report marks its head only)
 * @property {import('eslint-plugin-unblock/tooling').ObservedKind | null} kind what observe measures for the report,
 *   as its rule declares in `meta.bench.observe` (null: the rule declares nothing, and nothing is attributed to it)
 *
 * @typedef {object} FileFacts
 * @property {string} file relative to the fixture directory
 * @property {string} path absolute
 * @property {string} source
 * @property {Diagnostic[]} diagnostics
 * @property {import('eslint-plugin-unblock/tooling').AwaitSites} awaits
 */

/**
 * @param {import('../../fixture/project-files.js').ProjectFile[]} files
 * @param {{ rules: string[], plugin: { rules: Record<string, any> }, cwd: string }} options
 * @returns {FileFacts[]}
 */
export function lintForObservation(files, { rules, plugin, cwd }) {
  const linter = new Linter({ cwd });
  const known = rules.filter((id) => Object.hasOwn(plugin.rules, id.replace(/^unblock\//, '')));
  return files.map((file) => {
    const config = [{
      files: LINTED_FILES,
      // Only the rules' reports count here; the file's disable comments for other rules are not ours to judge.
      linterOptions: { reportUnusedDisableDirectives: 'off' },
      plugins: { unblock: plugin },
      languageOptions: languageOptionsFor(file.path, cwd),
      // The reports as the bench sees them (the served module is the request handler), and none
      // dropped by an earlier run's observations: this run is about to replace them.
      settings: { unblock: { observedFile: false } },
      rules: Object.fromEntries(known.map((id) => [id, ['warn', optionsFor(id, plugin)]])),
    }];
    let messages;
    try {
      messages = linter.verify(file.source, /** @type {any} */ (config), { filename: file.path });
    } catch (error) {
      if (error instanceof BenchError) throw error;
      throw new BenchError(`applying the Unblock rules to ${file.relative} failed: ${oneLine(error)}`, { code: 'FIX_FAILED' });
    }
    const fatal = messages.find((m) => m.fatal);
    if (fatal) throw new BenchError(`cannot parse ${file.relative}: ${fatal.message} (line ${fatal.line}, column ${fatal.column})`, { code: 'FIX_FAILED' });
    const sourceCode = linter.getSourceCode();
    const diagnostics = messages.filter((m) => m.ruleId?.startsWith('unblock/')).map((m) => diagnosticOf(m, sourceCode, benchFactsOf(plugin, m.ruleId)?.observe ?? null));
    return { file: file.relative, path: file.path, source: file.source, diagnostics, awaits: describeAwaitSites(sourceCode, file.path) };
  });
}

/**
 * @param {string} id
 * @param {{ rules: Record<string, any> }} plugin
 */
function optionsFor(id, plugin) {
  const properties = plugin.rules[id.replace(/^unblock\//, '')]?.meta?.schema?.[0]?.properties ?? {};
  return 'includeUnknownCallers' in properties ? { includeUnknownCallers: true } : {};
}

/**
 * @param {import('eslint').Linter.LintMessage} m
 * @param {import('eslint').SourceCode} sourceCode
 * @param {Diagnostic['kind']} kind
 * @returns {Diagnostic}
 */
function diagnosticOf(m, sourceCode, kind) {
  const endLine = m.endLine ?? m.line;
  const endColumn = m.endColumn ?? m.column;
  const start = sourceCode.getIndexFromLoc({ line: m.line, column: m.column - 1 });
  const end = sourceCode.getIndexFromLoc({ line: endLine, column: endColumn - 1 });
  return { ruleId: /** @type {string} */ (m.ruleId), line: m.line, column: m.column, endLine, endColumn, message: m.message, range: [start, end], loop: loopAt(sourceCode, start), kind };
}

/**
 * The loop statement that starts at a report's start, if any.
 * @param {import('eslint').SourceCode} sourceCode
 * @param {number} offset
 * @returns {[number, number] | null}
 */
function loopAt(sourceCode, offset) {
  for (let node = /** @type {any} */ (sourceCode.getNodeByRangeIndex(offset)); node; node = node.parent) {
    if (LOOPS.has(node.type) && node.range[0] === offset) return [node.range[0], node.range[1]];
    if (node.range[0] !== offset) break;
  }
  return null;
}
