// The plugin's type declarations as a TypeScript user receives them: `npm pack` (whose prepack
// generates types/ from the JSDoc with tsc) must put the .d.ts files that package.json's `types`
// and `exports[…].types` name into the tarball, and a small TypeScript project that installs the
// tarball and uses the plugin and its tooling entry must compile under `tsc --strict`, the
// declarations themselves checked too (no skipLibCheck).
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { npmCommand, runCommand } from '../../extension/scripts/run-command.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/** The plugin's package folder. */
const pluginDir = path.join(repoRoot, 'packages', 'eslint-plugin-unblock');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/**
 * Every way in a user has: the plugin in a flat config, its tooling entry's functions and type.
 * The `@ts-expect-error` lines fail the compile if a declaration degraded to `any`.
 */
const CONSUMER = `import unblock from 'eslint-plugin-unblock';
import { forgetProjectFile, onLintWarning, planWorkerOffloads, type WorkerOffload } from 'eslint-plugin-unblock/tooling';
import { Linter, type ESLint } from 'eslint';

const plugin: ESLint.Plugin = unblock;
const config: Linter.Config[] = [unblock.configs.recommended, { plugins: { unblock }, rules: { 'unblock/no-await-waterfall': 'warn' } }];
const stop: () => void = onLintWarning((message: string) => console.log(message));
stop();
forgetProjectFile('/project/src/a.js');
const linter = new Linter({ configType: 'flat' });
const messages = linter.verify('export async function f() {}', config, 'a.js');
const plans: Map<object, WorkerOffload> = planWorkerOffloads(linter.getSourceCode(), messages, { filename: 'a.js' });
const first: WorkerOffload | undefined = [...plans.values()][0];
console.log(plugin.meta?.name, first?.workerFile, first?.edits.length);
// @ts-expect-error the plugin is an object, not a number
const notANumber: number = unblock;
// @ts-expect-error onLintWarning takes a listener
onLintWarning('not a function');
console.log(notANumber);
`;

/** Runs the installed tarball's default entry on a two-await waterfall; prints the rule ids reported. */
const RUN_CONSUMER = `import unblock from 'eslint-plugin-unblock';
import { Linter } from 'eslint';
const code = 'export async function f(db) {\\n  const a = await db.getUser(1);\\n  const b = await db.getOrders(2);\\n  return [a, b];\\n}\\n';
const messages = new Linter().verify(code, [unblock.configs.recommended], 'a.js');
console.log(messages.map((message) => message.ruleId ?? message.message).join(' '));
`;

/**
 * @param {(line: string) => void} log
 * @returns {Promise<string[]>} what is wrong, one line each
 */
export async function checkPluginTypes(log) {
  const packDir = await mkdtemp(path.join(os.tmpdir(), 'unblock-pack-'));
  // Inside the repo so that the plugin's dependencies (eslint, @types/node) resolve from its
  // node_modules, as from a user's; a package.json of its own, so `eslint-plugin-unblock` is not
  // the repo's own package by self-reference but the unpacked tarball.
  const consumer = path.join(repoRoot, '.cache', 'types-consumer');
  try {
    const [{ filename, files }] = JSON.parse(await runCommand(...npmCommand(['pack', '--json', '--pack-destination', packDir]), { cwd: pluginDir }));
    const packed = new Set(files.map((/** @type {{ path: string }} */ file) => file.path));
    const manifest = JSON.parse(await readFile(path.join(pluginDir, 'package.json'), 'utf8'));
    const declared = [...new Set([manifest.types, ...Object.values(manifest.exports).map((entry) => entry?.types)].filter(Boolean).map((file) => path.posix.normalize(file)))];
    /** @type {string[]} */
    const failures = [];
    if (!declared.includes('types/index.d.ts') || !declared.includes('types/tooling.d.ts')) failures.push(`package.json does not point \`types\` at types/index.d.ts and types/tooling.d.ts: ${declared.join(', ')}`);
    for (const file of declared) if (!packed.has(file)) failures.push(`${file}, named in package.json, is not in the tarball`);
    const declarations = [...packed].filter((file) => file.endsWith('.d.ts'));
    log(`  ${failures.length === 0 ? '✔' : '✘'} ${filename}: ${packed.size} files, ${declarations.length} declarations (${declared.join(', ')})`);

    await rm(consumer, { recursive: true, force: true });
    const installed = path.join(consumer, 'node_modules', 'eslint-plugin-unblock');
    await mkdir(installed, { recursive: true });
    await runCommand('tar', ['-xzf', path.join(packDir, filename), '-C', installed, '--strip-components=1']);
    await writeFile(path.join(consumer, 'package.json'), '{ "name": "types-consumer", "private": true, "type": "module" }\n');
    await writeFile(path.join(consumer, 'consumer.ts'), CONSUMER);
    await writeFile(path.join(consumer, 'tsconfig.json'), `${JSON.stringify({
      compilerOptions: { strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', noEmit: true, skipLibCheck: false, types: ['node'] },
      files: ['consumer.ts'],
    }, null, 2)}\n`);
    try {
      await runCommand(process.execPath, [tsc, '-p', consumer]);
      log('  ✔ a TypeScript project using the packed plugin and its tooling entry compiles under tsc --strict');
    } catch (error) {
      failures.push(`the TypeScript consumer does not compile under --strict: ${error instanceof Error ? error.message : error}`);
      log('  ✘ a TypeScript project using the packed plugin does not compile under tsc --strict');
    }
    // The tarball runs, too: its bundle (dist/) loads with the dependencies it declares and reports.
    await writeFile(path.join(consumer, 'run.mjs'), RUN_CONSUMER);
    try {
      const output = (await runCommand(process.execPath, [path.join(consumer, 'run.mjs')], { cwd: consumer })).trim();
      if (output !== 'unblock/no-await-waterfall') throw new Error(`reported ${output || 'nothing'}`);
      log('  ✔ the packed plugin loads and reports a waterfall');
    } catch (error) {
      failures.push(`the packed plugin does not run: ${error instanceof Error ? error.message : error}`);
      log('  ✘ the packed plugin does not run');
    }
    return failures;
  } finally {
    await rm(packDir, { recursive: true, force: true });
    await rm(consumer, { recursive: true, force: true });
  }
}
