// The benchmark commands: "Benchmark this function", "Benchmark this file", "Benchmark a
// fixture…" and "Cancel the running benchmark". Each runs the bench runner (loaded on first
// use) under a cancellable progress notification, logs to the Unblock output channel and opens
// the report webview; the jobs live in ./bench/. Benchmarks run workspace code, so they refuse
// to run in Restricted Mode.
import * as vscode from 'vscode';
import path from 'node:path';
import { BenchSession } from './bench/session.js';
import { benchmarkFixture } from './bench/fixture.js';
import { benchmarkFile } from './bench/file.js';
import { benchmarkFunction } from './bench/function.js';
import { measureProject } from './bench/measure.js';

export { RESTRICTED_MESSAGE } from './bench/guards.js';

/**
 * @param {vscode.ExtensionContext} context
 * @param {{ output: vscode.OutputChannel, getSettings: () => import('../settings.js').Settings, linter: import('./linting.js').DocumentLinter }} deps
 */
export function registerBenchCommands(context, { output, getSettings, linter }) {
  // One session for all commands: only one benchmark runs at a time, whichever started it.
  const session = new BenchSession(output);
  /** @type {import('./bench/session.js').BenchDeps} */
  const deps = { session, output, getSettings, linter, bundledFixtures: path.join(context.extensionPath, 'dist', 'pkg', 'fixtures') };
  context.subscriptions.push(
    vscode.commands.registerCommand('unblock.benchmarkFixture', (args) => benchmarkFixture(deps, args)),
    vscode.commands.registerCommand('unblock.benchmarkFile', (args) => benchmarkFile(deps, args)),
    vscode.commands.registerCommand('unblock.benchmarkFunction', (uriOrArgs, position, extra) => benchmarkFunction(deps, uriOrArgs, position, extra)),
    vscode.commands.registerCommand('unblock.cancelBenchmark', () => session.cancel('cancelled in VS Code')),
    vscode.commands.registerCommand('unblock.measure', (/** @type {vscode.Uri | undefined} */ uri) => measureProject(deps, uri)),
    { dispose: () => void session.cancel('VS Code is shutting down') },
  );
}
