// "Measure" (the CodeLens next to "Benchmark", and the command): runs `unblock-bench observe` on
// the fixture of the project around the file — its own server, instrumented, under the
// fixture's load — shows what each finding cost per request and what the rules missed, and
// writes .unblock/observed.json, which the rules read back: the reports then carry the measured
// time (in the hover and the lens) and start-up-only code stops being reported.
import * as vscode from 'vscode';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { isBenchFixture } from '../../bench/choices.js';
import { showReport } from '../report-panel.js';
import { refuseIfRestricted } from './guards.js';

export const NO_FIXTURE_MESSAGE = 'Unblock: measuring runs your server under the load a fixture.json describes (its routes, how the module is served). Add one next to the module that creates your server or exports its handler; see docs/bench.md#fixturejson.';

/**
 * @param {import('./session.js').BenchDeps} deps
 * @param {vscode.Uri | undefined} uri the file the lens is in (the active editor's from the palette)
 */
export async function measureProject(deps, uri) {
  const refused = refuseIfRestricted(deps.output);
  if (refused) return refused;
  const file = uri ?? vscode.window.activeTextEditor?.document.uri;
  const dir = await findFixture(file);
  if (!dir) {
    deps.output.appendLine(NO_FIXTURE_MESSAGE);
    void vscode.window.showInformationMessage(NO_FIXTURE_MESSAGE);
    return { status: 'no-fixture', message: NO_FIXTURE_MESSAGE };
  }
  const { duration, threadPoolSize } = deps.getSettings().bench;
  const options = { fixture: dir, ...(duration !== undefined ? { duration } : {}), ...(threadPoolSize !== undefined ? { threadpoolSize: threadPoolSize } : {}) };
  return deps.session.run(`measure ${path.basename(dir)}`, (bench, hooks) => bench.runObserve(options, hooks), () => undefined, async (bench, observation) => {
    const written = bench.defaultObservedFile(observation);
    await bench.writeObservation(observation, written);
    deps.output.appendLine(bench.formatObservation(observation, { observedFile: written }));
    // The rules read the new observations at the next lint of each file.
    for (const document of vscode.workspace.textDocuments) deps.linter.schedule(document);
    const panel = showReport({
      title: `Unblock: measured ${observation.fixture.name}`,
      reportHtml: bench.renderObservationHtml(observation),
      note: `Wrote ${vscode.workspace.asRelativePath(written)}: the reports now say what they cost per request.`,
      apply: undefined,
      output: deps.output,
    });
    return { status: 'measured', result: observation, panel };
  });
}

/**
 * The fixture to run: the nearest folder with a bench fixture.json at or above the file, else the
 * only one in the workspace, else the one the user picks. (Other tools' fixture.json files are
 * left out.)
 * @param {vscode.Uri | undefined} file
 * @returns {Promise<string | undefined>}
 */
async function findFixture(file) {
  const folder = file && vscode.workspace.getWorkspaceFolder(file)?.uri.fsPath;
  if (file?.scheme === 'file' && folder) {
    for (let dir = path.dirname(file.fsPath); !path.relative(folder, dir).startsWith('..'); dir = path.dirname(dir)) {
      if (isBenchFixture(await readJson(path.join(dir, 'fixture.json')))) return dir;
      if (dir === folder || path.dirname(dir) === dir) break;
    }
  }
  const found = await vscode.workspace.findFiles('**/fixture.json', '**/node_modules/**', 50);
  const specs = await Promise.all(found.map((uri) => readJson(uri.fsPath)));
  const dirs = found.filter((_, i) => isBenchFixture(specs[i])).map((uri) => path.dirname(uri.fsPath));
  if (dirs.length <= 1) return dirs[0];
  const picked = await vscode.window.showQuickPick(dirs.map((dir) => ({ label: vscode.workspace.asRelativePath(dir), dir })), { title: 'Unblock: which fixture runs this server?' });
  return picked?.dir;
}

/** @param {string} file */
function readJson(file) {
  return readFile(file, 'utf8').then(JSON.parse, () => undefined).catch(() => undefined);
}
