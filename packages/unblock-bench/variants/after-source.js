import { Linter } from 'eslint';
import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { BenchError, oneLine } from '../errors.js';
import { planWorkerOffloads } from 'eslint-plugin-unblock/tooling';
import { applyWorkerOffloads } from './worker-offloads.js';
import { LINTED_FILES, languageOptionsFor } from '../fixture/typescript.js';

/**
 * @typedef {object} Finding
 * @property {string} [file] the file, relative to the fixture directory (project results only)
 * @property {string} ruleId
 * @property {number} line
 * @property {number} column
 * @property {string} message
 */

/**
 * @typedef {object} AfterSource
 * @property {string} source the fixed text ("after")
 * @property {boolean} changed false when the rules found nothing to fix
 * @property {string[]} rulesApplied the requested rules the plugin has now
 * @property {string[]} rulesMissing requested rules the plugin does not ship (yet)
 * @property {Finding[]} findings what the rules reported on the "before" source
 * @property {Finding[]} unfixed reports still present after fixing (no fix offered)
 * @property {string} diff unified diff before → after ('' when unchanged), new files included
 * @property {import('./worker-offloads.js').NewFile[]} files new modules next to the entry (worker modules)
 */

/**
 * Loads the plugin from the package root lazily, so a broken or half-written rule becomes one
 * clear error instead of a crash at import time of the whole runner.
 * @returns {Promise<{ rules: Record<string, any> }>}
 */
export async function loadPlugin() {
  try {
    const mod = await import('eslint-plugin-unblock');
    return mod.default;
  } catch (error) {
    throw new BenchError(`cannot load the Unblock plugin: ${oneLine(error)}`, { code: 'PLUGIN_LOAD_FAILED', cause: error });
  }
}

/**
 * A rule's options in codemod mode. The bench serves the fixture's handler (or the function the
 * harness extracted) as the request handler itself: a rule that reports only where callers show a
 * request path (`includeUnknownCallers`) is told to report the calls its file alone cannot place.
 * @param {string} id
 * @param {{ rules: Record<string, any> }} plugin
 */
function codemodOptions(id, plugin, fix = true) {
  const properties = plugin.rules?.[id.replace(/^unblock\//, '')]?.meta?.schema?.[0]?.properties ?? {};
  return 'includeUnknownCallers' in properties ? { fix, includeUnknownCallers: true } : { fix };
}

/**
 * The flat config the rules run with on one file, in codemod mode (`fix`) or as suggestions.
 * @param {string[]} rules the rules the plugin has
 * @param {{ rules: Record<string, any> }} plugin
 * @param {string} filename
 * @param {string | undefined} cwd
 * @param {boolean} fix
 */
function rulesConfig(rules, plugin, filename, cwd, fix) {
  return [
    {
      files: LINTED_FILES,
      // ESLint 9 reports an eslint-disable comment for a rule this config does not run as unused,
      // and its fix deletes the comment: an edit that is not ours, which the bench took for the fix.
      linterOptions: { reportUnusedDisableDirectives: 'off' },
      plugins: { unblock: plugin },
      languageOptions: languageOptionsFor(filename, cwd ?? process.cwd()),
      rules: Object.fromEntries(rules.map((id) => [id, ['warn', codemodOptions(id, plugin, fix)]])),
    },
  ];
}

/**
 * The rules' reports on a file as ESLint gives them (message ids, suggestions, worker offloads
 * planned), with the options the bench fixes with but suggestions instead of fixes: what the
 * editor would show. The function bench asks them why it found nothing to fix.
 * @param {string} source
 * @param {{ rules: string[], filename: string, plugin: { rules: Record<string, any> }, cwd?: string }} options
 *   `filename` absolute when the project around it should be read
 * @returns {Array<import('eslint').Linter.LintMessage & { offload?: unknown }>}
 */
export function suggestedReports(source, { rules, filename, plugin, cwd }) {
  const applied = rules.filter((id) => Object.hasOwn(plugin.rules ?? {}, id.replace(/^unblock\//, '')));
  if (applied.length === 0) return [];
  const linter = new Linter(cwd ? { cwd } : {});
  const messages = lint(() => linter.verify(source, /** @type {any} */ (rulesConfig(applied, plugin, filename, cwd, false)), { filename }), filename);
  for (const [message, offload] of planWorkerOffloads(linter.getSourceCode(), messages, { filename })) /** @type {any} */ (message).offload = offload;
  return messages.filter((m) => m.ruleId?.startsWith('unblock/'));
}

/**
 * Builds the "after" source by running ESLint with the chosen rules in codemod mode
 * (`{ fix: true }` turns their suggestions into fixes) and applying every fix. Never hand-written:
 * whatever the rules do is exactly what gets benchmarked. With `lintPath` (the file's absolute path
 * inside a project folder, and `cwd` that folder) the rules see the project as the editor does:
 * callers in other files, start-up code (a fixture.json's factory), the routes that reach a call.
 * @param {string} source
 * @param {{ rules: string[], filename: string, plugin: { rules: Record<string, any> }, lintPath?: string, cwd?: string }} options
 *   `filename` names the file in findings and diffs; `.ts`, `.mts` and `.cts` files are read with @typescript-eslint/parser
 * @returns {AfterSource}
 */
export function buildAfterSource(source, { rules, filename, plugin, lintPath, cwd }) {
  const rulesApplied = rules.filter((id) => Object.hasOwn(plugin.rules ?? {}, id.replace(/^unblock\//, '')));
  const rulesMissing = rules.filter((id) => !rulesApplied.includes(id));
  if (rulesApplied.length === 0) {
    return { source, changed: false, rulesApplied, rulesMissing, findings: [], unfixed: [], diff: '', files: [] };
  }
  const config = rulesConfig(rulesApplied, plugin, filename, cwd, true);
  const linter = new Linter(cwd ? { cwd } : {});
  const linted = lintPath ?? filename;
  const before = lint(() => linter.verify(source, /** @type {any} */ (config), { filename: linted }), filename);
  // Only our rules' fixes are applied, whatever else the config or the file's own comments turn on.
  // `fix` as a predicate is what ESLint's own ESLint class hands the Linter (its types say boolean).
  const onlyOurs = /** @type {any} */ ({ filename: linted, fix: isOurs });
  const fixed = lint(() => linter.verifyAndFix(source, /** @type {any} */ (config), onlyOurs), filename);
  const offloaded = lint(() => applyWorkerOffloads(linter, fixed.output, config, linted), filename);
  const after = offloaded.source;
  const changed = after !== source;
  const newFiles = offloaded.files.map((file) => createTwoFilesPatch('/dev/null', `after/${file.name}`, '', file.source, '', '', { context: 3 }));
  const diff = changed ? [unifiedDiff(source, after, filename), ...newFiles].join('') : '';
  return {
    source: after,
    changed,
    rulesApplied,
    rulesMissing,
    findings: toFindings(before),
    unfixed: toFindings(offloaded.messages),
    diff,
    files: offloaded.files,
  };
}

/**
 * @typedef {object} FileFix one project file's part of the fix
 * @property {string} file relative to the fixture directory
 * @property {string} path absolute path
 * @property {boolean} changed
 * @property {string} source the "after" text
 * @property {Finding[]} findings
 * @property {Finding[]} unfixed
 * @property {string} diff
 */

/**
 * Applies the rules' fixes to every file of a project (the entry and what it imports, see
 * project-files.js): each file is fixed on its own, its findings carry its name, and the diffs
 * follow one another in import order. With `cwd` (the project's folder, which the files lie in)
 * each file is linted under its own path, so the rules read the project across files.
 * @param {import('../fixture/project-files.js').ProjectFile[]} files
 * @param {{ rules: string[], plugin: { rules: Record<string, any> }, cwd?: string }} options
 */
export function buildAfterProject(files, { rules, plugin, cwd }) {
  /** @type {FileFix[]} */
  const fixes = [];
  /** @type {Array<{ path: string, source: string }>} */
  const created = [];
  /** @type {AfterSource | undefined} */
  let last;
  for (const file of files) {
    last = buildAfterSource(file.source, { rules, filename: file.relative, plugin, ...(cwd ? { lintPath: file.path, cwd } : {}) });
    const named = (/** @type {Finding[]} */ list) => list.map((f) => ({ file: file.relative, ...f }));
    fixes.push({
      file: file.relative,
      path: file.path,
      changed: last.changed,
      source: last.source,
      findings: named(last.findings),
      unfixed: named(last.unfixed),
      diff: last.diff,
    });
    // Worker modules the offload rewrite created, next to the file that calls them.
    created.push(...last.files.map((worker) => ({ path: path.join(path.dirname(file.path), worker.name), source: worker.source })));
  }
  return {
    files: fixes,
    created,
    changed: fixes.some((f) => f.changed),
    rulesApplied: last?.rulesApplied ?? [],
    rulesMissing: last?.rulesMissing ?? rules,
    findings: fixes.flatMap((f) => f.findings),
    unfixed: fixes.flatMap((f) => f.unfixed),
    diff: fixes.map((f) => f.diff).filter(Boolean).join(''),
  };
}

/**
 * Whether a report is one of Unblock's rules' (the only fixes the bench may apply).
 * @param {{ ruleId: string | null }} message
 */
function isOurs(message) {
  return Boolean(message.ruleId?.startsWith('unblock/'));
}

/**
 * A unified diff with three lines of context, labelled before/after.
 * @param {string} before
 * @param {string} after
 * @param {string} filename
 */
export function unifiedDiff(before, after, filename) {
  return createTwoFilesPatch(`before/${filename}`, `after/${filename}`, before, after, '', '', { context: 3 });
}

/**
 * Runs one linter call and turns parse errors and rule crashes into one-line errors.
 * @template T
 * @param {() => T} run
 * @param {string} filename
 * @returns {T}
 */
function lint(run, filename) {
  let result;
  try {
    result = run();
  } catch (error) {
    throw new BenchError(`applying the Unblock rules to ${filename} failed: ${oneLine(error)}`, {
      code: 'FIX_FAILED',
      cause: error,
    });
  }
  const messages = /** @type {any} */ (result).messages ?? result;
  const fatal = messages.find((/** @type {any} */ m) => m.fatal);
  if (fatal) {
    throw new BenchError(`cannot parse ${filename}: ${fatal.message} (line ${fatal.line}, column ${fatal.column})`, {
      code: 'FIX_FAILED',
    });
  }
  return result;
}

/**
 * @param {Array<{ ruleId: string | null, line: number, column: number, message: string }>} messages
 * @returns {Finding[]}
 */
function toFindings(messages) {
  return messages
    .filter((m) => m.ruleId?.startsWith('unblock/'))
    .map((m) => ({ ruleId: m.ruleId, line: m.line, column: m.column, message: m.message }));
}
