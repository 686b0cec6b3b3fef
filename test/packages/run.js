// `npm run test:packages` (CI, after `npm test`): builds what gets published and checks it as a
// user receives it. Slower than the unit tests (six .vsix, a pack, two TypeScript compiles), so
// not part of `npm test`; the fast parts of the same checks are in test/extension/packaging.test.js.
// - the extension: one .vsix per VS Code target, each with its own native bindings only, and
//   told in one line when they cannot load (vsix.js);
// - the plugin: its .d.ts files in the tarball, compiling in a TypeScript project (plugin-types.js);
// - both tarballs installed into projects on ESLint 8.57 (flat config and eslintrc) and on oxlint
//   only, each reporting the known finding (eslint-range.js).
import { checkVsixPackages } from './vsix.js';
import { checkPluginTypes } from './plugin-types.js';
import { checkEslintRange } from './eslint-range.js';

const log = (/** @type {string} */ line) => console.log(line);

async function main() {
  const started = Date.now();
  /** @type {string[]} */
  const failures = [];
  console.log('[packages] the extension: one .vsix per target');
  failures.push(...await checkVsixPackages(log));
  console.log('[packages] the plugin: type declarations');
  failures.push(...await checkPluginTypes(log));
  console.log('[packages] the tarballs where users are: ESLint 8.57 (flat, eslintrc), oxlint only');
  failures.push(...await checkEslintRange(log));
  for (const failure of failures) console.log(`✘ ${failure}`);
  console.log(`[packages] ${failures.length === 0 ? 'all good' : `${failures.length} failed`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (failures.length > 0) process.exitCode = 1;
}

main().catch((error) => {
  console.error(`[packages] ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
});
