// Lints open documents as the user types (debounced) and publishes diagnostics. Keeps, per
// document, the records of the last good lint with the document version they belong to, so
// code actions never apply edits computed for an older text.
import * as vscode from 'vscode';
import path from 'node:path';
import { createLineIndex } from '../mapping/positions.js';
import { toDiagnosticRecord } from '../mapping/diagnostics.js';
import { SUPPORTED_LANGUAGE_IDS } from '../lint/language.js';
import { severityFor } from '../settings.js';
import { toDiagnostic } from './convert.js';

/** @typedef {import('../mapping/diagnostics.js').DiagnosticRecord} DiagnosticRecord */
/** @typedef {{ version: number, records: DiagnosticRecord[], diagnostics: vscode.Diagnostic[] }} DocumentState */

/** @param {vscode.TextDocument} document */
export function isLintable(document) {
  return SUPPORTED_LANGUAGE_IDS.includes(document.languageId) && (document.uri.scheme === 'file' || document.uri.scheme === 'untitled');
}

/** @param {vscode.TextDocument} document */
export function lintName(document) {
  if (document.isUntitled) return path.basename(document.uri.path);
  const relative = vscode.workspace.asRelativePath(document.uri, false);
  // Outside every workspace folder asRelativePath gives the absolute path back.
  return path.isAbsolute(relative) ? path.basename(document.uri.path) : relative;
}

/**
 * The workspace folder a saved document lives in, on disk; '' for untitled and virtual documents.
 * The engine lints such a file under its absolute path, so the project index can read its imports.
 * @param {vscode.TextDocument} document
 */
export function lintFolder(document) {
  if (document.isUntitled || document.uri.scheme !== 'file') return '';
  return vscode.workspace.getWorkspaceFolder(document.uri)?.uri.fsPath ?? '';
}

export class DocumentLinter {
  /**
   * @param {object} deps
   * @param {import('../lint/lint-client.js').LintClient} deps.engine the lint worker
   * @param {() => import('../settings.js').Settings} deps.getSettings
   * @param {vscode.OutputChannel} deps.output
   */
  constructor({ engine, getSettings, output }) {
    this.engine = engine;
    this.getSettings = getSettings;
    this.output = output;
    this.collection = vscode.languages.createDiagnosticCollection('unblock');
    /** @type {Map<string, DocumentState>} */
    this.states = new Map();
    /** @type {Map<string, NodeJS.Timeout>} */
    this.timers = new Map();
    /** @type {string | undefined} */
    this.lastConfigError = undefined;
    this.changed = new vscode.EventEmitter();
    /** Fires with the document uri after its diagnostics changed (CodeLens listens). */
    this.onDidChange = this.changed.event;
    /** Milliseconds the last lint took in the worker, for the measurements in the README. */
    this.lastLintMs = 0;
    /** @type {Map<string, { version: number, promise: Promise<DocumentState | undefined> }>} */
    this.inFlight = new Map();
    /** @type {Set<string>} lint warnings already written to the output channel */
    this.loggedWarnings = new Set();
  }

  /**
   * Writes the lint's one-line warnings (a file over its budget, a native helper that did not load)
   * to the output channel, each once: the same file is linted again at every edit, and each lint
   * worker tells a helper's failure once.
   * @param {string[] | undefined} warnings
   */
  logWarnings(warnings) {
    for (const warning of warnings ?? []) {
      if (this.loggedWarnings.has(warning)) continue;
      if (this.loggedWarnings.size > 1000) this.loggedWarnings.clear();
      this.loggedWarnings.add(warning);
      this.output.appendLine(warning);
    }
  }

  /** @param {vscode.TextDocument} document */
  schedule(document) {
    if (!isLintable(document)) return;
    const key = document.uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.set(key, setTimeout(() => {
      this.timers.delete(key);
      this.lint(document).catch((error) => this.output.appendLine(`Lint failed for ${key}: ${error?.stack ?? error}`));
    }, this.getSettings().lintDelay));
  }

  /**
   * Lints now and publishes. Resolves with the document's state (undefined when not linted).
   * @param {vscode.TextDocument} document
   * @returns {Promise<DocumentState | undefined>}
   */
  async lint(document) {
    const settings = this.getSettings();
    if (!isLintable(document) || !settings.enable || !settings.lintEnable || document.isClosed) return undefined;
    // Already linted at this version, or being linted (a CodeLens request may come first).
    const current = this.currentState(document);
    if (current) return current;
    const key = document.uri.toString();
    const running = this.inFlight.get(key);
    if (running && running.version === document.version) return running.promise;
    const promise = this.lintVersion(document, settings).finally(() => {
      if (this.inFlight.get(key)?.promise === promise) this.inFlight.delete(key);
    });
    this.inFlight.set(key, { version: document.version, promise });
    return promise;
  }

  /**
   * @param {vscode.TextDocument} document
   * @param {import('../settings.js').Settings} settings
   * @returns {Promise<DocumentState | undefined>}
   */
  async lintVersion(document, settings) {
    const key = document.uri.toString();
    const version = document.version;
    const text = document.getText();
    const { result, ms, docsUrls, summaries } = await this.engine.lint(text, { fileName: lintName(document), cwd: lintFolder(document), languageId: document.languageId, settings });
    this.lastLintMs = ms;
    if (!result || document.isClosed) return undefined;
    // Typed on meanwhile: a newer lint is on its way; these positions are already stale.
    if (document.version !== version) return this.states.get(key);
    if (result.configError && result.configError !== this.lastConfigError) {
      this.lastConfigError = result.configError;
      this.output.appendLine(`Invalid unblock.ruleOptions, linting with the rules' defaults: ${result.configError}`);
      void vscode.window.showWarningMessage('Unblock: invalid rule options in settings; using the defaults.', 'Show log')
        .then((choice) => { if (choice) this.output.show(true); });
    }
    this.logWarnings(result.warnings);
    if (result.parseError) {
      // Half-typed code: keep the last good diagnostics (their quick fixes are disabled by
      // the version check) rather than flashing errors while the user types.
      return this.states.get(key);
    }
    const index = createLineIndex(text);
    const lookup = { severityFor: (/** @type {string} */ id) => severityFor(settings, id), docsUrlFor: (/** @type {string} */ id) => docsUrls[id], summaryFor: (/** @type {string} */ id) => summaries[id] };
    const records = result.messages.map((m) => toDiagnosticRecord(m, index, lookup)).filter((r) => r !== undefined);
    const diagnostics = records.map(toDiagnostic);
    const state = { version, records, diagnostics };
    this.states.set(key, state);
    this.collection.set(document.uri, diagnostics);
    this.changed.fire(document.uri);
    return state;
  }

  /**
   * The state of the last lint if it matches the document's current text.
   * @param {vscode.TextDocument} document
   */
  currentState(document) {
    const state = this.states.get(document.uri.toString());
    return state && state.version === document.version ? state : undefined;
  }

  /** @param {vscode.Uri} uri */
  clear(uri) {
    const key = uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    if (!this.states.delete(key)) return;
    this.collection.delete(uri);
    this.changed.fire(uri);
  }

  clearAll() {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.states.clear();
    this.collection.clear();
    this.changed.fire(undefined);
  }

  dispose() {
    this.clearAll();
    this.collection.dispose();
    this.changed.dispose();
  }
}
