// `npm run package -w extension` (`npm run package:extension` at the root): bundles the extension
// once, then writes one .vsix per VS Code target to extension/vsix/unblock-<target>-<version>.vsix,
// each holding its own platform's native bindings and no other's, and checks each one it wrote.
// Usage: node scripts/package-targets.mjs [--target <target>]...   (default: every target)
import { cp, mkdir, readFile, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { allBindingNames, bindingsForTarget, readLock, TARGETS } from './targets.mjs';
import { bindingFolder } from './fetch-bindings.mjs';
import { checkVsixContents, readVsix } from './check-vsix.mjs';
import { runCommand } from './run-command.mjs';

const extensionDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(extensionDir, '..');
export const vsixDir = path.join(extensionDir, 'vsix');
const stageRoot = path.join(repoRoot, '.cache', 'vsix-stage');
const vsce = path.join(path.dirname(fileURLToPath(import.meta.resolve('@vscode/vsce/package.json'))), 'vsce');
/** What vsce packages besides dist/ (.vscodeignore says which files ship). */
const MANIFEST_FILES = ['package.json', 'README.md', '.vscodeignore'];

/**
 * @typedef {object} PackagedVsix
 * @property {string} target
 * @property {string} file
 * @property {number} bytes
 * @property {import('./targets.mjs').Binding[]} bindings
 */

/**
 * @param {{ targets?: string[], log?: (line: string) => void }} [options]
 * @returns {Promise<PackagedVsix[]>}
 */
export async function packageTargets({ targets = Object.keys(TARGETS), log = console.log } = {}) {
  const lock = await readLock(repoRoot);
  // Every target's bindings first: a lock file without one fails before anything is built.
  const plan = targets.map((target) => ({ target, bindings: bindingsForTarget(lock, target) }));
  const allBindings = allBindingNames(lock);
  await runCommand(process.execPath, [path.join(extensionDir, 'scripts', 'build.mjs')], { cwd: extensionDir });
  /** @type {Map<string, string>} binding name → folder with its files */
  const folders = new Map();
  for (const { name, version, integrity, nativePackage } of plan.flatMap((entry) => entry.bindings)) {
    if (!folders.has(name)) folders.set(name, await bindingFolder({ name, version, integrity, nativePackage }, { repoRoot, log }));
  }
  const { version } = JSON.parse(await readFile(path.join(extensionDir, 'package.json'), 'utf8'));
  await mkdir(vsixDir, { recursive: true });
  /** @type {PackagedVsix[]} */
  const packaged = [];
  for (const { target, bindings } of plan) {
    const file = await packageOne({ target, version, bindings, folders, allBindings });
    const { problems } = checkVsixContents(await readVsix(file), { target, bindings, allBindings });
    if (problems.length > 0) throw new Error(`${path.relative(repoRoot, file)}:\n  ${problems.join('\n  ')}`);
    packaged.push({ target, file, bytes: (await stat(file)).size, bindings });
  }
  for (const { target, file, bytes, bindings } of packaged) {
    log(`${target.padEnd(13)}${`${(bytes / 1024 / 1024).toFixed(2)} MB`.padStart(9)}  ${path.relative(repoRoot, file)}  ${bindings.map((b) => `${b.name}@${b.version}`).join(', ')}`);
  }
  return packaged;
}

/**
 * Stages the bundle with `target`'s bindings in a folder of its own and runs vsce there.
 * @param {{ target: string, version: string, bindings: import('./targets.mjs').Binding[], folders: Map<string, string>, allBindings: string[] }} args
 * @returns {Promise<string>} the .vsix written
 */
async function packageOne({ target, version, bindings, folders, allBindings }) {
  const stage = path.join(stageRoot, target);
  await rm(stage, { recursive: true, force: true });
  await mkdir(stage, { recursive: true });
  for (const file of MANIFEST_FILES) await cp(path.join(extensionDir, file), path.join(stage, file));
  // dist/ holds the bindings of the machine that built it: leave every binding out, then add the target's.
  const dist = path.join(extensionDir, 'dist');
  await cp(dist, path.join(stage, 'dist'), { recursive: true, filter: (src) => !isBindingFolder(path.relative(dist, src), allBindings) });
  for (const { name } of bindings) {
    await cp(/** @type {string} */ (folders.get(name)), path.join(stage, 'dist', 'node_modules', ...name.split('/')), { recursive: true });
  }
  for (const stale of await readdir(vsixDir)) {
    if (stale.startsWith(`unblock-${target}-`) && stale.endsWith('.vsix')) await rm(path.join(vsixDir, stale));
  }
  const file = path.join(vsixDir, `unblock-${target}-${version}.vsix`);
  await runCommand(process.execPath, [vsce, 'package', '--no-dependencies', '--skip-license', '--target', target, '--out', file], { cwd: stage });
  await rm(stage, { recursive: true, force: true });
  return file;
}

/**
 * @param {string} relative a path under dist/
 * @param {string[]} allBindings
 */
function isBindingFolder(relative, allBindings) {
  const [top, scope, name] = relative.split(path.sep);
  return top === 'node_modules' && name !== undefined && allBindings.includes(`${scope}/${name}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const targets = process.argv.flatMap((arg, i) => (process.argv[i - 1] === '--target' ? [arg] : []));
  packageTargets(targets.length > 0 ? { targets } : {}).catch((error) => {
    console.error(`package: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  });
}
