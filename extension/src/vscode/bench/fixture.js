// "Benchmark a fixture…": a fixture folder (a fixture.json and the module it names) measured
// before and after the rules' fixes, with "Apply this fix" writing the fixes back.
import * as vscode from 'vscode';
import path from 'node:path';
import { readdir, readFile } from 'node:fs/promises';
import { benchOptions, fixtureLabel, isBenchFixture } from '../../bench/choices.js';
import { applyFixToDocument, openFixedCopy } from '../apply-fix.js';
import { refuseIfRestricted } from './guards.js';

/** @typedef {import('./session.js').BenchDeps} BenchDeps */

/**
 * The command: a quick pick over the workspace's fixtures and the bundled examples.
 * @param {BenchDeps} deps
 * @param {{ fixture?: string } | undefined} args `fixture`: a bundled example's name or a folder path (skips the pick)
 */
export async function benchmarkFixture(deps, args) {
  const refused = refuseIfRestricted(deps.output);
  if (refused) return refused;
  let dir = args?.fixture ? resolveFixtureArg(deps.bundledFixtures, args.fixture) : undefined;
  if (!dir) {
    const picked = await pickFixture(deps.bundledFixtures);
    if (!picked) return { status: 'cancelled' };
    dir = picked;
  }
  const bundled = !path.relative(deps.bundledFixtures, dir).startsWith('..');
  return benchmarkFixtureFolder(deps, `benchmark ${path.basename(dir)}`, dir, bundled);
}

/**
 * Measures the fixture in `dir` as the runner finds it on disk.
 * @param {BenchDeps} deps
 * @param {string} title
 * @param {string} dir
 * @param {boolean} readOnly see {@link fixtureApply}
 */
export function benchmarkFixtureFolder(deps, title, dir, readOnly) {
  return deps.session.run(title, (bench, hooks) => bench.runComparison({ ...benchOptions(deps.getSettings().bench), fixture: dir }, hooks),
    (bench, result) => fixtureApply(bench, result, dir, readOnly));
}

/**
 * A plain name is a bundled example; anything else is a folder, relative to the workspace.
 * @param {string} bundledFixtures
 * @param {string} value
 */
function resolveFixtureArg(bundledFixtures, value) {
  if (/^[\w.-]+$/.test(value)) return path.join(bundledFixtures, value);
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  return path.resolve(folder ?? process.cwd(), value);
}

/**
 * @param {string} bundledFixtures
 * @returns {Promise<string | undefined>} the picked fixture's folder
 */
async function pickFixture(bundledFixtures) {
  // Anywhere in the workspace, the project root included; only the bench's own fixture.json files are offered.
  const found = await vscode.workspace.findFiles('**/fixture.json', '**/node_modules/**', 200);
  const bundled = (await readdir(bundledFixtures).catch(() => [])).map((name) => vscode.Uri.file(path.join(bundledFixtures, name, 'fixture.json')));
  /** @type {(vscode.QuickPickItem & { dir: string })[]} */
  const items = [];
  for (const [uris, where] of /** @type {const} */ ([[found, 'workspace'], [bundled, 'bundled example']])) {
    const specs = await Promise.all(uris.map((uri) => readFile(uri.fsPath, 'utf8').then(JSON.parse, () => undefined)));
    if (uris.length) items.push({ label: where === 'workspace' ? 'Workspace' : 'Bundled examples', kind: vscode.QuickPickItemKind.Separator, dir: '' });
    uris.forEach((uri, i) => {
      const spec = specs[i];
      // A fixture.json that does not parse, or is another tool's, is not offered.
      if (!isBenchFixture(spec)) return;
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
 * @param {import('./session.js').Bench} bench
 * @param {any} result
 * @param {string} dir the fixture's folder (file names in the result are relative to it)
 * @param {boolean} readOnly bundled examples cannot be changed: open fixed copies instead
 * @returns {import('./session.js').ApplyAction}
 */
export function fixtureApply(bench, result, dir, readOnly) {
  const fixed = (result.fix.files ?? [{ file: result.fixture.entry, changed: true }]).filter((/** @type {any} */ f) => f.changed).map((/** @type {any} */ f) => f.file);
  // Linted under its own path in its project, as the runner linted it: the same rewrite, TypeScript included.
  const afterOf = (/** @type {string} */ file) => async (/** @type {string} */ text) =>
    bench.buildAfterSource(text, { rules: result.settings.rules, filename: file, plugin: await bench.loadPlugin(), lintPath: path.join(dir, file), cwd: dir }).source;
  const label = readOnly ? (fixed.length > 1 ? 'Open the fixed versions' : 'Open the fixed version') : 'Apply this fix';
  return {
    label,
    run: async () => {
      const lines = [];
      // One file after another on purpose: each is opened in an editor in turn, and the user
      // reviews them in the order the report lists them.
      for (const file of fixed) {
        const full = path.join(dir, file);
        lines.push(readOnly ? await openFixedCopy(full, afterOf(file)) : await applyFixToDocument(vscode.Uri.file(full), afterOf(file)));
      }
      return [...new Set(lines)].join(' ');
    },
  };
}
