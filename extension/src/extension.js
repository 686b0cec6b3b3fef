// Entry point: wires the lint engine, diagnostics, code actions, CodeLens and commands into
// VS Code. Activation only registers things; the ESLint engine (the heavy part) starts on a
// worker thread at the first lint, and the bench runner loads on the first benchmark.
import * as vscode from 'vscode';
import { readSettings } from './settings.js';
import { DocumentLinter } from './vscode/linting.js';
import { UnblockCodeActions } from './vscode/code-actions.js';
import { UnblockCodeLenses } from './vscode/code-lens.js';
import { fixAllCommand } from './vscode/fix-all.js';
import { registerBenchCommands } from './vscode/bench-commands.js';
import { SUPPORTED_LANGUAGE_IDS } from './lint/language.js';
import { offerToAvoidDuplicates } from './vscode/eslint-coexistence.js';
import { LintClient } from './lint/lint-client.js';
import path from 'node:path';

/** Set by the bundle's first and last lines (scripts/build.mjs): how long loading this file took. */
const marks = /** @type {{ __unblockLoadStart?: number, __unblockLoadEnd?: number }} */ (globalThis);

/** Milliseconds spent where, for the measurements in the README (exposed to the e2e tests). */
const timings = { loadMs: NaN, activateMs: NaN };

/**
 * @param {vscode.ExtensionContext} context
 */
export function activate(context) {
  const started = performance.now();
  const output = vscode.window.createOutputChannel('Unblock');
  context.subscriptions.push(output);

  let settings = loadSettings(output);
  const getSettings = () => settings;
  // The lint engine runs on a worker thread, started on the first lint.
  const engine = new LintClient(path.join(context.extensionPath, 'dist', 'lint-worker.js'), (line) => output.appendLine(line));
  const linter = new DocumentLinter({ engine, getSettings, output });
  context.subscriptions.push(engine, linter);

  /** @param {readonly vscode.Uri[]} uris */
  const projectFilesChanged = async (uris) => {
    const onDisk = uris.filter((uri) => uri.scheme === 'file');
    if (onDisk.length === 0) return;
    await Promise.all(onDisk.map((uri) => engine.forget(uri.fsPath).catch((error) => output.appendLine(`[unblock] ${error}`))));
    for (const document of vscode.workspace.textDocuments) if (document.uri.scheme === 'file') linter.schedule(document);
  };

  const selector = SUPPORTED_LANGUAGE_IDS.flatMap((language) => [
    { language, scheme: 'file' },
    { language, scheme: 'untitled' },
  ]);
  const codeLenses = new UnblockCodeLenses(linter, getSettings);
  context.subscriptions.push(
    codeLenses,
    vscode.languages.registerCodeActionsProvider(selector, new UnblockCodeActions(linter), UnblockCodeActions.metadata),
    vscode.languages.registerCodeLensProvider(selector, codeLenses),
    vscode.workspace.onDidOpenTextDocument((document) => linter.schedule(document)),
    vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.contentChanges.length > 0) linter.schedule(event.document);
    }),
    vscode.workspace.onDidCloseTextDocument((document) => linter.clear(document.uri)),
    // Other files' findings depend on this one's body and callers (the project index): re-read it, re-lint the rest.
    vscode.workspace.onDidSaveTextDocument((document) => projectFilesChanged([document.uri])),
    vscode.workspace.onDidCreateFiles((event) => projectFilesChanged(event.files)),
    vscode.workspace.onDidDeleteFiles((event) => projectFilesChanged(event.files)),
    vscode.workspace.onDidRenameFiles((event) => projectFilesChanged(event.files.flatMap((file) => [file.oldUri, file.newUri]))),
    // VS Code keeps a closed file's document alive for a while; the user closed it when its
    // last tab went away, so clear its problems then.
    vscode.window.tabGroups.onDidChangeTabs((event) => {
      for (const uri of closedUris(event.closed)) linter.clear(uri);
    }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (!event.affectsConfiguration('unblock')) return;
      settings = loadSettings(output);
      linter.clearAll();
      if (settings.enable && settings.lintEnable) for (const document of vscode.workspace.textDocuments) linter.schedule(document);
    }),
    vscode.commands.registerCommand('unblock.fixAll', (/** @type {vscode.Uri | undefined} */ uri) => fixAllCommand(linter, uri)),
    vscode.commands.registerCommand('unblock.showFixes', showFixes),
    vscode.commands.registerCommand('unblock.showOutput', () => output.show(true)),
  );
  registerBenchCommands(context, { output, getSettings, linter });
  // What `unblock-bench observe` measured changes the reports (their measured time, start-up code dropped).
  const observed = vscode.workspace.createFileSystemWatcher('**/.unblock/observed.json');
  const relintAll = () => {
    for (const document of vscode.workspace.textDocuments) linter.schedule(document);
  };
  context.subscriptions.push(observed, observed.onDidChange(relintAll), observed.onDidCreate(relintAll), observed.onDidDelete(relintAll));

  for (const document of vscode.workspace.textDocuments) linter.schedule(document);
  // File reads after activation, not during it.
  const coexistence = setTimeout(() => {
    offerToAvoidDuplicates(context, getSettings).catch((error) => output.appendLine(`ESLint check failed: ${error}`));
  }, 2000);
  context.subscriptions.push({ dispose: () => clearTimeout(coexistence) });

  timings.loadMs = (marks.__unblockLoadEnd ?? NaN) - (marks.__unblockLoadStart ?? NaN);
  timings.activateMs = performance.now() - started;
  output.appendLine(`Unblock activated: ${timings.loadMs.toFixed(1)} ms to load, ${timings.activateMs.toFixed(1)} ms in activate() (the lint worker starts on the first lint).`);

  // A small API for the end-to-end tests and for other extensions.
  return {
    timings: () => ({ ...timings, engineLoadMs: engine.engineLoadMs }),
    /** Lints a document now, bypassing the debounce; resolves with the diagnostics. */
    lintNow: async (/** @type {vscode.Uri} */ uri) => {
      const document = await vscode.workspace.openTextDocument(uri);
      const state = await linter.lint(document);
      return { diagnostics: state?.diagnostics ?? [], lintMs: linter.lastLintMs };
    },
    lastLintMs: () => linter.lastLintMs,
  };
}

/**
 * @param {vscode.OutputChannel} output
 */
function loadSettings(output) {
  const config = vscode.workspace.getConfiguration('unblock');
  const { settings, problems } = readSettings((key) => config.get(key));
  for (const problem of problems) output.appendLine(`Setting ignored: ${problem}`);
  return settings;
}

/**
 * Files whose last tab was among the closed ones.
 * @param {readonly vscode.Tab[]} closed
 */
function closedUris(closed) {
  const open = new Set(vscode.window.tabGroups.all.flatMap((group) => group.tabs).map(tabUri).filter(Boolean).map(String));
  return closed.map(tabUri).filter((uri) => uri && !open.has(uri.toString()));
}

/** @param {vscode.Tab} tab */
function tabUri(tab) {
  return tab.input instanceof vscode.TabInputText ? tab.input.uri : undefined;
}

/**
 * CodeLens action: put the cursor on the reported line and open the quick fix menu.
 * @param {vscode.Uri} uri
 * @param {vscode.Position} position
 */
async function showFixes(uri, position) {
  const editor = await vscode.window.showTextDocument(uri);
  editor.selection = new vscode.Selection(position, position);
  await vscode.commands.executeCommand('editor.action.quickFix');
}

export function deactivate() {}
