// Builds the extension, packages it into a .vsix with @vscode/vsce, and installs that .vsix
// with code-server into a folder of its own: the tests then run exactly what would ship.
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { runCommand } from './run-command.js';
import { cacheDir, codeServerEntry, extensionDir, node24Bin, repoRoot } from './paths.js';

export const vsixPath = path.join(cacheDir, 'unblock.vsix');
const installDir = path.join(cacheDir, 'installed-extension');

/** @returns {Promise<{ vsixPath: string, vsixBytes: number, extensionPath: string }>} */
export async function packageAndInstallExtension() {
  await runCommand(process.execPath, [path.join(extensionDir, 'scripts', 'build.mjs')], { cwd: extensionDir });
  const vsce = path.join(repoRoot, 'node_modules', '@vscode', 'vsce', 'vsce');
  await runCommand(process.execPath, [vsce, 'package', '--no-dependencies', '--skip-license', '--out', vsixPath], { cwd: extensionDir });
  await rm(installDir, { recursive: true, force: true });
  await runCommand(node24Bin, [codeServerEntry, '--extensions-dir', installDir, '--install-extension', vsixPath, '--force'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const folder = (await readdir(installDir)).find((name) => name.startsWith('unblock.unblock-vscode-'));
  if (!folder) throw new Error(`installing ${vsixPath} did not create the extension folder in ${installDir}`);
  return { vsixPath, vsixBytes: (await stat(vsixPath)).size, extensionPath: path.join(installDir, folder) };
}
