// CodeLens above each reported group: what could run together (opens the quick fixes) and
// "Benchmark" (measures this function before and after the fix), offered only on findings the
// bench can measure. See README for why a CodeLens rather than an inlay hint.
import * as vscode from 'vscode';
import { lensTitle } from '../mapping/lens.js';
import { measureLensTitle } from '../mapping/measured.js';
import { toRange } from './convert.js';

/** @implements {vscode.CodeLensProvider} */
export class UnblockCodeLenses {
  /**
   * @param {import('./linting.js').DocumentLinter} linter
   * @param {() => import('../settings.js').Settings} getSettings
   */
  constructor(linter, getSettings) {
    this.linter = linter;
    this.getSettings = getSettings;
    this.changed = new vscode.EventEmitter();
    this.onDidChangeCodeLenses = this.changed.event;
    /** Documents whose lenses are being computed right now (they will include the new lint). */
    this.inFlight = new Set();
    /** What the last answer per document showed, so a lint that changes nothing stays quiet. */
    this.shown = new Map();
    this.subscriptions = [
      linter.onDidChange((uri) => {
        if (!uri) {
          this.shown.clear();
          this.changed.fire();
          return;
        }
        const key = uri.toString();
        // A refresh here would cancel the request that is about to answer with these lenses,
        // and VS Code may wait long before asking again.
        if (this.inFlight.has(key)) return;
        const records = linter.states.get(key)?.records;
        if (!records) this.shown.delete(key);
        else if (this.shown.get(key) === this.signature(records)) return;
        this.changed.fire();
      }),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.changed.fire()),
      this.changed,
    ];
  }

  /** @param {import('../mapping/diagnostics.js').DiagnosticRecord[] | undefined} records */
  signature(records) {
    return (records ?? []).map((r) => `${r.range.start.line}:${r.ruleId}:${r.message}`).join('\n');
  }

  dispose() {
    for (const subscription of this.subscriptions) subscription.dispose();
  }

  /** @param {vscode.TextDocument} document */
  async provideCodeLenses(document) {
    const settings = this.getSettings();
    if (!settings.enable || !settings.codeLensEnable) return [];
    // Asked before the debounced lint ran (a file just opened, or edited): lint now rather
    // than answer "none" and rely on a later refresh.
    const key = document.uri.toString();
    this.inFlight.add(key);
    let state;
    try {
      state = this.linter.currentState(document) ?? (await this.linter.lint(document));
    } finally {
      this.inFlight.delete(key);
    }
    if (!state || state.version !== document.version) return [];
    this.shown.set(key, this.signature(state.records));
    // Benchmarking runs workspace code: no "Benchmark" lens in Restricted Mode.
    const trusted = vscode.workspace.isTrusted;
    return state.records.flatMap((record) => {
      const range = toRange({ start: record.range.start, end: record.range.start });
      const lenses = [
        new vscode.CodeLens(range, {
          title: lensTitle(record),
          tooltip: 'Show the quick fixes for this problem',
          command: 'unblock.showFixes',
          arguments: [document.uri, range.start],
        }),
      ];
      // Only where the bench can measure the finding (its own predicate, set on the record by the lint).
      if (trusted && record.benchable) {
        lenses.push(new vscode.CodeLens(range, {
          title: 'Benchmark',
          tooltip: 'Measure this function before and after the fix (simulated backends)',
          command: 'unblock.benchmarkFunction',
          arguments: [document.uri, range.start],
        }));
      }
      // "Measure" runs the app's own server (unblock-bench observe): any report can be measured there.
      if (trusted) {
        lenses.push(new vscode.CodeLens(range, {
          title: measureLensTitle(record.message),
          tooltip: 'Run the server under its fixture\'s load, instrumented, and measure what this costs per request (unblock-bench observe)',
          command: 'unblock.measure',
          arguments: [document.uri],
        }));
      }
      return lenses;
    });
  }
}
