// Gets the native binding packages of other platforms, which `npm ci` does not install here (each is
// an optional dependency limited to its own os/cpu). The installed copy is used when it is the
// locked version; otherwise the exact locked version is fetched from the registry with `npm pack`
// into .cache/native-bindings/, checked against the lock file's integrity hash, and unpacked. A
// second run finds it there and downloads nothing.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { npmCommand, runCommand } from './run-command.mjs';

/**
 * A folder holding the binding package's files (its package.json at the top).
 * @param {import('./targets.mjs').Binding} binding
 * @param {{ repoRoot: string, log?: (line: string) => void }} options
 * @returns {Promise<string>}
 */
export async function bindingFolder(binding, { repoRoot, log = console.log }) {
  const installed = path.join(repoRoot, 'node_modules', binding.name);
  if (await versionAt(installed) === binding.version) return installed;
  const cached = path.join(repoRoot, '.cache', 'native-bindings', `${binding.name.replace('/', '+')}@${binding.version}`);
  if (await versionAt(cached) === binding.version) return cached;
  log(`downloading ${binding.name}@${binding.version} from the npm registry`);
  await mkdir(path.dirname(cached), { recursive: true });
  const work = await mkdtemp(`${cached}.partial-`);
  try {
    const tarball = await npmPack(`${binding.name}@${binding.version}`, work);
    await checkIntegrity(tarball, binding);
    await runCommand('tar', ['-xzf', tarball, '-C', work]);
    // Moved into place only once complete, so an interrupted run never leaves a half package.
    await rm(cached, { recursive: true, force: true });
    await rename(path.join(work, 'package'), cached);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  const got = await versionAt(cached);
  if (got !== binding.version) throw new Error(`${binding.name}: expected version ${binding.version} in ${cached}, found ${got ?? 'none'}`);
  return cached;
}

/**
 * @param {string} folder
 * @returns {Promise<string | undefined>}
 */
async function versionAt(folder) {
  const manifest = path.join(folder, 'package.json');
  if (!existsSync(manifest)) return undefined;
  return JSON.parse(await readFile(manifest, 'utf8')).version;
}

/**
 * Downloads one exact version's tarball into `folder`.
 * @param {string} spec name@version
 * @param {string} folder
 * @returns {Promise<string>} the tarball's path
 */
async function npmPack(spec, folder) {
  const output = await runCommand(...npmCommand(['pack', spec, '--json', '--pack-destination', folder]));
  const [{ filename }] = JSON.parse(output);
  return path.join(folder, filename);
}

/**
 * The tarball must be the one the lock file names: same bytes, by the same hash.
 * @param {string} tarball
 * @param {import('./targets.mjs').Binding} binding
 */
async function checkIntegrity(tarball, binding) {
  const expected = binding.integrity.split(/\s+/).find((hash) => hash.startsWith('sha512-'));
  if (!expected) throw new Error(`${binding.name}: the lock file has no sha512 integrity to check the download against`);
  const actual = `sha512-${createHash('sha512').update(await readFile(tarball)).digest('base64')}`;
  if (actual !== expected) throw new Error(`${binding.name}@${binding.version}: the downloaded tarball's hash ${actual} is not the locked ${expected}`);
}
