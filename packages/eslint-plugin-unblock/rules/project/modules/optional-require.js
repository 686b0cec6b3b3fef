/**
 * Loads an optional native helper (oxc-parser, oxc-resolver) once. Where it
 * cannot load — an unsupported platform, a bundle that left it out — the
 * project index is simply unavailable and the rules fall back to what one
 * file shows: never a crash.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** @type {Map<string, any>} */
const loaded = new Map();

/**
 * @param {string} name
 * @returns {any | null}
 */
export function optionalRequire(name) {
  if (!loaded.has(name)) {
    let value;
    try {
      value = require(name);
    } catch {
      value = null;
    }
    loaded.set(name, value);
  }
  return loaded.get(name);
}
