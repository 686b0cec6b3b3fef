// "Benchmark this file": the active file is a module exporting a request handler or a server
// factory, measured as a fixture; a fixture.json that names it (beside it, or in a folder above it
// up to the workspace folder: the project root) answers the questions when there is one.
import * as vscode from 'vscode';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { adHocFixtureSpec, benchOptions, exportedNames, looksLikeFactory, owningFixtureDir } from '../../bench/choices.js';
import { refuseIfRestricted, saveFirst } from './guards.js';
import { benchmarkFixtureFolder, fixtureApply } from './fixture.js';

/** @typedef {{ export?: string, kind?: 'handler' | 'factory', route?: string }} ServeAnswers */

/**
 * @param {import('./session.js').BenchDeps} deps
 * @param {ServeAnswers | undefined} args skip the questions (automation)
 */
export async function benchmarkFile(deps, args) {
  const refused = refuseIfRestricted(deps.output);
  if (refused) return refused;
  const document = vscode.window.activeTextEditor?.document;
  if (!document || document.isUntitled) {
    void vscode.window.showInformationMessage('Unblock: open a saved JavaScript or TypeScript module that exports a request handler or a server factory.');
    return { status: 'cancelled' };
  }
  if (!(await saveFirst(document))) return { status: 'cancelled' };
  const dir = path.dirname(document.uri.fsPath);
  const entry = path.basename(document.uri.fsPath);
  const workspace = vscode.workspace.getWorkspaceFolder(document.uri)?.uri.fsPath ?? dir;
  const fixtureDir = await owningFixtureDir(document.uri.fsPath, workspace, (file) => readFile(file, 'utf8').then(JSON.parse, () => undefined));
  if (fixtureDir) return benchmarkFixtureFolder(deps, `benchmark ${entry}`, fixtureDir, false);
  const answers = await askHowItServes(document, args);
  if (!answers) return { status: 'cancelled' };
  return deps.session.run(`benchmark ${entry}`, async (bench, hooks) => {
    const raw = adHocFixtureSpec({ name: path.parse(entry).name, entry, ...answers, rules: bench.KNOWN_RULES });
    const spec = bench.validateSpec(raw, `${entry} (from VS Code)`, raw.name);
    // The runner measures the editor's text (just saved), through a fixture made up on the spot.
    const fixture = { dir, entryPath: document.uri.fsPath, source: document.getText(), spec };
    return bench.runComparison({ ...benchOptions(deps.getSettings().bench), fixture }, hooks);
  }, (bench, result) => fixtureApply(bench, result, dir, false));
}

/**
 * Which export serves the requests, whether it is a handler or a factory, and which path the
 * load hits: each from `args` when given, else asked (the likely answer first).
 * @param {vscode.TextDocument} document
 * @param {ServeAnswers | undefined} args
 * @returns {Promise<{ exportName: string, kind: 'handler' | 'factory', route: string } | undefined>} undefined when the user gave up
 */
async function askHowItServes(document, args) {
  const names = exportedNames(document.getText());
  const exportName = args?.export ?? (names.length === 1 ? names[0] : (await vscode.window.showQuickPick(names.length ? names : ['default'], { title: 'Which export serves the requests?' })));
  if (!exportName) return undefined;
  const guess = looksLikeFactory(exportName) ? 'factory' : 'handler';
  const kind = args?.kind ?? /** @type {'handler' | 'factory' | undefined} */ ((await vscode.window.showQuickPick(
    [guess, guess === 'factory' ? 'handler' : 'factory'].map((k) => ({ label: k, description: k === 'handler' ? '(req, res) => …' : 'returns an http.Server' })),
    { title: `Is ${exportName} a request handler or a server factory?` },
  ))?.label);
  if (!kind) return undefined;
  const route = args?.route ?? (await vscode.window.showInputBox({ title: 'Which path should the load hit?', value: '/', validateInput: (v) => (v.startsWith('/') ? undefined : 'Start with /') }));
  if (!route) return undefined;
  return { exportName, kind, route };
}
