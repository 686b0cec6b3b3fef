// The packed tarballs installed where users are (#44): a project on ESLint 8.57 with flat config,
// one on ESLint 8.57 with eslintrc, one with oxlint only (no ESLint at all). Each gets the
// tarballs the way the README tells a team to share them: copied into the project (`vendor/`)
// and named by a `file:` dependency; each must install without a peer conflict and report the
// known finding with its own linter. The flat project is installed a second time with `npm ci`
// from its lockfile, as a teammate would, and also gets unblock-bench, whose own lint passes
// must still build the fix next to the project's ESLint 8.
import { copyFile, mkdir, mkdtemp, rm, writeFile, access } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { npmCommand, runCommand } from '../../extension/scripts/run-command.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const ESLINT_8 = '8.57.1';
/** The oxlint version the repository's own oxlint tests run. */
const OXLINT = '1.89.0';

/** The known finding: two independent reads awaited one after the other (line 2). */
// A request handler (it answers its response): a waterfall needs an entry to be reported.
const ORDERS = 'export async function load(req, res) {\n  const db = req.app.locals.db;\n  const user = await db.getUser(req.params.id);\n  const orders = await db.getOrders(req.params.id);\n  res.json({ user, orders });\n}\n';
const EXPECTED = 'src/orders.js:3 unblock/no-await-waterfall';

/** Builds the fix with unblock-bench's API in the project: the bench's Linter beside the project's ESLint 8. */
const BENCH_CHECK = `import plugin from 'eslint-plugin-unblock';
import { buildAfterSource } from 'unblock-bench';
import fs from 'node:fs';
const source = fs.readFileSync('src/orders.js', 'utf8');
const after = buildAfterSource(source, { rules: ['unblock/no-await-waterfall'], filename: 'src/orders.js', plugin });
console.log(after.changed && after.source.includes('await Promise.all(') ? 'fixed' : 'not fixed');
`;

/**
 * @typedef {object} Project
 * @property {string} name
 * @property {Record<string, string>} devDependencies besides the vendored tarballs
 * @property {string[]} tarballs which of the packed tarballs it depends on
 * @property {Record<string, string>} files besides package.json and src/orders.js
 * @property {(dir: string) => Promise<string[]>} lint the findings, as `file:line ruleId`
 * @property {boolean} [teammate] reinstalled with `npm ci` and given the bench check
 * @property {boolean} [noEslint] ESLint must not be installed at all
 */

/** @type {Project[]} */
const PROJECTS = [
  {
    name: 'ESLint 8.57, flat config (eslint.config.js)',
    devDependencies: { eslint: ESLINT_8 },
    tarballs: ['eslint-plugin-unblock', 'unblock-bench'],
    files: { 'eslint.config.js': "import unblock from 'eslint-plugin-unblock';\n\nexport default [unblock.configs.recommended];\n" },
    lint: eslintFindings,
    teammate: true,
  },
  {
    name: 'ESLint 8.57, eslintrc (.eslintrc.json)',
    devDependencies: { eslint: ESLINT_8 },
    tarballs: ['eslint-plugin-unblock'],
    files: { '.eslintrc.json': `${JSON.stringify({ root: true, parserOptions: { sourceType: 'module' }, extends: ['plugin:unblock/recommended-legacy'] }, null, 2)}\n` },
    lint: eslintFindings,
  },
  {
    name: 'oxlint only (jsPlugins), no ESLint installed',
    devDependencies: { oxlint: OXLINT },
    tarballs: ['eslint-plugin-unblock'],
    files: { '.oxlintrc.json': `${JSON.stringify({ categories: { correctness: 'off' }, jsPlugins: ['eslint-plugin-unblock'], rules: { 'unblock/no-await-waterfall': 'warn' } }, null, 2)}\n` },
    lint: oxlintFindings,
    noEslint: true,
  },
];

/**
 * @param {string} dir
 * @returns {Promise<string[]>}
 */
async function eslintFindings(dir) {
  const out = await runCommand(process.execPath, [path.join(dir, 'node_modules/eslint/bin/eslint.js'), '--format', 'json', 'src'], { cwd: dir });
  /** @type {Array<{ filePath: string, messages: Array<{ line: number, ruleId: string | null, message: string }> }>} */
  const results = JSON.parse(out);
  return results.flatMap((result) => result.messages.map((m) => `${path.relative(dir, result.filePath)}:${m.line} ${m.ruleId ?? m.message}`));
}

/**
 * @param {string} dir
 * @returns {Promise<string[]>}
 */
async function oxlintFindings(dir) {
  const out = await runCommand(process.execPath, [path.join(dir, 'node_modules/oxlint/bin/oxlint'), '--format', 'json', 'src'], { cwd: dir });
  /** @type {{ diagnostics: Array<{ code?: string, message: string, filename: string, labels: Array<{ span: { line: number } }> }> }} */
  const output = JSON.parse(out);
  // "unblock(no-await-waterfall)" → "unblock/no-await-waterfall"
  return output.diagnostics.map((d) => `${d.filename}:${d.labels[0]?.span.line ?? 0} ${(d.code ?? d.message).replace(/^([^(]+)\((.+)\)$/, '$1/$2')}`);
}

/** @param {string} file */
const exists = (file) => access(file).then(() => true, () => false);

/**
 * @param {Project} project
 * @param {Record<string, string>} packed tarball file by package name
 * @param {string} dir an empty folder
 * @param {(line: string) => void} log
 * @returns {Promise<string[]>} what is wrong
 */
async function checkProject(project, packed, dir, log) {
  await mkdir(path.join(dir, 'vendor'), { recursive: true });
  await mkdir(path.join(dir, 'src'), { recursive: true });
  /** @type {Record<string, string>} */
  const vendored = {};
  for (const name of project.tarballs) {
    const file = path.basename(packed[name]);
    await copyFile(packed[name], path.join(dir, 'vendor', file));
    vendored[name] = `file:vendor/${file}`;
  }
  const manifest = { name: 'unblock-install-check', private: true, type: 'module', devDependencies: { ...project.devDependencies, ...vendored } };
  await writeFile(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await writeFile(path.join(dir, 'src', 'orders.js'), ORDERS);
  for (const [file, text] of Object.entries(project.files)) await writeFile(path.join(dir, file), text);

  const quiet = ['--no-audit', '--no-fund', '--loglevel=error'];
  await runCommand(...npmCommand(['install', ...quiet]), { cwd: dir });
  if (project.teammate) {
    // A teammate's checkout: the lockfile and vendor/ committed, node_modules not.
    await rm(path.join(dir, 'node_modules'), { recursive: true, force: true });
    await runCommand(...npmCommand(['ci', ...quiet]), { cwd: dir });
  }
  /** @type {string[]} */
  const failures = [];
  if (project.noEslint && await exists(path.join(dir, 'node_modules', 'eslint'))) failures.push(`${project.name}: ESLint was installed, though nothing there needs it`);
  const findings = await project.lint(dir);
  if (findings.join('\n') !== EXPECTED) failures.push(`${project.name}: expected "${EXPECTED}", got ${JSON.stringify(findings)}`);
  if (project.teammate) {
    await writeFile(path.join(dir, 'bench-check.mjs'), BENCH_CHECK);
    const fixed = (await runCommand(process.execPath, ['bench-check.mjs'], { cwd: dir })).trim();
    if (fixed !== 'fixed') failures.push(`${project.name}: unblock-bench's buildAfterSource answered "${fixed}"`);
  }
  log(`  ${failures.length === 0 ? '✔' : '✘'} ${project.name}: ${project.teammate ? 'npm ci from the lockfile, ' : ''}${findings.join(', ') || 'no findings'}${project.teammate ? ', the bench builds the fix' : ''}`);
  return failures;
}

/**
 * @param {(line: string) => void} log
 * @returns {Promise<string[]>} what is wrong, one line each
 */
export async function checkEslintRange(log) {
  const work = await mkdtemp(path.join(os.tmpdir(), 'unblock-range-'));
  try {
    const packDir = path.join(work, 'packed');
    await mkdir(packDir);
    /** @type {Array<{ name: string, filename: string }>} */
    const packs = JSON.parse(await runCommand(...npmCommand(['pack', '--json', '--pack-destination', packDir, '-w', 'eslint-plugin-unblock', '-w', 'unblock-bench']), { cwd: repoRoot }));
    const packed = Object.fromEntries(packs.map(({ name, filename }) => [name, path.join(packDir, filename)]));
    // One after another: three installs at once would only fight over the same two cores and the npm cache.
    /** @type {string[]} */
    const failures = [];
    for (const [index, project] of PROJECTS.entries()) {
      try {
        failures.push(...await checkProject(project, packed, path.join(work, `project-${index}`), log));
      } catch (error) {
        failures.push(`${project.name}: ${error instanceof Error ? error.message : error}`);
        log(`  ✘ ${project.name}`);
      }
    }
    return failures;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
