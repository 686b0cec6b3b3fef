/**
 * Temporary project folders for the robustness tests, written from a { path: text } map, and
 * removed by the test that made them (every helper returns its folder; `removeAll` in an
 * `after` hook removes whatever is left).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

/** @type {string[]} */
const made = [];

/**
 * @param {Record<string, string>} files relative path → text
 * @returns {string} the folder (its real path: macOS's /tmp is a link)
 */
export function makeProject(files) {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-robust-')));
  made.push(dir);
  writeFiles(dir, files);
  return dir;
}

/**
 * Writes files into a folder, making the folders they need.
 * @param {string} dir
 * @param {Record<string, string>} files relative path → text
 */
export function writeFiles(dir, files) {
  for (const [relative, text] of Object.entries(files)) {
    const file = path.join(dir, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
}

/** Removes every folder makeProject made. */
export function removeAll() {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * Makes a FIFO; false where the platform cannot.
 * @param {string} file
 */
export function makeFifo(file) {
  try {
    execFileSync('mkfifo', [file], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Whether this platform has FIFOs (mkfifo) and a /dev/zero to link to. */
export const platform = (() => {
  if (process.platform === 'win32') return { fifo: false, devices: false };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unblock-robust-probe-'));
  try {
    return { fifo: makeFifo(path.join(dir, 'probe')), devices: fs.existsSync('/dev/zero') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
})();
