// "Benchmark this function": the function around the cursor (or the CodeLens position), run
// through the bench runner's function harness with a latency model picked by the user.
import * as vscode from 'vscode';
import path from 'node:path';
import { LATENCY_CHOICES, benchOptions } from '../../bench/choices.js';
import { applyFunctionFix } from '../apply-fix.js';
import { refuseIfRestricted, saveFirst } from './guards.js';

/**
 * From the CodeLens the arguments are (uri, position); from the palette or automation, (args).
 * @param {import('./session.js').BenchDeps} deps
 * @param {vscode.Uri | { latencyModel?: unknown } | undefined} uriOrArgs
 * @param {vscode.Position | undefined} position
 * @param {{ latencyModel?: unknown } | undefined} extra
 */
export async function benchmarkFunction(deps, uriOrArgs, position, extra) {
  const refused = refuseIfRestricted(deps.output);
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
    // The awaited calls are simulated, so the user says how long each one takes.
    const choice = await vscode.window.showQuickPick(LATENCY_CHOICES, { title: 'How long does each awaited call take? (the backends are simulated)' });
    if (!choice) return { status: 'cancelled' };
    latencyModel = choice.model;
  }
  const line = at.line + 1;
  return deps.session.run(`benchmark ${path.basename(uri.fsPath)}:${line}`,
    (bench, hooks) => bench.benchmarkFunction({ ...benchOptions(deps.getSettings().bench), file: uri.fsPath, line, latencyModel }, hooks),
    () => ({ label: 'Apply this fix', run: () => applyFunctionFix(deps.linter, uri, at) }));
}

