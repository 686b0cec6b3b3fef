// Packages the extension for this machine's target with the same script that writes the
// published .vsix files (extension/scripts/package-targets.mjs: that target's native bindings
// only, checked), and installs that .vsix with code-server into a folder of its own: the tests
// then run exactly what would ship.
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { runCommand } from './run-command.js';
import { cacheDir, codeServerEntry, node24Bin } from './paths.js';
import { packageTargets } from '../../extension/scripts/package-targets.mjs';
import { hostTarget } from '../../extension/scripts/targets.mjs';

const installDir = path.join(cacheDir, 'installed-extension');

/** @returns {Promise<{ vsixPath: string, vsixBytes: number, extensionPath: string }>} */
export async function packageAndInstallExtension() {
  const target = hostTarget();
  if (!target) throw new Error(`no .vsix is built for ${process.platform}-${process.arch}, so the end-to-end suite cannot run here`);
  const [{ file: vsixPath, bytes: vsixBytes }] = await packageTargets({ targets: [target] });
  await rm(installDir, { recursive: true, force: true });
  await runCommand(node24Bin, [codeServerEntry, '--extensions-dir', installDir, '--install-extension', vsixPath, '--force'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const folder = (await readdir(installDir)).find((name) => name.startsWith('unblock.unblock-vscode-'));
  if (!folder) throw new Error(`installing ${vsixPath} did not create the extension folder in ${installDir}`);
  return { vsixPath, vsixBytes, extensionPath: path.join(installDir, folder) };
}
