/**
 * Loads an optional native helper (oxc-parser, oxc-resolver) once. Where it
 * cannot load — an unsupported platform, a .vsix built for another one, a
 * bundle that left it out — the project index is unavailable and the rules
 * fall back to what one file shows: never a crash, and never silently. The
 * first failure of each helper says so in one line (lint-bounds.js delivers
 * it: to the editor's log, or as a process warning), naming the package, the
 * platform and what is lost.
 */
import { createRequire } from 'node:module';
import { lintWarning } from './lint-bounds.js';

const require = createRequire(import.meta.url);
/** The native helpers the project index reads other files with, and what is lost without each. */
const LOST_WITHOUT = {
  // The rewrites' check (rewrite/kept-awaits.js) parses with it too: a rewrite it cannot check is not offered.
  'oxc-parser': 'cross-file analysis off, no rewrites offered; each file analysed alone',
  'oxc-resolver': 'cross-file analysis off; each file analysed alone',
};
export const NATIVE_HELPERS = Object.keys(LOST_WITHOUT);
/** @type {Map<string, any>} */
const loaded = new Map();
let announce = true;

/**
 * @param {string} name
 * @returns {any | null}
 */
export function optionalRequire(name) {
  if (!loaded.has(name)) {
    let value;
    try {
      value = require(name);
    } catch (error) {
      value = null;
      if (announce) {
        lintWarning(`unblock: ${name} could not be loaded on ${process.platform}-${process.arch} (${describeLoadError(error)}): ${LOST_WITHOUT[/** @type {keyof typeof LOST_WITHOUT} */ (name)] ?? 'cross-file analysis off'}.`, 'UNBLOCK_NATIVE_HELPER');
      }
    }
    loaded.set(name, value);
  }
  return loaded.get(name);
}

/**
 * Loads every native helper now, so that a failure is told at the first lint that builds a
 * project index, whichever helper that lint would have reached first.
 */
export function loadNativeHelpers() {
  for (const name of NATIVE_HELPERS) optionalRequire(name);
}

/**
 * For a helper thread: the linting thread meets the same failures and tells them where its host
 * listens; the thread would only repeat them on stderr.
 */
export function keepLoadFailuresQuiet() {
  announce = false;
}

/**
 * The useful part of a load failure. A NAPI-RS loader (both helpers use one) throws one generic
 * error whose `cause` chain holds each place it tried: a binding that was there but failed to load
 * (a missing system library…) says most; else the platform's binding package that was not found.
 * @param {unknown} error
 * @returns {string}
 */
export function describeLoadError(error) {
  /** @type {string[]} */
  const chain = [];
  for (let link = /** @type {any} */ (error); link && chain.length < 20; link = link.cause) chain.push(String(link.message ?? link).split('\n')[0]);
  const missing = chain.slice(1).map((line) => /^Cannot find module '(@[^/']+\/binding-[^']+)'/.exec(line)?.[1]);
  const failed = chain.slice(1).find((line, i) => missing[i] === undefined && !line.startsWith('Cannot find module'));
  if (failed) return failed;
  const binding = missing.find((name) => name !== undefined && !name.includes('-wasm32-'));
  return binding ? `${binding} is missing` : chain[0];
}
