/**
 * What bounds the project index while a file is linted: the folder it may read (the lint's
 * working directory: the editor's workspace folder, the folder ESLint runs in), the lint's
 * generation (files read for an earlier lint are checked against the disk again) and its budget
 * (a file too big, or a lint that has already spent its time, is analysed on its own).
 *
 * Every rule notes its lint here (rule-shell/host-check.js). Code that calls the index without a
 * lint (unit tests, scripts) gets no bound and no budget: the index then behaves as before.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';

/**
 * A linted file over this many characters is analysed on its own: its cross-file questions would
 * be as many as its calls, and such files are generated (bundles, parsers), not hand-written code.
 */
export const MAX_CROSS_FILE_CHARS = 400_000;
/**
 * A linted file over this many characters is not analysed at all: the rules' own analysis grows
 * with the file (about 10 s for this size on a loaded 2-core machine), and no hand-written
 * server file comes near it (the largest of the eight real backends the rules are scored on has
 * 176,000).
 */
export const MAX_LINTED_CHARS = 1_000_000;
/**
 * Milliseconds from the start of a file's lint after which its remaining cross-file questions
 * are answered "unknown" (single-file behaviour). No file of the eight real backends the rules
 * are scored on comes near it.
 */
export const DEFAULT_CROSS_FILE_MS = 10_000;

/**
 * @typedef {object} LintRecord
 * @property {string} file      absolute path, as the index names it
 * @property {string | null} bound  the folder its reads stay in; null: the file lies outside the lint's folder
 * @property {number} startedAt performance.now() when its lint started
 * @property {number} chars     its text's length
 * @property {boolean} warned   a budget warning was given for it
 * @property {number} generation the lint generation it started
 */

/** @type {Map<string, LintRecord>} by file: its latest lint */
const lints = new Map();
/** The folders lints ran in, newest last: the bound of a file is the deepest that holds it. */
const bounds = /** @type {string[]} */ ([]);
/** @type {WeakMap<object, boolean>} source codes already noted (each rule of a file notes it): whether to analyse it */
const noted = new WeakMap();
let generation = 0;
/**
 * A gap this long between the starts of two lints is a pause: an editor linting again after an
 * edit, eslint_d at its next command. A command-line run starts a lint every few milliseconds.
 */
const PAUSE_MS = 250;
/** performance.now() when the latest lint started */
let latestStart = -Infinity;
/** lints that started after a pause */
let pauses = 0;
let boundsChanged = 0;
let budgetMs = DEFAULT_CROSS_FILE_MS;
/** @type {Set<(message: string) => void>} who takes the lint's warnings instead of process.emitWarning */
const listeners = new Set();
/** @type {(message: string, code?: string) => void} */
let warn = (message, code = 'UNBLOCK_LINT_BUDGET') => {
  if (listeners.size === 0) process.emitWarning(message, { code });
  for (const listener of listeners) listener(message);
};

const MAX_REMEMBERED_LINTS = 5000;
const MAX_BOUNDS = 64;

/** @type {Set<() => void>} */
const lintStartListeners = new Set();

/**
 * Calls `listener` when a file's lint starts (before any rule asks anything of it).
 * @param {() => void} listener
 */
export function onLintStart(listener) {
  lintStartListeners.add(listener);
}

/**
 * Notes the start of a file's lint; every rule calls it from create(), the first call counts.
 * @param {{ filename: string, cwd: string, sourceCode: { text: string } }} context
 * @returns {boolean} whether to analyse the file: false (after one line naming it) when it is too big
 */
export function noteLint(context) {
  const { sourceCode } = context;
  if (!sourceCode || typeof sourceCode !== 'object') return true;
  const known = noted.get(sourceCode);
  if (known !== undefined) return known;
  generation++;
  for (const listener of lintStartListeners) listener();
  const now = performance.now();
  notePauses(now);
  const file = path.resolve(context.filename);
  const cwd = path.resolve(context.cwd);
  const bound = isWithin(file, cwd) ? cwd : null;
  if (bound !== null) rememberBound(bound);
  lints.delete(file);
  if (lints.size >= MAX_REMEMBERED_LINTS) lints.delete(lints.keys().next().value ?? '');
  /** @type {LintRecord} */
  const record = { file, bound, startedAt: now, chars: sourceCode.text?.length ?? 0, warned: false, generation };
  lints.set(file, record);
  const analyse = record.chars <= MAX_LINTED_CHARS;
  if (!analyse) warnOnce(record, `unblock: ${displayName(record)} has ${record.chars} characters (over ${MAX_LINTED_CHARS}): not analysed (generated code?).`);
  noted.set(sourceCode, analyse);
  return analyse;
}

/**
 * Notes that a lint started whose file no rule analyses (nothing in its text to report): not a new
 * generation (it reads nothing), but a lint all the same, for telling pauses. A gap before it is a
 * pause (the next analysed file must not miss it); a run of such lints with no gap is none.
 */
export function noteLintActivity() {
  notePauses(performance.now());
}

/**
 * Counts a pause when this lint starts long after the one before.
 * @param {number} now performance.now() at the lint's start
 */
function notePauses(now) {
  if (now - latestStart >= PAUSE_MS) pauses++;
  latestStart = now;
}

/** @param {string} bound */
function rememberBound(bound) {
  const at = bounds.indexOf(bound);
  if (at === bounds.length - 1 && at >= 0) return;
  if (at >= 0) bounds.splice(at, 1);
  else boundsChanged++;
  bounds.push(bound);
  if (bounds.length > MAX_BOUNDS) bounds.shift();
}

/** A counter that moves when a lint folder not seen before is noted (answers bounded by the old ones may change). */
export function boundsVersion() {
  return boundsChanged;
}

/**
 * A counter that moves at every new lint: what was checked against the disk in an earlier
 * generation is checked again before it is trusted (an editor lints after a save elsewhere).
 */
export function lintGeneration() {
  return generation;
}

/**
 * A counter that moves when a lint starts after a pause in linting (see PAUSE_MS), not while a
 * command-line run lints file after file: what a host may have changed meanwhile is worth a look.
 */
export function lintPauses() {
  return pauses;
}

/**
 * The folder a linted file's project reads stay in.
 * @param {string} file absolute path of the linted file
 * @returns {string | null | undefined} the folder; null: the file lies outside its lint's folder, so nothing
 *   beyond it is read; undefined: no lint noted (a direct call), no bound
 */
export function lintBoundOf(file) {
  return currentLint(file)?.bound;
}

/**
 * Whether the lint running now of this file was cut short by a budget (too big, out of time): its
 * answers then depend on the clock and the order of questions, and are not worth reusing.
 * @param {string} file absolute path
 */
export function lintBudgetSpent(file) {
  return currentLint(file)?.warned === true;
}

/**
 * The record of the lint running now, when it is this file's. A lint that did not note itself (a
 * rule called directly, not through the plugin) must not inherit an earlier lint's bound or clock.
 * @param {string} file
 */
function currentLint(file) {
  const record = lints.get(file);
  return record?.generation === generation ? record : undefined;
}

/**
 * The folder reads made on behalf of any file under a lint's folder stay in: the deepest lint
 * folder that holds it; null when none does (a direct call: no bound).
 * @param {string} file absolute path
 * @returns {string | null}
 */
export function readBoundOf(file) {
  let best = null;
  for (const bound of bounds) if (isWithin(file, bound) && (best === null || bound.length > best.length)) best = bound;
  return best;
}

/** The lint folders noted so far, to hand to a helper thread. */
export function knownBounds() {
  return [...bounds];
}

/**
 * Takes lint folders noted on another thread.
 * @param {string[]} list
 */
export function rememberBounds(list) {
  for (const bound of list) if (!bounds.includes(bound)) rememberBound(bound);
}

/**
 * Whether a linted file may still ask cross-file questions: it is not too big, and its lint has not
 * spent its time. The first refusal for a lint says so in one line naming the file.
 * @param {string} file absolute path of the linted file
 */
export function crossFileBudgetLeft(file) {
  const record = currentLint(file);
  if (!record) return true;
  if (record.chars > MAX_CROSS_FILE_CHARS) {
    warnOnce(record, `unblock: ${displayName(record)} has ${record.chars} characters (over ${MAX_CROSS_FILE_CHARS}): analysed on its own, without other files.`);
    return false;
  }
  if (performance.now() - record.startedAt <= budgetMs) return true;
  warnOnce(record, `unblock: ${displayName(record)} spent over ${budgetMs / 1000} s on other files: the rest of it is analysed on its own.`);
  return false;
}

/**
 * @param {LintRecord} record
 * @param {string} message
 */
function warnOnce(record, message) {
  if (record.warned) return;
  record.warned = true;
  warn(message);
}

/** @param {LintRecord} record */
function displayName(record) {
  if (record.bound === null) return record.file;
  return path.relative(record.bound, record.file).split(path.sep).join('/') || record.file;
}

/**
 * Whether `file` is `folder` or lies inside it.
 * @param {string} file
 * @param {string} folder
 */
export function isWithin(file, folder) {
  if (file === folder) return true;
  const prefix = folder.endsWith(path.sep) ? folder : folder + path.sep;
  return file.startsWith(prefix);
}

/**
 * A one-line warning about the lint that is not about one file's budget (a native helper that
 * did not load), delivered as the budget warnings are.
 * @param {string} message
 * @param {string} code the process warning's code when no listener takes it
 */
export function lintWarning(message, code) {
  warn(message, code);
}

/**
 * Hands the lint's warnings (one line each: a file over its budget, a native helper that did not
 * load) to `listener` instead of printing them as process warnings, until the returned function
 * is called: the editor shows them in its log.
 * @param {(message: string) => void} listener
 * @returns {() => void}
 */
export function onLintWarning(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * For tests: the cross-file time budget and where warnings go. Returns the previous settings.
 * @param {{ budgetMs?: number, warn?: (message: string, code?: string) => void }} settings
 */
export function setLintBudget(settings) {
  const previous = { budgetMs, warn };
  if (settings.budgetMs !== undefined) budgetMs = settings.budgetMs;
  if (settings.warn !== undefined) warn = settings.warn;
  return previous;
}
