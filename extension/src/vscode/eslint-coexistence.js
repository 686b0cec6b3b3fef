// When the project already runs eslint-plugin-unblock through the ESLint extension, every
// problem would show twice. After activation (never during it), look for that setup once per
// workspace and offer to turn the in-process linting off.
import * as vscode from 'vscode';
import path from 'node:path';
import { readFile } from 'node:fs/promises';

const DISMISSED_KEY = 'unblock.eslintCoexistence.dismissed';

/**
 * @param {string} folder
 * @returns {Promise<boolean>} whether the folder's package.json depends on eslint-plugin-unblock
 */
async function projectUsesPlugin(folder) {
  const text = await readFile(path.join(folder, 'package.json'), 'utf8').catch(() => undefined);
  if (!text) return false;
  try {
    const manifest = JSON.parse(text);
    return ['dependencies', 'devDependencies', 'peerDependencies'].some((field) => manifest[field] && 'eslint-plugin-unblock' in manifest[field]);
  } catch {
    return false;
  }
}

/**
 * @param {vscode.ExtensionContext} context
 * @param {() => import('../settings.js').Settings} getSettings
 */
export async function offerToAvoidDuplicates(context, getSettings) {
  const settings = getSettings();
  if (!settings.enable || !settings.lintEnable || context.workspaceState.get(DISMISSED_KEY)) return;
  if (!vscode.extensions.getExtension('dbaeumer.vscode-eslint')) return;
  const folders = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file');
  const uses = await Promise.all(folders.map((f) => projectUsesPlugin(f.uri.fsPath)));
  if (!uses.some(Boolean)) return;
  const choice = await vscode.window.showInformationMessage(
    'Unblock: this project runs eslint-plugin-unblock through the ESLint extension, so each problem may show twice. Turn off Unblock\'s own linting here? (Quick fixes from ESLint and the benchmark commands keep working.)',
    'Turn off for this workspace',
    'Keep both',
  );
  if (choice === 'Turn off for this workspace') {
    await vscode.workspace.getConfiguration('unblock').update('lint.enable', false, vscode.ConfigurationTarget.Workspace);
  }
  if (choice) await context.workspaceState.update(DISMISSED_KEY, true);
}
