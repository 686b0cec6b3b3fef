// Helpers for the suites that run inside the extension host.
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vscode = require('vscode');

const control = process.env.UNBLOCK_E2E_CONTROL || '';
const EXTENSION_ID = 'unblock.unblock-vscode';

function workspaceDir() {
  const folder = vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders[0];
  assert.ok(folder, 'a workspace folder is open');
  return folder.uri.fsPath;
}

/** @param {string} name */
function fileUri(name) {
  return vscode.Uri.file(path.join(workspaceDir(), name));
}

/** @param {string} name */
async function open(name) {
  const document = await vscode.workspace.openTextDocument(fileUri(name));
  const editor = await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.One, preview: false });
  return { document, editor };
}

/**
 * Polls until `check` returns a truthy value.
 * @template T
 * @param {() => T | Promise<T>} check
 * @param {number} timeoutMs
 * @param {string} what
 * @returns {Promise<T>}
 */
async function waitFor(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
  }
}

/** @param {number} ms */
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** @param {vscode.Uri} uri */
function unblockDiagnostics(uri) {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'unblock');
}

/** @param {vscode.Diagnostic} diagnostic */
function ruleOf(diagnostic) {
  // The code is the rule's name without the prefix the source already shows.
  return `${diagnostic.source}/${typeof diagnostic.code === 'object' ? diagnostic.code.value : diagnostic.code}`;
}

let requestCount = 0;
/**
 * Asks the outer runner (Playwright side) to do something only a browser can: take a
 * screenshot, read or click inside a webview. File-based, since both run on this machine.
 * @param {string} kind
 * @param {Record<string, unknown>} [args]
 */
async function ask(kind, args = {}) {
  const id = ++requestCount;
  const response = path.join(control, `res-${id}.json`);
  fs.writeFileSync(path.join(control, `req-${id}.tmp`), JSON.stringify({ kind, ...args }));
  fs.renameSync(path.join(control, `req-${id}.tmp`), path.join(control, `req-${id}.json`));
  await waitFor(() => fs.existsSync(response), 30_000, `the runner to answer "${kind}"`);
  const answer = JSON.parse(fs.readFileSync(response, 'utf8'));
  if (answer.error) throw new Error(`runner could not ${kind}: ${answer.error}`);
  return answer.value;
}

/** @param {string} name */
function screenshot(name) {
  return ask('screenshot', { name });
}

/**
 * Numbers measured in the editor, printed by the runner at the end.
 * @param {string} key
 * @param {unknown} value
 */
function record(key, value) {
  const file = path.join(control, 'measurements.json');
  const all = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  all[key] = value;
  fs.writeFileSync(file, JSON.stringify(all, null, 2));
}

function extension() {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is installed`);
  return ext;
}

/** Closes every editor and panel so each test starts from the same screen. */
async function closeAll() {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

module.exports = { workspaceDir, fileUri, open, waitFor, sleep, unblockDiagnostics, ruleOf, ask, screenshot, record, extension, closeAll };
