// The platforms the extension is packaged for, and which native binding each one needs.
// VS Code installs the .vsix built for the user's platform (`vsce package --target`); each holds
// the bindings of that platform only. Which binding fits a target is read from the lock file's
// own metadata for each binding package (its `os`, `cpu` and `libc` fields, copied by npm from the
// package's manifest), not from its name.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Native packages loaded at run time, not bundled: the resolver (bench runner and project index)
 * and the parser the project index reads imported files with. Each is published per platform as
 * an optional dependency (`@oxc-parser/binding-<platform>`).
 */
export const NATIVE_PACKAGES = ['oxc-parser', 'oxc-resolver'];

/**
 * VS Code's target platforms we publish for, as Node names them. VS Code's `linux-*` targets are
 * glibc systems (Alpine has targets of its own), so their bindings are the glibc builds.
 * @type {Record<string, { os: string, cpu: string, libc?: string }>}
 */
export const TARGETS = {
  'linux-x64': { os: 'linux', cpu: 'x64', libc: 'glibc' },
  'linux-arm64': { os: 'linux', cpu: 'arm64', libc: 'glibc' },
  'darwin-x64': { os: 'darwin', cpu: 'x64' },
  'darwin-arm64': { os: 'darwin', cpu: 'arm64' },
  'win32-x64': { os: 'win32', cpu: 'x64' },
  'win32-arm64': { os: 'win32', cpu: 'arm64' },
};

/**
 * @typedef {object} LockEntry
 * @property {string} [version]
 * @property {string} [integrity]
 * @property {string[]} [os]
 * @property {string[]} [cpu]
 * @property {string[]} [libc]
 * @property {Record<string, string>} [optionalDependencies]
 */
/** @typedef {{ packages: Record<string, LockEntry> }} Lock */
/**
 * @typedef {object} Binding
 * @property {string} nativePackage the package that loads it (oxc-parser)
 * @property {string} name the binding package (@oxc-parser/binding-darwin-arm64)
 * @property {string} version exactly as locked
 * @property {string} integrity the locked tarball's hash (sha512-…)
 */

/**
 * @param {string} repoRoot
 * @returns {Promise<Lock>}
 */
export async function readLock(repoRoot) {
  return JSON.parse(await readFile(path.join(repoRoot, 'package-lock.json'), 'utf8'));
}

/**
 * The binding packages a target needs: for each native package, the one optional dependency
 * whose locked os/cpu/libc fit the target. Throws when none or more than one fits.
 * @param {Lock} lock
 * @param {string} target a key of TARGETS
 * @returns {Binding[]}
 */
export function bindingsForTarget(lock, target) {
  const platform = TARGETS[target];
  if (!platform) throw new Error(`unknown target "${target}"; known: ${Object.keys(TARGETS).join(', ')}`);
  return NATIVE_PACKAGES.map((nativePackage) => {
    const entry = lock.packages[`node_modules/${nativePackage}`];
    if (!entry) throw new Error(`${nativePackage} is not in package-lock.json`);
    const fitting = Object.keys(entry.optionalDependencies ?? {}).filter((name) => fits(lock.packages[`node_modules/${name}`], platform));
    if (fitting.length !== 1) {
      throw new Error(`${nativePackage}@${entry.version}: ${fitting.length === 0 ? 'no binding' : `${fitting.length} bindings (${fitting.join(', ')})`} for ${target} in package-lock.json`);
    }
    const [name] = fitting;
    const { version, integrity } = lock.packages[`node_modules/${name}`];
    if (!version || !integrity) throw new Error(`${name} has no locked version or integrity in package-lock.json`);
    return { nativePackage, name, version, integrity };
  });
}

/**
 * Every binding package of the native packages, for any platform: what a .vsix must not hold
 * unless it is its target's.
 * @param {Lock} lock
 * @returns {string[]}
 */
export function allBindingNames(lock) {
  return NATIVE_PACKAGES.flatMap((name) => Object.keys(lock.packages[`node_modules/${name}`]?.optionalDependencies ?? {}));
}

/**
 * @param {LockEntry | undefined} entry
 * @param {{ os: string, cpu: string, libc?: string }} platform
 */
function fits(entry, platform) {
  if (!entry?.os?.includes(platform.os) || !entry.cpu?.includes(platform.cpu)) return false;
  // A binding without a libc field runs on any libc of its os (darwin, win32).
  return entry.libc === undefined || (platform.libc !== undefined && entry.libc.includes(platform.libc));
}

/** The target of the machine this runs on, or undefined when we do not package for it. */
export function hostTarget() {
  const target = `${process.platform}-${process.arch}`;
  return target in TARGETS ? target : undefined;
}
