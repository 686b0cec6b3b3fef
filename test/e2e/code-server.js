// Starts code-server (a real VS Code server and extension host) under Node 24 on a free local
// port with throwaway user-data and extension folders, and stops it by its PID.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { codeServerEntry, node24Bin } from './paths.js';

/** @returns {Promise<number>} a port the OS says is free right now */
async function freePort() {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = /** @type {net.AddressInfo} */ (server.address());
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * @param {object} options
 * @param {boolean} options.trust false to keep Workspace Trust on (the folder opens in Restricted Mode)
 * @param {Record<string, string>} [options.env] extra environment for the server and its extension host
 * @param {Record<string, unknown>} [options.userSettings] the user's settings.json
 * @param {(line: string) => void} [options.log]
 */
export async function startCodeServer({ trust, env = {}, userSettings = {}, log = () => {} }) {
  const port = await freePort();
  const home = await mkdtemp(path.join(os.tmpdir(), 'unblock-e2e-vscode-'));
  await mkdir(path.join(home, 'user-data', 'User'), { recursive: true });
  await writeFile(path.join(home, 'user-data', 'User', 'settings.json'), JSON.stringify(userSettings, null, 2));
  const args = [
    codeServerEntry,
    '--auth', 'none',
    '--bind-addr', `127.0.0.1:${port}`,
    '--user-data-dir', path.join(home, 'user-data'),
    '--extensions-dir', path.join(home, 'extensions'),
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-getting-started-override',
    '--ignore-last-opened',
    // Without it the built workbench ignores the extension-test payload in the URL.
    '--vscode-option', 'enable-smoke-test-driver',
    ...(trust ? ['--disable-workspace-trust'] : []),
  ];
  // Its own process group, so stopping it also ends its file watcher and extension host.
  const child = spawn(node24Bin, args, {
    env: { ...process.env, ...env, EXTENSIONS_GALLERY: '{}' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const killGroup = (/** @type {NodeJS.Signals} */ signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  // If this runner dies first, the server must not outlive it.
  const onExit = () => killGroup('SIGKILL');
  process.on('exit', onExit);
  const forward = (/** @type {Buffer} */ chunk) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) log(line);
  };
  child.stdout.on('data', forward);
  child.stderr.on('data', forward);
  const exited = once(child, 'exit');

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`code-server exited with code ${child.exitCode} before it was ready`);
    const ok = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      killGroup('SIGKILL');
      throw new Error('code-server did not answer /healthz within 30 s');
    }
    await sleep(200);
  }

  return {
    url,
    port,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        killGroup('SIGTERM');
        // Its file watcher can linger for many seconds after SIGTERM; do not wait for it.
        const timer = setTimeout(() => killGroup('SIGKILL'), 3000);
        await exited;
        clearTimeout(timer);
      }
      killGroup('SIGKILL');
      process.off('exit', onExit);
      await rm(home, { recursive: true, force: true });
    },
  };
}
