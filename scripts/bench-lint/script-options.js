/**
 * What the bench scripts that make temporary projects share (bench-monorepo.js, cache-growth.js): a
 * whole-number option with a one-line error, and removing their folders however the script ends.
 */
import fs from 'node:fs';

/**
 * `--name N`: a whole number above 0, or `fallback` when not given; anything else ends the script
 * with one line.
 * @param {string[]} args
 * @param {string} tool the script's name in the error (`bench:monorepo`)
 * @param {string} name
 * @param {number} fallback
 */
export function numberOption(args, tool, name, fallback) {
  if (!args.includes(name)) return fallback;
  const value = Number(args[args.indexOf(name) + 1]);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${tool}: ${name} takes a whole number above 0.`);
    process.exit(2);
  }
  return value;
}

/**
 * Removes `folders` (as they are when called) on Ctrl-C and SIGTERM; the script removes them itself
 * when it ends otherwise. Returns that removal.
 * @param {string[]} folders
 */
export function removedOnSignal(folders) {
  const remove = () => {
    for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  };
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.once(signal, () => {
      remove();
      process.exit(130);
    });
  }
  return remove;
}
