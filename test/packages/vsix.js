// The six .vsix, as `npm run package:extension` writes them, opened one by one: each is at
// extension/vsix/unblock-<target>-<version>.vsix and holds its own target's native bindings and
// no other's (extension/scripts/check-vsix.mjs). Then two are unpacked and their lint engine run
// on a two-file project: the one for this machine reads the imported file (no report), one for
// another platform cannot load its bindings here, says so in one line per helper, and lints the
// file alone (the waterfall its imported callees would have cleared is reported); its bench
// runner, which needs oxc-resolver, refuses to load with a message saying why.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageTargets, vsixDir } from '../../extension/scripts/package-targets.mjs';
import { allBindingNames, bindingsForTarget, hostTarget, readLock, TARGETS } from '../../extension/scripts/targets.mjs';
import { checkVsixContents, readVsix } from '../../extension/scripts/check-vsix.mjs';
import { unzip } from './unzip.js';
import { runJsonChild } from '../support/run-json-child.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const LINT_CHILD = fileURLToPath(new URL('./vsix-lint-child.js', import.meta.url));

const PROJECT = {
  'package.json': '{}',
  'handler.js': `import { first, second } from './format.js';
export async function page(a, b) {
  const x = await first(a);
  const y = await second(b);
  return [x, y];
}
`,
  // CPU-only: read, the two awaits gain nothing from Promise.all; unread, their names decide.
  'format.js': 'export async function first(x) { return x.trim(); }\nexport async function second(x) { return x.toUpperCase(); }\n',
};

/**
 * @param {(line: string) => void} log
 * @returns {Promise<string[]>} what is wrong, one line each
 */
export async function checkVsixPackages(log) {
  await packageTargets({ log });
  const lock = await readLock(repoRoot);
  const { version } = JSON.parse(await readFile(path.join(repoRoot, 'extension', 'package.json'), 'utf8'));
  /** @type {string[]} */
  const failures = [];
  for (const target of Object.keys(TARGETS)) {
    const file = path.join(vsixDir, `unblock-${target}-${version}.vsix`);
    if (!existsSync(file)) {
      failures.push(`${target}: ${path.relative(repoRoot, file)} was not written`);
      continue;
    }
    const { problems, found } = checkVsixContents(await readVsix(file), { target, bindings: bindingsForTarget(lock, target), allBindings: allBindingNames(lock) });
    failures.push(...problems.map((problem) => `${path.basename(file)}: ${problem}`));
    log(`  ${problems.length === 0 ? '✔' : '✘'} ${path.basename(file)} (${((await stat(file)).size / 1024 / 1024).toFixed(2)} MB): ${found.join(', ')}`);
  }
  failures.push(...await checkAtRunTime(version, log));
  return failures;
}

/**
 * @param {string} version
 * @param {(line: string) => void} log
 * @returns {Promise<string[]>}
 */
async function checkAtRunTime(version, log) {
  const host = hostTarget();
  if (!host) return [`no .vsix is built for ${process.platform}-${process.arch}: cannot run one here`];
  const foreign = /** @type {string} */ (Object.keys(TARGETS).find((target) => target !== host));
  // Outside the repo: no node_modules above it to find this machine's bindings in.
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'unblock-vsix-run-'));
  try {
    const project = path.join(scratch, 'project');
    await mkdir(project);
    for (const [name, text] of Object.entries(PROJECT)) await writeFile(path.join(project, name), text);
    /** @type {string[]} */
    const failures = [];
    for (const target of [host, foreign]) {
      const unpacked = path.join(scratch, target);
      await unzip(path.join(vsixDir, `unblock-${target}-${version}.vsix`), unpacked);
      const got = await lintWith(path.join(unpacked, 'extension'), project);
      const problem = target === host ? crossFileProblem(got) : aloneProblem(got);
      log(`  ${problem ? '✘' : '✔'} the ${target} .vsix run on ${host}: ${target === host ? 'reads the imported file, loads the bench runner' : 'says its bindings cannot load here, lints the file alone, refuses to benchmark saying why'}`);
      if (problem) failures.push(`the ${target} .vsix run on ${host}: ${problem}; got ${JSON.stringify(got)}`);
    }
    return failures;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** @typedef {{ reports: string[], warnings: string[], bench: string }} EngineRun */

/**
 * With its bindings loaded, format.js is read and clears the pair, nothing to warn about, and the
 * bench runner loads.
 * @param {EngineRun} got
 */
function crossFileProblem({ reports, warnings, bench }) {
  if (warnings.length > 0) return 'warnings';
  if (bench !== 'loaded') return 'the bench runner did not load';
  return reports.length > 0 ? 'the imported file was not read' : undefined;
}

/**
 * Without them: one line per helper naming this machine's binding package, the pair reported,
 * and the bench runner refused with a message saying why and what to do.
 * @param {EngineRun} got
 */
function aloneProblem({ reports, warnings, bench }) {
  const platform = `${process.platform}-${process.arch}`;
  const lines = ['oxc-parser', 'oxc-resolver'].map((name) => new RegExp(`^unblock: ${name} could not be loaded on ${platform} \\(@${name}/binding-${platform}[\\w-]* is missing\\): cross-file analysis off${name === 'oxc-parser' ? ', no rewrites offered' : ''}; each file analysed alone\\.$`));
  if (warnings.length !== lines.length || !lines.every((line, i) => line.test(warnings[i]))) return 'not one line per helper naming its missing binding';
  if (!bench.startsWith(`the bench runner could not be loaded on ${platform}`)) return 'the bench runner loaded, or failed without saying why';
  return reports.join() === 'unblock/no-await-waterfall' ? undefined : 'not linted alone';
}

/**
 * @param {string} extensionFolder
 * @param {string} project
 * @returns {Promise<EngineRun>}
 */
function lintWith(extensionFolder, project) {
  return runJsonChild([LINT_CHILD, extensionFolder, project, 'handler.js'], `the lint engine of ${extensionFolder}`);
}
