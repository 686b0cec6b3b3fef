// Bundles the extension with esbuild into dist/:
//   extension.js    the activation entry (small: wiring only)
//   lint-worker.js  the worker thread the extension lints on (small: it loads lint-engine.js)
//   lint-engine.js  ESLint's Linter + eslint-plugin-unblock + parsers, loaded by the worker
//   bench.js        the bench runner API, loaded on the first benchmark
//   pkg/            what the runner finds by path: its child scripts, package.json, the fixtures,
//                   and the rules' helper threads
// Usage: node scripts/build.mjs [--watch] [--no-minify]
import * as esbuild from 'esbuild';
import { cp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NATIVE_PACKAGES } from './targets.mjs';

const extensionDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(extensionDir, '..');
const dist = path.join(extensionDir, 'dist');
const minify = !process.argv.includes('--no-minify');

/** What the bundles leave to a run-time require from dist/node_modules. */
const RUNTIME_EXTERNALS = [...NATIVE_PACKAGES];

/** Threads the rules start by path, beside the lint. */
const PLUGIN_DIR = 'packages/eslint-plugin-unblock';
const BENCH_DIR = 'packages/unblock-bench';
const HELPER_THREADS = [`${PLUGIN_DIR}/rules/project/workspace/import-map-thread.js`];

/** Example fixtures that import packages of their own (installed as the repo's devDependencies), left out of the .vsix. */
const FIXTURES_NEEDING_PACKAGES = ['express-app'];

/**
 * Source files of the plugin use `import.meta.url` (e.g. `createRequire(import.meta.url)` to
 * read package.json). A CommonJS bundle has no import.meta, so each such module gets its own
 * `__unblockMetaUrl` pointing at where the module would sit in the repo layout under dist/pkg/.
 * The define below turns `import.meta.url` in code (not in strings or comments) into that name.
 * @type {esbuild.Plugin}
 */
const importMetaUrlPlugin = {
  name: 'import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?js$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const contents = await readFile(args.path, 'utf8');
      if (!contents.includes('import.meta')) return undefined;
      const relative = path.relative(repoRoot, args.path).split(path.sep).join('/');
      const prelude = `var __unblockMetaUrl = __unblockFileUrl(${JSON.stringify(relative)});\n`;
      return { contents: prelude + contents, loader: 'js' };
    });
  },
};

/**
 * Keeps the lazily loaded parts out of the small bundles: `import('../../bench/entry.js')` in
 * the extension becomes a runtime load of dist/bench.js, and `import('./engine.js')` in the
 * lint worker a runtime load of dist/lint-engine.js.
 * @type {esbuild.Plugin}
 */
const lazyChunksPlugin = {
  name: 'lazy-chunks',
  setup(build) {
    build.onResolve({ filter: /^(\.\.\/)+bench\/entry\.js$/ }, () => ({ path: './bench.js', external: true }));
    build.onResolve({ filter: /^\.\/engine\.js$/ }, (args) => (args.importer.endsWith(`${path.sep}worker.js`) ? { path: './lint-engine.js', external: true } : undefined));
  },
};

/** @type {esbuild.BuildOptions} */
const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  minify,
  legalComments: 'none',
  logLevel: 'warning',
  external: ['vscode'],
  alias: {
    'eslint-plugin-unblock/tooling': path.join(repoRoot, PLUGIN_DIR, 'tooling.js'),
    'eslint-plugin-unblock': path.join(repoRoot, PLUGIN_DIR, 'index.js'),
    'unblock-bench/measurable': path.join(repoRoot, BENCH_DIR, 'measurable.js'),
    'unblock-bench/harness/bench': path.join(repoRoot, BENCH_DIR, 'harness/bench.js'),
    'unblock-bench/harness': path.join(repoRoot, BENCH_DIR, 'harness/index.js'),
    'unblock-bench': path.join(repoRoot, BENCH_DIR, 'index.js'),
  },
  define: { 'import.meta.url': '__unblockMetaUrl' },
  // Raw text (never renamed), so module code can call it whatever its own `require` is.
  banner: { js: 'var __unblockFileUrl = (file) => require("node:url").pathToFileURL(require("node:path").join(__dirname, "pkg", file)).href;' },
};

const builds = [
  {
    ...common,
    entryPoints: [path.join(extensionDir, 'src/extension.js')],
    outfile: path.join(dist, 'extension.js'),
    // The first statement of the bundle, so the logged activation time includes loading it.
    banner: { js: `globalThis.__unblockLoadStart = performance.now();\n${common.banner.js}` },
    footer: { js: 'globalThis.__unblockLoadEnd = performance.now();' },
    plugins: [lazyChunksPlugin],
  },
  {
    ...common,
    entryPoints: [path.join(extensionDir, 'src/lint/worker.js')],
    outfile: path.join(dist, 'lint-worker.js'),
    plugins: [lazyChunksPlugin],
  },
  {
    ...common,
    entryPoints: [path.join(extensionDir, 'src/lint/engine.js')],
    outfile: path.join(dist, 'lint-engine.js'),
    // Loaded by the project index at run time from dist/node_modules (see copyNativePackages).
    external: [...common.external, ...RUNTIME_EXTERNALS],
    plugins: [importMetaUrlPlugin],
  },
  {
    ...common,
    entryPoints: [path.join(extensionDir, 'src/bench/entry.js')],
    outfile: path.join(dist, 'bench.js'),
    plugins: [importMetaUrlPlugin],
    // The runner only needs ESLint's Linter; the universal entry leaves out the CLI machinery.
    alias: { ...common.alias, eslint: 'eslint/universal' },
    // A native module cannot be bundled: it is loaded from dist/node_modules (copied below).
    external: [...common.external, ...RUNTIME_EXTERNALS],
  },
  // Scripts the runner starts by path (fork, or import from generated code): standalone ES
  // modules at the same relative place as in the repo. dist/pkg/package.json says "module".
  ...['processes/server-host.js', 'run/load-worker.js', 'processes/node-check.js', 'harness/emit/runtime.js', 'observe/instrument/host-preload.js'].map((name) => `${BENCH_DIR}/${name}`).map((file) => ({
    ...common,
    format: /** @type {const} */ ('esm'),
    define: {},
    entryPoints: [path.join(repoRoot, file)],
    outfile: path.join(dist, 'pkg', file),
    // Bundled CommonJS dependencies (autocannon) still call require() for Node built-ins.
    banner: { js: 'import { createRequire as __unblockCreateRequire } from "node:module"; const require = __unblockCreateRequire(import.meta.url);' },
  })),
  // The rules' helper thread (the project's import map), started from where the
  // rules' import.meta.url points: dist/pkg/…; the packages they load come from dist/node_modules.
  ...HELPER_THREADS.map((file) => ({
    ...common,
    format: /** @type {const} */ ('esm'),
    define: {},
    entryPoints: [path.join(repoRoot, file)],
    outfile: path.join(dist, 'pkg', file),
    external: RUNTIME_EXTERNALS,
    banner: {},
  })),
];

/** The bundled example fixtures ("Unblock: Benchmark a fixture…"), copied as they are. */
async function copyFixtures() {
  await cp(path.join(repoRoot, 'fixtures'), path.join(dist, 'pkg', 'fixtures'), {
    recursive: true,
    filter: (src) => !FIXTURES_NEEDING_PACKAGES.includes(path.relative(path.join(repoRoot, 'fixtures'), src).split(path.sep)[0]),
  });
}

/**
 * The native packages the bench bundle requires at run time, with the binding npm installed for
 * this platform (each is published per platform as an optional dependency). A .vsix gets its
 * target's bindings instead (package-targets.mjs).
 */
async function copyNativePackages() {
  const require = createRequire(path.join(repoRoot, 'package.json'));
  for (const name of NATIVE_PACKAGES) {
    const dir = path.dirname(require.resolve(`${name}/package.json`));
    await cp(dir, path.join(dist, 'node_modules', name), { recursive: true });
    const { optionalDependencies = {} } = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8'));
    for (const binding of Object.keys(optionalDependencies)) {
      const found = await stat(path.join(repoRoot, 'node_modules', binding)).catch(() => null);
      if (found) await cp(path.join(repoRoot, 'node_modules', binding), path.join(dist, 'node_modules', binding), { recursive: true });
    }
  }
}

/**
 * What `createRequire(import.meta.url)('./package.json')` in the plugin's and the runner's entries
 * reads (each its own package's name and version), and a root package.json saying the scripts
 * under dist/pkg/ are ES modules.
 */
async function writePackageStubs() {
  await mkdir(path.join(dist, 'pkg'), { recursive: true });
  await writeFile(path.join(dist, 'pkg', 'package.json'), `${JSON.stringify({ private: true, type: 'module' }, null, 2)}\n`);
  for (const dir of [PLUGIN_DIR, BENCH_DIR]) {
    const { name, version } = JSON.parse(await readFile(path.join(repoRoot, dir, 'package.json'), 'utf8'));
    await mkdir(path.join(dist, 'pkg', dir), { recursive: true });
    await writeFile(path.join(dist, 'pkg', dir, 'package.json'), `${JSON.stringify({ name, version, type: 'module' }, null, 2)}\n`);
  }
}

const started = performance.now();
await rm(dist, { recursive: true, force: true });
await Promise.all([...builds.map((options) => esbuild.build(options)), writePackageStubs(), copyFixtures(), copyNativePackages()]);
console.log(`extension bundled into ${path.relative(process.cwd(), dist) || '.'} in ${Math.round(performance.now() - started)} ms`);
