// Opens a packaged .vsix (a zip) and checks it is what its target needs: the manifest names the
// target, each native package's binding for that target is inside with its .node file, built for
// the target's os and cpu by its header, and no other platform's binding nor any other .node file is. Read with yauzl, the zip reader
// @vscode/vsce itself uses (reached through vsce, whose dependency it is).
import { createRequire } from 'node:module';
import { HEADER_BYTES, nativeFormat } from './native-format.mjs';
import { TARGETS } from './targets.mjs';

const vsceRequire = createRequire(createRequire(import.meta.url).resolve('@vscode/vsce/package.json'));
/** @type {typeof import('yauzl')} */
const yauzl = vsceRequire('yauzl');

const MODULES = 'extension/dist/node_modules/';

/**
 * @typedef {object} VsixContents
 * @property {{ name: string, size: number }[]} entries every file, with its uncompressed size
 * @property {string} manifest the text of extension.vsixmanifest
 * @property {Map<string, Buffer>} headers the first bytes of each .node file, by entry name
 * @property {Map<string, string>} packages the package.json text of each package under dist/node_modules, by package name
 */

/**
 * @param {string} file
 * @returns {Promise<VsixContents>}
 */
export function readVsix(file) {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(new Error(`${file}: not a readable zip (${error.message})`));
      /** @type {VsixContents} */
      const contents = { entries: [], manifest: '', headers: new Map(), packages: new Map() };
      zip.on('error', reject);
      zip.on('entry', (/** @type {import('yauzl').Entry} */ entry) => {
        contents.entries.push({ name: entry.fileName, size: entry.uncompressedSize });
        const isManifest = entry.fileName === 'extension.vsixmanifest';
        const packageName = packageOfManifest(entry.fileName);
        const isNative = entry.fileName.endsWith('.node');
        if (!isManifest && !packageName && !isNative) return zip.readEntry();
        readStart(zip, entry, isNative ? HEADER_BYTES : Infinity).then((bytes) => {
          if (isManifest) contents.manifest = bytes.toString('utf8');
          else if (packageName) contents.packages.set(packageName, bytes.toString('utf8'));
          else contents.headers.set(entry.fileName, bytes);
          zip.readEntry();
        }, reject);
      });
      zip.on('end', () => resolve(contents));
      zip.readEntry();
    });
  });
}

/**
 * The package whose package.json `file` is, when it is the top one of a package under dist/node_modules.
 * @param {string} file
 */
function packageOfManifest(file) {
  const match = /^extension\/dist\/node_modules\/((?:@[^/]+\/)?[^/@]+)\/package\.json$/.exec(file);
  return match?.[1];
}

/**
 * @param {import('yauzl').ZipFile} zip
 * @param {import('yauzl').Entry} entry
 * @param {number} limit bytes wanted from its start
 * @returns {Promise<Buffer>}
 */
function readStart(zip, entry, limit) {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      /** @type {Buffer[]} */
      const chunks = [];
      let length = 0;
      stream.on('data', (/** @type {Buffer} */ chunk) => {
        if (length < limit) chunks.push(chunk);
        length += chunk.length;
      });
      stream.on('error', reject);
      // Read to the end either way: yauzl checks the entry's size and checksum there.
      stream.on('end', () => resolve(Buffer.concat(chunks).subarray(0, limit)));
    });
  });
}

/**
 * What is wrong with a .vsix for `target`; nothing when it is right.
 * @param {VsixContents} contents
 * @param {object} expected
 * @param {string} expected.target
 * @param {import('./targets.mjs').Binding[]} expected.bindings the target's bindings
 * @param {string[]} expected.allBindings every platform's binding package names
 * @returns {{ problems: string[], found: string[] }} found: the binding packages inside
 */
export function checkVsixContents({ entries, manifest, headers, packages }, { target, bindings, allBindings }) {
  /** @type {string[]} */
  const problems = [];
  const declared = /TargetPlatform="([^"]*)"/.exec(manifest)?.[1];
  if (declared !== target) problems.push(`the manifest's TargetPlatform is ${declared ? `"${declared}"` : 'missing'}, not "${target}"`);
  const names = entries.map((entry) => entry.name);
  const found = allBindings.filter((name) => names.some((file) => file.startsWith(`${MODULES}${name}/`)));
  for (const { nativePackage, name, version } of bindings) {
    if (!packages.has(nativePackage)) problems.push(`${nativePackage} is missing`);
    const inside = packages.has(name) ? JSON.parse(/** @type {string} */ (packages.get(name))).version : undefined;
    if (inside === undefined) problems.push(`${name}@${version} (the ${nativePackage} binding for ${target}) is missing`);
    else if (inside !== version) problems.push(`${name} is version ${inside}, not the locked ${version}`);
    else if (!names.some((file) => file.startsWith(`${MODULES}${name}/`) && file.endsWith('.node'))) problems.push(`${name} holds no .node file`);
  }
  const wanted = new Set(bindings.map((binding) => binding.name));
  const platform = TARGETS[target];
  for (const [file, header] of headers) {
    if (![...wanted].some((name) => file.startsWith(`${MODULES}${name}/`))) continue;
    const format = nativeFormat(header);
    if (format?.os !== platform.os || format.cpu !== platform.cpu) problems.push(`${file} is built for ${format ? `${format.os}-${format.cpu}` : 'an unknown platform'}, not ${target}`);
  }
  for (const name of found) if (!wanted.has(name)) problems.push(`holds ${name}, a binding for another platform`);
  // Any other native file would be loaded on every platform and work on one at most.
  for (const file of names) {
    if (file.endsWith('.node') && !found.some((name) => file.startsWith(`${MODULES}${name}/`))) problems.push(`holds a native file outside the bindings: ${file}`);
  }
  return { problems, found };
}
