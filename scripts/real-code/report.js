#!/usr/bin/env node
/**
 * npm run real-code — the Unblock rules on the pinned real server corpus
 * (scripts/corpus/corpora.js): how many reports each rule makes per
 * codebase, and every report with its source line, written to
 * bench-results/real-code/<corpus>.json so that a reviewer can judge them.
 * The files are linted from disk (ESLint class), so the project index reads
 * the files they import, as it does in a user's `npx eslint .`.
 *
 * Usage: node scripts/real-code/report.js [ghost|directus|strapi ...] [--plugin DIR] [--out DIR]
 *   --plugin DIR  lint with the plugin checked out in DIR (to compare before/after a change)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import { CORPORA } from '../corpus/corpora.js';
import { ensureCorpus, listSourceFiles, packageDir } from '../corpus/fetch.js';
import { pluginEntryUrl } from '../plugin-entry.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * @param {string[]} argv
 */
function parseArgs(argv) {
  const options = { corpora: /** @type {string[]} */ ([]), plugin: repoRoot, out: path.join(repoRoot, 'bench-results', 'real-code') };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--plugin') options.plugin = path.resolve(argv[++i] ?? '');
    else if (argv[i] === '--out') options.out = path.resolve(argv[++i] ?? '');
    else options.corpora.push(argv[i]);
  }
  if (options.corpora.length === 0) options.corpora = CORPORA.map((corpus) => corpus.name);
  return options;
}

/**
 * @param {any} plugin
 * @param {string} cwd
 * @param {'module' | 'commonjs'} sourceType
 */
function createLinter(plugin, cwd, sourceType) {
  return new ESLint({
    cwd,
    overrideConfigFile: true,
    ignore: false,
    overrideConfig: [
      {
        files: ['**/*.js', '**/*.cjs', '**/*.mjs', '**/*.ts'],
        plugins: { unblock: plugin },
        linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'off' },
        languageOptions: { ecmaVersion: 'latest', sourceType },
        rules: plugin.configs.recommended.rules,
      },
      { files: ['**/*.mjs'], languageOptions: { sourceType: 'module' } },
      { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' } },
      { files: ['**/*.ts'], languageOptions: { parser: tsParser, sourceType: 'module' } },
    ],
  });
}

/**
 * Lints one corpus; a `.js` file that does not parse as one module system is tried as the other.
 * @param {any} plugin
 * @param {string} name
 */
async function lintCorpus(plugin, name) {
  ensureCorpus(name, { log: (line) => process.stderr.write(`${line}\n`) });
  const cwd = packageDir(name);
  const files = listSourceFiles(name);
  const linters = { commonjs: createLinter(plugin, cwd, 'commonjs'), module: createLinter(plugin, cwd, 'module') };
  const started = performance.now();
  /** @type {Array<{ file: string, line: number, rule: string, message: string, source: string }>} */
  const reports = [];
  let unparsed = 0;
  for (const file of files) {
    let [result] = await linters.commonjs.lintFiles([file]);
    if (result.messages.some((message) => message.fatal)) [result] = await linters.module.lintFiles([file]);
    if (result.messages.some((message) => message.fatal)) {
      unparsed++;
      continue;
    }
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    for (const message of result.messages) {
      if (!message.ruleId?.startsWith('unblock/')) continue;
      reports.push({
        file: path.relative(cwd, file).split(path.sep).join('/'),
        line: message.line,
        rule: message.ruleId,
        message: message.message,
        source: (lines[message.line - 1] ?? '').trim().slice(0, 160),
      });
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return { name, files: files.length, unparsed, seconds, reports };
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const plugin = (await import(pluginEntryUrl(options.plugin))).default;
  fs.mkdirSync(options.out, { recursive: true });
  const rules = Object.keys(plugin.rules).map((id) => `unblock/${id}`);
  console.log(['corpus', 'files', ...rules.map((rule) => rule.replace('unblock/', '')), 'seconds'].join('\t'));
  for (const name of options.corpora) {
    const result = await lintCorpus(plugin, name);
    const counts = rules.map((rule) => result.reports.filter((report) => report.rule === rule).length);
    console.log([name, result.files, ...counts, result.seconds.toFixed(1)].join('\t'));
    fs.writeFileSync(path.join(options.out, `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
  }
  console.log(`reports written to ${path.relative(process.cwd(), options.out) || '.'}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
