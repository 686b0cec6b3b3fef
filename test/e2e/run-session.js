// One end-to-end session: a fresh copy of the test workspace, code-server with the packaged
// extension as the development extension, headless Chromium on the workbench, and the mocha
// suite `suite/<name>.test.cjs` inside the extension host. Resolves with the suite's results.
import { cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCodeServer } from './code-server.js';
import { launchBrowser } from './browser.js';
import { serveControlRequests } from './control-channel.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const workspaceTemplate = path.join(here, 'fixtures', 'workspace');
const suiteIndex = path.join(here, 'suite', 'index.cjs');

/** Keeps the workbench quiet and predictable for screenshots. */
const USER_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'security.workspace.trust.startupPrompt': 'never',
  'security.workspace.trust.banner': 'always',
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'window.commandCenter': false,
  'chat.disableAIFeatures': true,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'typescript.disableAutomaticTypeAcquisition': true,
};

/**
 * @param {object} options
 * @param {'trusted' | 'restricted'} options.suite
 * @param {string} options.extensionPath the installed (unpacked) .vsix
 * @param {string} options.artifactsDir
 * @param {number} [options.timeoutMs]
 * @returns {Promise<{ exitCode: number, results: { title: string, state: string, error?: string, ms?: number }[], measurements: Record<string, unknown>, log: string[] }>}
 */
export async function runSession({ suite, extensionPath, artifactsDir, timeoutMs = 300_000 }) {
  const scratch = await mkdtemp(path.join(os.tmpdir(), `unblock-e2e-${suite}-`));
  const workspace = path.join(scratch, 'workspace');
  const controlDir = path.join(scratch, 'control');
  await cp(workspaceTemplate, workspace, { recursive: true });
  await mkdir(controlDir);
  /** @type {string[]} */
  const log = [];
  const [server, { browser, page }] = await Promise.all([
    startCodeServer({
      trust: suite === 'trusted',
      env: { UNBLOCK_E2E_SUITE: suite, UNBLOCK_E2E_CONTROL: controlDir },
      userSettings: USER_SETTINGS,
      log: (line) => log.push(`[code-server] ${line}`),
    }),
    launchBrowser(),
  ]);
  const control = serveControlRequests(controlDir, page, artifactsDir);
  try {
    /** @type {(code: number) => void} */
    let onExit = () => {};
    const exited = new Promise((resolve) => {
      onExit = resolve;
    });
    await page.exposeFunction('codeAutomationExit', (/** @type {number} */ code) => onExit(code));
    await page.exposeFunction('codeAutomationLog', (/** @type {string} */ _type, /** @type {unknown[]} */ args) => {
      log.push(args.map(String).join(' '));
    });
    const remote = (/** @type {string} */ file) => `vscode-remote://127.0.0.1:${server.port}${file}`;
    const payload = [['extensionDevelopmentPath', remote(extensionPath)], ['extensionTestsPath', remote(suiteIndex)]];
    await page.goto(`${server.url}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`);
    // The workbench holds notification toasts back while the window has no focus.
    await page.bringToFront();
    let timer;
    const timeout = new Promise((resolve) => {
      timer = setTimeout(() => resolve(-1), timeoutMs);
    });
    const exitCode = /** @type {number} */ (await Promise.race([exited, timeout]));
    clearTimeout(timer);
    if (exitCode !== 0) await page.screenshot({ path: path.join(artifactsDir, `${suite}-at-failure.png`) }).catch(() => {});
    if (exitCode === -1) log.push(`[runner] the ${suite} suite did not finish within ${timeoutMs / 1000} s`);
    const readJson = async (/** @type {string} */ name, /** @type {any} */ fallback) => JSON.parse(await readFile(path.join(controlDir, name), 'utf8').catch(() => JSON.stringify(fallback)));
    const [results, measurements] = await Promise.all([readJson('results.json', []), readJson('measurements.json', {})]);
    return { exitCode, results, measurements, log };
  } finally {
    await control.stop();
    await browser.close();
    await server.stop();
    await rm(scratch, { recursive: true, force: true });
  }
}
