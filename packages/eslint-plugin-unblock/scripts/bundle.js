/**
 * Builds what the published package runs: dist/index.js and dist/tooling.js, with the modules they
 * share in one chunk (one copy of the project index for both), and dist/import-map-thread.js, the
 * helper thread. Loading the rules as some 165 ES modules cost about 100 ms of CPU per process (the
 * loader's resolution and bookkeeping, per module), as much as loading ESLint; one bundle takes a
 * fraction of it, and every lint process pays it (each `eslint --concurrency` worker, each CI job).
 *
 * The sources stay the development entry (this repository runs them under the `unblock-source`
 * export condition); what only a bundle changes is kept equal here:
 * - `import.meta.url` of each module is where the module sits in the source layout, relative to
 *   the package root, so `createRequire(import.meta.url)('../../../package.json')` still finds the
 *   package's package.json. The module that starts the helper thread is placed beside the thread's
 *   bundle instead, in dist/, so that the thread it starts is the bundled one.
 * - the cache's code version hashes the rules' sources, which the package does not ship: the hash
 *   is taken here and written into code-version.js's BUNDLED_SOURCES_ID.
 *
 * Usage: node scripts/bundle.js [--out DIR] (default: dist/ in the package)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { sourcesId } from '../rules/project/cache/code-version.js';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outIndex = process.argv.indexOf('--out');
const outDir = outIndex >= 0 ? path.resolve(process.argv[outIndex + 1]) : path.join(packageDir, 'dist');
const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));

/** Modules that start a helper thread by a path beside them: they sit in dist/ beside the thread's bundle. */
const THREAD_STARTERS = new Set(['rules/project/workspace/import-map-request.js']);
const CODE_VERSION = 'rules/project/cache/code-version.js';
const SOURCES_ID_LINE = 'const BUNDLED_SOURCES_ID = null;';

/** @type {esbuild.Plugin} */
const sourceLayout = {
  name: 'source-layout',
  setup(build) {
    build.onLoad({ filter: /\.js$/ }, async (args) => {
      const relative = path.relative(packageDir, args.path).split(path.sep).join('/');
      if (relative.startsWith('..') || relative.startsWith('node_modules/')) return undefined;
      let contents = await fs.promises.readFile(args.path, 'utf8');
      if (relative === CODE_VERSION) {
        if (!contents.includes(SOURCES_ID_LINE)) throw new Error(`${CODE_VERSION} no longer has the line "${SOURCES_ID_LINE}" the bundle fills in`);
        contents = contents.replace(SOURCES_ID_LINE, `const BUNDLED_SOURCES_ID = ${JSON.stringify(sourcesId())};`);
      }
      if (!contents.includes('import.meta')) return { contents, loader: 'js' };
      const place = THREAD_STARTERS.has(relative) ? `dist/${path.posix.basename(relative)}` : relative;
      return { contents: `var __unblockMetaUrl = __unblockFileUrl(${JSON.stringify(place)});\n${contents}`, loader: 'js' };
    });
  },
};

fs.rmSync(outDir, { recursive: true, force: true });
await esbuild.build({
  entryPoints: {
    index: path.join(packageDir, 'index.js'),
    tooling: path.join(packageDir, 'tooling.js'),
    'import-map-thread': path.join(packageDir, 'rules/project/workspace/import-map-thread.js'),
  },
  outdir: outDir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  chunkNames: 'shared-[hash]',
  // Installed beside the plugin, as the package declares them (native bindings cannot be bundled).
  external: [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})],
  plugins: [sourceLayout],
  define: { 'import.meta.url': '__unblockMetaUrl' },
  // Raw text, not subject to the define: every output file is in dist/, one folder below the package root.
  banner: { js: 'const __unblockFileUrl = (file) => new URL(`../${file}`, import.meta.url).href;' },
  legalComments: 'none',
  logLevel: 'warning',
});
