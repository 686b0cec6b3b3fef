// The benchmark commands: "Benchmark this function", "Benchmark this file", "Benchmark a
// fixture…". Each runs the bench runner (loaded on first use) under a cancellable progress
// notification, logs to the Unblock output channel and opens the report webview. Benchmarks
// run workspace code, so they refuse to run in Restricted Mode.
import * as vscode from 'vscode';
import path from 'node:path';
import { readdir, readFile } from 'node:fs/promises';
import { LATENCY_CHOICES, adHocFixtureSpec, benchOptions, exportedNames, fixtureLabel, looksLikeFactory } from '../bench/choices.js';
import { showReport } from './report-panel.js';
import { applyFixToDocument, applyFunctionFix, openFixedCopy } from './apply-fix.js';

/** @typedef {typeof import('../bench/entry.js')} Bench */
/** @typedef {{ status: string, result?: any, message?: string, panel?: vscode.WebviewPanel }} BenchOutcome */

/** @type {Promise<Bench> | undefined} */
let benchPromise;
const loadBench = () => (benchPromise ??= import('../bench/entry.js'));

export const RESTRICTED_MESSAGE = 'Unblock: benchmarking runs this workspace\'s code, so it is disabled in Restricted Mode. Trust the workspace to benchmark; linting and quick fixes keep working.';

/**
 * @param {vscode.ExtensionContext} context
 * @param {{ output: vscode.OutputChannel, getSettings: () => import('../settings.js').Settings, linter: import('./linting.js').DocumentLinter }} deps
 */
export function registerBenchCommands(context, { output, getSettings, linter }) {
  /** @type {AbortController | undefined} */
  let running;
  const bundledFixtures = path.join(context.extensionPath, 'dist', 'pkg', 'fixtures');

  /**
   * The shared frame of every benchmark command.
   * @param {string} title
   * @param {(bench: Bench, hooks: { onProgress: (event: any) => void, signal: AbortSignal }) => Promise<any>} measure
   * @param {(bench: Bench, result: any) => { label: string, run: () => Promise<string> } | undefined} applyFor
   * @returns {Promise<BenchOutcome>}
   */
  async function runBenchmark(title, measure, applyFor) {
    if (running) {
      void vscode.window.showInformationMessage('Unblock: a benchmark is already running.');
      return { status: 'busy' };
    }
    const controller = new AbortController();
    running = controller;
    output.appendLine(`\n=== ${title} (${new Date().toISOString()}) ===`);
    try {
      const bench = await loadBench();
      /** @type {Promise<any> | undefined} */
      let measuring;
      // The notification closes as soon as the measuring is done: a finished run must not keep
      // offering Cancel while the runner stops its servers and removes its folders.
      await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `Unblock: ${title}`, cancellable: true },
        (progress, token) =>
          new Promise((resolve) => {
            token.onCancellationRequested(() => controller.abort(new Error('cancelled in VS Code')));
            let reported = 0;
            const onProgress = (/** @type {{ phase: string, message: string, fraction?: number }} */ event) => {
              output.appendLine(`[${event.phase}] ${event.message}`);
              if (event.phase === 'done') return resolve(undefined);
              const percent = Math.round((event.fraction ?? 0) * 100);
              progress.report({ message: `${event.message} (${percent}%)`, increment: Math.max(0, percent - reported) });
              reported = Math.max(reported, percent);
            };
            measuring = measure(bench, { onProgress, signal: controller.signal });
            measuring.then(resolve, resolve);
          }),
      );
      const result = await measuring;
      return report(bench, title, result, applyFor);
    } catch (error) {
      return failed(error);
    } finally {
      running = undefined;
      const bench = await benchPromise?.catch(() => undefined);
      const left = bench?.liveChildCount() ?? 0;
      if (left > 0) output.appendLine(`Warning: ${left === 1 ? '1 child process' : `${left} child processes`} of the bench runner still running.`);
    }
  }

  /**
   * @param {Bench} bench
   * @param {string} title
   * @param {any} result
   * @param {(bench: Bench, result: any) => { label: string, run: () => Promise<string> } | undefined} applyFor
   * @returns {BenchOutcome}
   */
  function report(bench, title, result, applyFor) {
    if (result.status === 'refused') {
      output.appendLine(`Refused: ${result.refusal}`);
      void vscode.window.showWarningMessage(`Unblock: cannot benchmark this function: ${result.refusal}`, 'Show log')
        .then((choice) => { if (choice) output.show(true); });
      return { status: 'refused', message: result.refusal };
    }
    if (result.status === 'nothing-to-fix') {
      const message = 'Unblock: the rules found nothing to fix here, so there is nothing to compare.';
      output.appendLine(message);
      void vscode.window.showInformationMessage(message);
      return { status: 'nothing-to-fix', message };
    }
    const entry = { fixture: result.fixture?.name ?? title, result };
    output.appendLine(bench.formatSummary([entry]));
    const note = result.function
      ? `${result.function.name} at ${path.basename(result.function.file)}:${result.function.line}. ${result.function.note}`
      : `${result.fixture?.title ?? title}`;
    const panel = showReport({ title: `Unblock: ${result.function?.name ?? result.fixture?.name ?? title}`, reportHtml: bench.renderHtml([entry]), note, apply: applyFor(bench, result), output });
    return { status: result.status, result, panel };
  }

  /**
   * One clear message per failure, with the details in the log.
   * @param {any} error
   * @returns {BenchOutcome}
   */
  function failed(error) {
    if (error?.code === 'ABORTED') {
      output.appendLine('Cancelled; every child process was stopped.');
      vscode.window.setStatusBarMessage('Unblock: benchmark cancelled', 4000);
      return { status: 'cancelled', message: error.message };
    }
    const message = error?.name === 'BenchError' ? error.message : `unexpected error: ${error?.message ?? error}`;
    output.appendLine(`Error: ${message}`);
    if (error?.details) output.appendLine(error.details);
    if (error?.name !== 'BenchError' && error?.stack) output.appendLine(error.stack);
    void vscode.window.showErrorMessage(`Unblock: ${message}`, 'Show log').then((choice) => { if (choice) output.show(true); });
    return { status: 'error', message };
  }

  function refuseIfRestricted() {
    if (vscode.workspace.isTrusted) return undefined;
    output.appendLine(RESTRICTED_MESSAGE);
    void vscode.window.showWarningMessage(RESTRICTED_MESSAGE, 'Manage Workspace Trust').then((choice) => {
      if (choice) void vscode.commands.executeCommand('workbench.trust.manage');
    });
    return { status: 'refused', message: RESTRICTED_MESSAGE };
  }

  /**
   * "Benchmark a fixture…": a quick pick over the workspace's fixtures and the bundled examples.
   * @param {{ fixture?: string } | undefined} args `fixture`: a bundled example's name or a folder path (skips the pick)
   */
  async function benchmarkFixture(args) {
    const refused = refuseIfRestricted();
    if (refused) return refused;
    let dir = args?.fixture ? resolveFixtureArg(args.fixture) : undefined;
    if (!dir) {
      const picked = await pickFixture();
      if (!picked) return { status: 'cancelled' };
      dir = picked;
    }
    const bundled = !path.relative(bundledFixtures, dir).startsWith('..');
    return runBenchmark(`benchmark ${path.basename(dir)}`, (bench, hooks) => bench.runComparison({ ...benchOptions(getSettings().bench), fixture: dir }, hooks),
      (bench, result) => fixtureApply(bench, result, dir, bundled));
  }

  /** @param {string} value */
  function resolveFixtureArg(value) {
    if (/^[\w.-]+$/.test(value)) return path.join(bundledFixtures, value);
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    return path.resolve(folder ?? process.cwd(), value);
  }

  async function pickFixture() {
    const found = await vscode.workspace.findFiles('**/fixtures/**/fixture.json', '**/node_modules/**', 200);
    const bundled = (await readdir(bundledFixtures).catch(() => [])).map((name) => vscode.Uri.file(path.join(bundledFixtures, name, 'fixture.json')));
    /** @type {(vscode.QuickPickItem & { dir: string })[]} */
    const items = [];
    for (const [uris, where] of /** @type {const} */ ([[found, 'workspace'], [bundled, 'bundled example']])) {
      const specs = await Promise.all(uris.map((uri) => readFile(uri.fsPath, 'utf8').then(JSON.parse, () => undefined)));
      if (uris.length) items.push({ label: where === 'workspace' ? 'Workspace' : 'Bundled examples', kind: vscode.QuickPickItemKind.Separator, dir: '' });
      uris.forEach((uri, i) => {
        const spec = specs[i];
        if (!spec) return;
        const dir = path.dirname(uri.fsPath);
        items.push({ label: fixtureLabel(spec, path.basename(dir)), description: where === 'workspace' ? vscode.workspace.asRelativePath(dir) : where, detail: spec.description, dir });
      });
    }
    const choice = await vscode.window.showQuickPick(items, { title: 'Unblock: benchmark a fixture', matchOnDescription: true, matchOnDetail: true, placeHolder: 'A folder with a fixture.json' });
    return choice?.dir;
  }

  /**
   * "Apply this fix" for a fixture or file: the runner's own after-source of each file it fixed
   * (the entry and the project files it imports), computed from their current text.
   * @param {Bench} bench
   * @param {any} result
   * @param {string} dir the fixture's folder (file names in the result are relative to it)
   * @param {boolean} readOnly bundled examples cannot be changed: open fixed copies instead
   */
  function fixtureApply(bench, result, dir, readOnly) {
    const fixed = (result.fix.files ?? [{ file: result.fixture.entry, changed: true }]).filter((/** @type {any} */ f) => f.changed).map((/** @type {any} */ f) => f.file);
    const afterOf = (/** @type {string} */ file) => async (/** @type {string} */ text) =>
      bench.buildAfterSource(text, { rules: result.settings.rules, filename: file, plugin: await bench.loadPlugin() }).source;
    const label = readOnly ? (fixed.length > 1 ? 'Open the fixed versions' : 'Open the fixed version') : 'Apply this fix';
    return {
      label,
      run: async () => {
        const lines = [];
        // One file after another on purpose: each is opened in an editor in turn, and the user
        // reviews them in the order the report lists them.
        // eslint-disable-next-line unblock/no-loop-waterfall
        for (const file of fixed) {
          const full = path.join(dir, file);
          lines.push(readOnly ? await openFixedCopy(full, afterOf(file)) : await applyFixToDocument(vscode.Uri.file(full), afterOf(file)));
        }
        return [...new Set(lines)].join(' ');
      },
    };
  }

  /**
   * "Benchmark this file": the active file is a module exporting a handler or server factory.
   * @param {{ export?: string, kind?: 'handler' | 'factory', route?: string } | undefined} args skip the questions (automation)
   */
  async function benchmarkFile(args) {
    const refused = refuseIfRestricted();
    if (refused) return refused;
    const document = vscode.window.activeTextEditor?.document;
    if (!document || document.isUntitled) {
      void vscode.window.showInformationMessage('Unblock: open a saved JavaScript module that exports a request handler or a server factory.');
      return { status: 'cancelled' };
    }
    if (!(await saveFirst(document))) return { status: 'cancelled' };
    const dir = path.dirname(document.uri.fsPath);
    const entry = path.basename(document.uri.fsPath);
    const ownSpec = await readFile(path.join(dir, 'fixture.json'), 'utf8').then(JSON.parse, () => undefined);
    if (ownSpec?.entry && path.resolve(dir, ownSpec.entry) === document.uri.fsPath) {
      return runBenchmark(`benchmark ${entry}`, (bench, hooks) => bench.runComparison({ ...benchOptions(getSettings().bench), fixture: dir }, hooks),
        (bench, result) => fixtureApply(bench, result, dir, false));
    }
    const names = exportedNames(document.getText());
    const exportName = args?.export ?? (names.length === 1 ? names[0] : (await vscode.window.showQuickPick(names.length ? names : ['default'], { title: 'Which export serves the requests?' })));
    if (!exportName) return { status: 'cancelled' };
    const guess = looksLikeFactory(exportName) ? 'factory' : 'handler';
    const kind = args?.kind ?? /** @type {'handler' | 'factory' | undefined} */ ((await vscode.window.showQuickPick(
      [guess, guess === 'factory' ? 'handler' : 'factory'].map((k) => ({ label: k, description: k === 'handler' ? '(req, res) => …' : 'returns an http.Server' })),
      { title: `Is ${exportName} a request handler or a server factory?` },
    ))?.label);
    if (!kind) return { status: 'cancelled' };
    const route = args?.route ?? (await vscode.window.showInputBox({ title: 'Which path should the load hit?', value: '/', validateInput: (v) => (v.startsWith('/') ? undefined : 'Start with /') }));
    if (!route) return { status: 'cancelled' };
    return runBenchmark(`benchmark ${entry}`, async (bench, hooks) => {
      const raw = adHocFixtureSpec({ name: path.parse(entry).name, entry, exportName, kind: /** @type {'handler' | 'factory'} */ (kind), route, rules: bench.KNOWN_RULES });
      const spec = bench.validateSpec(raw, `${entry} (from VS Code)`, raw.name);
      const fixture = { dir, entryPath: document.uri.fsPath, source: document.getText(), spec };
      return bench.runComparison({ ...benchOptions(getSettings().bench), fixture }, hooks);
    }, (bench, result) => fixtureApply(bench, result, dir, false));
  }

  /**
   * "Benchmark this function": the function around the cursor (or the CodeLens position), run
   * through the function harness with a latency model picked by the user.
   * @param {vscode.Uri | { latencyModel?: unknown } | undefined} uriOrArgs
   * @param {vscode.Position | undefined} position
   * @param {{ latencyModel?: unknown } | undefined} extra
   */
  async function benchmarkFunction(uriOrArgs, position, extra) {
    const refused = refuseIfRestricted();
    if (refused) return refused;
    const uri = uriOrArgs instanceof vscode.Uri ? uriOrArgs : vscode.window.activeTextEditor?.document.uri;
    const args = uriOrArgs instanceof vscode.Uri ? extra : uriOrArgs;
    if (!uri) {
      void vscode.window.showInformationMessage('Unblock: put the cursor in a function with a waterfall or a blocking call.');
      return { status: 'cancelled' };
    }
    const document = await vscode.workspace.openTextDocument(uri);
    const at = position ?? vscode.window.activeTextEditor?.selection.active;
    if (!at || document.isUntitled) {
      void vscode.window.showInformationMessage('Unblock: save the file and put the cursor in the function to benchmark.');
      return { status: 'cancelled' };
    }
    if (!(await saveFirst(document))) return { status: 'cancelled' };
    let latencyModel = args?.latencyModel;
    if (!latencyModel) {
      const choice = await vscode.window.showQuickPick(LATENCY_CHOICES, { title: 'How long does each awaited call take? (the backends are simulated)' });
      if (!choice) return { status: 'cancelled' };
      latencyModel = choice.model;
    }
    const line = at.line + 1;
    return runBenchmark(`benchmark ${path.basename(uri.fsPath)}:${line}`,
      (bench, hooks) => bench.benchmarkFunction({ ...benchOptions(getSettings().bench), file: uri.fsPath, line, latencyModel }, hooks),
      () => ({ label: 'Apply this fix', run: () => applyFunctionFix(linter, uri, at) }));
  }

  /** @param {vscode.TextDocument} document */
  async function saveFirst(document) {
    if (!document.isDirty) return true;
    const choice = await vscode.window.showWarningMessage(`Unblock benchmarks the file on disk. Save ${path.basename(document.uri.fsPath)} first?`, { modal: true }, 'Save and benchmark');
    return choice ? document.save() : false;
  }

  context.subscriptions.push(
    vscode.commands.registerCommand('unblock.benchmarkFixture', benchmarkFixture),
    vscode.commands.registerCommand('unblock.benchmarkFile', benchmarkFile),
    vscode.commands.registerCommand('unblock.benchmarkFunction', benchmarkFunction),
    vscode.commands.registerCommand('unblock.cancelBenchmark', () => {
      running?.abort(new Error('cancelled in VS Code'));
      return Boolean(running);
    }),
    { dispose: () => running?.abort(new Error('VS Code is shutting down')) },
  );
}
