/**
 * Runtime observations as evidence. `unblock-bench observe` runs the server under load and
 * writes what it saw to `.unblock/observed.json` in the project root (next to package.json): the
 * functions that ran only before the server listened, and per finding and route the time it cost
 * per request. When that file is there, every rule's reports pass through here:
 *
 * - a report in a function seen running only at start-up is dropped (the analysis could not tell;
 *   the run did);
 * - a report at a place seen on a route says so, with the measured time: the `{{observed}}` slot of
 *   its message becomes "; seen on GET /dashboard: 30 ms lost per request" (empty otherwise).
 *
 * What they did is said (#45 item 4): the first report dropped in a lint folder in one line, their
 * count at exit, and with explaining on (proofs.js) each dropped report with its proof and reason,
 * and each annotated one with an `observed:` line under its proof.
 *
 * Entries of a file whose text changed since the run (its SHA-256 differs) are ignored: the lines
 * they name may no longer be the same code. ESLint's shared setting `unblock.observedFile` names
 * another file (relative to the lint's folder), or `false` turns the read-back off.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { enclosingFunction } from '../language/syntax/ast.js';
import { projectRootsOf } from '../project/bounds/project-root.js';
import { lintGeneration, lintWarning } from '../project/bounds/lint-bounds.js';
import { readObservations, plainText, observedFileIn } from './observed-schema.js';
import { readRegularFile, regularFileStat } from '../project/bounds/read-regular-file.js';
import { isCompleteProof } from './proofs.js';

/** An observations file bigger than this is not read. */
const MAX_BYTES = 20_000_000;

/**
 * @typedef {import('./observed-schema.js').ReadFinding} ObservedFinding
 * @typedef {import('./observed-schema.js').ReadFunction} ObservedFunction
 * @typedef {import('./observed-schema.js').Observations} Observations
 * @typedef {{ findings: ObservedFinding[], startupEnds: Set<string> }} FileObservations what applies to one linted file
 */

/**
 * The rule context the rule sees: its reports filtered and annotated by the observations. Every
 * report gets its `observed` slot filled, so the context is wrapped even when nothing was observed.
 * @param {import('eslint').Rule.RuleContext} context
 * @param {string} ruleId full id (`unblock/…`)
 * @param {Record<string, string>} messages the rule's message templates
 * @returns {import('eslint').Rule.RuleContext}
 */
export function withObservations(context, ruleId, messages) {
  /** @type {FileObservations | null | undefined} */
  let observed;
  const forFile = () => (observed === undefined ? (observed = observationsFor(context)) : observed);
  const report = (/** @type {any} */ descriptor) => {
    const template = descriptor?.messageId ? messages[descriptor.messageId] : undefined;
    const hasSlot = template?.includes('{{observed}}') ?? false;
    const seen = forFile();
    if (seen && seenOnlyAtStartup(seen, descriptor, context.sourceCode)) {
      // Counted only when it would have been made (the proof check below refuses an incomplete one), and explained there.
      if (isCompleteProof(descriptor.proof)) noteSilenced(context, ruleId, lineOf(descriptor));
      const observation = { withheld: true, says: `${observedName(context)} says the function around it ran only at start-up (settings.unblock.observedFile: false ignores the file)` };
      return context.report({ ...descriptor, data: { ...descriptor.data, observed: '' }, observation });
    }
    if (!hasSlot) return context.report(descriptor);
    const note = seen ? routeNote(seen.findings, ruleId, lineOf(descriptor)) : '';
    const observation = note === '' ? undefined : { withheld: false, says: `${note.slice('; '.length)} (${observedName(context)})` };
    return context.report({ ...descriptor, data: { ...descriptor.data, observed: note }, observation });
  };
  // The host's context stays the prototype: its getters (filename, sourceCode…) work unchanged.
  return Object.create(context, { report: { value: report, enumerable: true } });
}

/** Per lint folder: the reports the observations dropped in this process (their count is printed at exit). */
const silenced = new Map();

/**
 * An observation is evidence a repository supplies, so what it silences is said, not hidden: the first
 * report it drops in a lint folder is named in one line, and the count of all of them when the process ends.
 * @param {import('eslint').Rule.RuleContext} context
 * @param {string} ruleId
 * @param {number | null} line
 */
function noteSilenced(context, ruleId, line) {
  const count = (silenced.get(context.cwd) ?? 0) + 1;
  silenced.set(context.cwd, count);
  if (count > 1) return;
  const where = `${path.relative(context.cwd, context.filename).split(path.sep).join('/')}:${line ?? '?'}`;
  lintWarning(`unblock: .unblock/observed.json says the function around ${ruleId}'s report at ${where} ran only at start-up, so it is not reported; the file is evidence the repository supplies (settings.unblock.observedFile: false ignores it).`, 'UNBLOCK_OBSERVED');
  if (silenced.size === 1) {
    process.once('exit', () => {
      const total = [...silenced.values()].reduce((sum, n) => sum + n, 0);
      if (total > 1) lintWarning(`unblock: .unblock/observed.json silenced ${total} reports in all (functions it saw run only at start-up).`, 'UNBLOCK_OBSERVED');
    });
  }
}

/**
 * The observations file as the lint names it: the default, or the file the setting names.
 * @param {import('eslint').Rule.RuleContext} context
 */
function observedName(context) {
  const setting = /** @type {any} */ (context.settings)?.unblock?.observedFile;
  return typeof setting === 'string' && setting !== '' ? plainText(setting) : '.unblock/observed.json';
}

/**
 * @param {any} descriptor
 * @returns {number | null}
 */
function lineOf(descriptor) {
  return descriptor.loc?.start?.line ?? descriptor.node?.loc?.start?.line ?? null;
}

/**
 * The report's innermost function ran, and only before the server listened.
 * @param {FileObservations} seen
 * @param {any} descriptor
 * @param {import('eslint').SourceCode} sourceCode
 */
function seenOnlyAtStartup(seen, descriptor, sourceCode) {
  if (seen.startupEnds.size === 0) return false;
  let node = descriptor.node;
  if (!node && descriptor.loc?.start) node = sourceCode.getNodeByRangeIndex(sourceCode.getIndexFromLoc(descriptor.loc.start));
  const fn = node ? enclosingFunction(node) : null;
  if (!fn || fn.type === 'Program') return false;
  // A function's end is where every parser puts it (a method's start differs between parsers).
  return seen.startupEnds.has(`${fn.loc.end.line}:${fn.loc.end.column}`);
}

/**
 * "; seen on GET /dashboard: 30 ms lost per request" for the findings of this rule at this line.
 * @param {ObservedFinding[]} findings
 * @param {string} ruleId
 * @param {number | null} line
 */
function routeNote(findings, ruleId, line) {
  /** @type {Map<string, { ms: number, kind: string }>} */
  const byRoute = new Map();
  for (const finding of findings) {
    if (finding.rule !== ruleId || finding.line !== line) continue;
    const known = byRoute.get(finding.route);
    byRoute.set(finding.route, { ms: (known?.ms ?? 0) + finding.perRequestMs, kind: finding.kind });
  }
  if (byRoute.size === 0) return '';
  const ranked = [...byRoute].sort((a, b) => b[1].ms - a[1].ms);
  const what = ranked[0][1].kind === 'blocking' ? 'of event-loop time per request' : 'lost per request';
  // Routes come from a file in the repository: shown as plain text, one line's worth each.
  const shown = ranked.slice(0, 2).map(([route, { ms }]) => `${plainText(route)}: ${formatMs(ms)}`);
  const more = ranked.length > 2 ? ` and ${ranked.length - 2} more route${ranked.length === 3 ? '' : 's'}` : '';
  return `; seen on ${shown.join(' and on ')} ${what}${more}`;
}

/** @param {number} ms */
function formatMs(ms) {
  return `${ms >= 10 ? Math.round(ms) : Math.round(ms * 10) / 10} ms`;
}

/**
 * What the observations say about the linted file: null when there are none, or the file changed since.
 * @param {import('eslint').Rule.RuleContext} context
 * @returns {FileObservations | null}
 */
function observationsFor(context) {
  const file = path.resolve(context.cwd ?? '', context.filename);
  const where = observationsPath(context, file);
  const data = where ? load(where) : null;
  if (!where || !data) return null;
  const root = path.resolve(path.dirname(where), data.root);
  const relative = path.relative(root, file).split(path.sep).join('/');
  const recorded = Object.hasOwn(data.files, relative) ? data.files[relative] : undefined;
  if (!recorded || recorded.sha256 !== sha256(context.sourceCode.text)) return null;
  return {
    findings: data.findings.filter((f) => f.file === relative),
    startupEnds: new Set(data.startupOnly.filter((f) => f.file === relative && f.endLine !== undefined).map((f) => `${f.endLine}:${f.endColumn}`)),
  };
}

/**
 * @param {import('eslint').Rule.RuleContext} context
 * @param {string} file
 * @returns {string | null}
 */
function observationsPath(context, file) {
  const setting = /** @type {any} */ (context.settings)?.unblock?.observedFile;
  if (setting === false) return null;
  if (typeof setting === 'string' && setting !== '') return path.resolve(context.cwd ?? '', setting);
  const roots = projectRootsOf(file);
  return roots ? observedFileIn(roots.packageRoot) : null;
}

/** @type {Map<string, { generation: number, mtimeMs: number, size: number, data: Observations | null }>} */
const loaded = new Map();

/**
 * The observations file, read again when it changed on disk (checked once per linted file).
 * @param {string} file
 * @returns {Observations | null}
 */
function load(file) {
  const generation = lintGeneration();
  const cached = loaded.get(file);
  if (cached && cached.generation === generation) return cached.data;
  const stat = regularFileStat(file);
  if (!stat) {
    loaded.set(file, { generation, mtimeMs: 0, size: -1, data: null });
    return null;
  }
  if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) {
    cached.generation = generation;
    return cached.data;
  }
  const text = readRegularFile(file, MAX_BYTES);
  const data = text === null ? null : parse(text, file);
  if (loaded.size > 100) loaded.clear();
  loaded.set(file, { generation, mtimeMs: stat.mtimeMs, size: stat.size, data });
  return data;
}

/**
 * @param {string} text
 * @param {string} file where it was read, to name in the line that says what was left out
 * @returns {Observations | null} null for anything that is not an observations file
 */
function parse(text, file) {
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  // Checked against its schema: entries that do not fit are left out, and counted once per reading.
  const { data, ignored } = readObservations(json);
  if (ignored > 0) {
    lintWarning(`unblock: ${plainText(file)}: ${ignored} ${ignored === 1 ? 'entry' : 'entries'} not of the format \`unblock-bench observe\` writes, ignored.`, 'UNBLOCK_OBSERVATIONS');
  }
  return data;
}

/**
 * The same hash `observe` records: of the text as a linter reads it (no byte-order mark).
 * @param {string} text
 */
export function sha256(text) {
  return crypto.createHash('sha256').update(text.replace(/^\uFEFF/, '')).digest('hex');
}
