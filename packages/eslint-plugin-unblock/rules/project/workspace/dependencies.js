/**
 * The runtime dependencies of the package a file belongs to (the nearest
 * package.json's `dependencies`): evidence that a framework is in use where
 * a file itself does not import it (a Hapi plugin handed its `server`, a
 * socket handler module handed its `socket`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { noteInput, recordingNow } from '../cache/inputs.js';

/** How long an answer is trusted before package.json is read again (an editor sees `npm install` soon). */
const RECHECK_MS = 60_000;

/** @type {Map<string, { checkedAt: number, dependencies: Set<string> }>} folder → the dependencies of its package */
const byFolder = new Map();

/**
 * Whether the package `file` belongs to depends on one of `packages`.
 * @param {string} file absolute path
 * @param {ReadonlySet<string>} packages
 */
export function dependsOnAny(file, packages) {
  const dependencies = path.isAbsolute(file) ? dependenciesOf(path.dirname(file)) : null;
  const answer = dependencies !== null && [...packages].some((name) => dependencies.has(name));
  // A cached scan that asked is trusted later only while the answer is the same (cache/inputs.js).
  if (recordingNow()) noteInput(['depends', file, [...packages], answer]);
  return answer;
}

/**
 * @param {string} dir
 * @returns {Set<string>}
 */
function dependenciesOf(dir) {
  const now = Date.now();
  const cached = byFolder.get(dir);
  if (cached && now - cached.checkedAt < RECHECK_MS) return cached.dependencies;
  let dependencies = new Set();
  for (let current = dir; ; current = path.dirname(current)) {
    const manifest = path.join(current, 'package.json');
    let text = null;
    try {
      text = fs.readFileSync(manifest, 'utf8');
    } catch {
      // No package.json here: look further up.
    }
    if (text !== null) {
      dependencies = parseDependencies(text);
      break;
    }
    if (path.dirname(current) === current) break;
  }
  byFolder.set(dir, { checkedAt: now, dependencies });
  return dependencies;
}

/** @param {string} text */
function parseDependencies(text) {
  try {
    const manifest = JSON.parse(text);
    return new Set(Object.keys(manifest?.dependencies ?? {}));
  } catch {
    return new Set();
  }
}
