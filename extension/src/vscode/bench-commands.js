// Benchmark commands: registered now, wired to the bench runner API in the next step.
import * as vscode from 'vscode';

/**
 * @param {vscode.ExtensionContext} context
 * @param {{ output: vscode.OutputChannel }} deps
 */
export function registerBenchCommands(context, { output }) {
  const notYet = () => output.appendLine('Benchmark commands are not wired yet.');
  context.subscriptions.push(
    vscode.commands.registerCommand('unblock.benchmarkFunction', notYet),
    vscode.commands.registerCommand('unblock.benchmarkFile', notYet),
    vscode.commands.registerCommand('unblock.benchmarkFixture', notYet),
  );
}
