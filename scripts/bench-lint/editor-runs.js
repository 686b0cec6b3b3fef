/**
 * The editor's figures for `npm run bench:lint`: the extension's own measurements, run as they
 * are (extension/scripts/measure-lint.mjs on its built bundle, measure-lint-parts.mjs on the
 * sources), each in a process of its own, their lines printed as they come. The issue's goals: a
 * lint after a one-line edit of the 2,000-line file in at most 100 ms and at most 4 times
 * `ts.createSourceFile`.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const scripts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'extension', 'scripts');

/** Builds the extension's bundle, then prints both measurements. Throws when one fails. */
export function printEditorFigures() {
  console.log('\nEditor (the extension linting a 2,000-line TypeScript file after one-line edits):');
  for (const [script, ...args] of [['build.mjs'], ['measure-lint.mjs'], ['measure-lint-parts.mjs']]) {
    const run = spawnSync(process.execPath, [path.join(scripts, script), ...args], { stdio: ['ignore', 'inherit', 'inherit'] });
    if (run.status !== 0) throw new Error(`extension/scripts/${script} ${run.signal ? `was killed by ${run.signal}` : `exited with ${run.status}`}`);
  }
}
