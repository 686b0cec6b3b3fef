#!/usr/bin/env node
/**
 * Every report of the Unblock rules, with its fix and suggestions' text, on the labeled real-code
 * corpora (../shared/realcode, extracted by its score.mjs) and this repo's fixtures/, under three
 * option sets: the defaults, `fix: true` with `maxConcurrency: 3`, and `includeOneOffCode: true`.
 * Written as one JSON file per run, so that a change meant to keep the output (a move, a split, a
 * faster path) can be checked by comparing two runs byte for byte:
 *
 *   node scripts/equivalence/outputs.js --out /tmp/before.json [--plugin DIR]
 *   … change …
 *   node scripts/equivalence/outputs.js --out /tmp/after.json && cmp /tmp/before.json /tmp/after.json
 *
 * --plugin DIR lints with the plugin checked out in DIR (its own index.js), so a worktree of the
 * earlier commit can be the "before". The corpora must have been extracted once by score.mjs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import { pluginEntryUrl } from '../plugin-entry.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const realcode = path.resolve(repoRoot, '..', 'shared', 'realcode');
const args = process.argv.slice(2);
const option = (/** @type {string} */ name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const out = option('--out');
const pluginDir = path.resolve(option('--plugin') ?? repoRoot);
if (!out) {
  console.error('usage: node scripts/equivalence/outputs.js --out FILE [--plugin DIR]');
  process.exit(2);
}

const plugin = (await import(pluginEntryUrl(pluginDir))).default;
const ruleIds = Object.keys(plugin.rules);
const OPTION_SETS = {
  defaults: {},
  codemod: { fix: true, maxConcurrency: 3 },
  oneOff: { includeOneOffCode: true },
};

/**
 * The options a rule accepts from one set: only the keys its schema names.
 * @param {string} id
 * @param {Record<string, unknown>} set
 */
function optionsFor(id, set) {
  const properties = plugin.rules[id].meta?.schema?.[0]?.properties ?? {};
  return Object.fromEntries(Object.entries(set).filter(([key]) => key in properties));
}

/** @returns {{ name: string, dir: string, paths: string[], sourceType: 'module' | 'commonjs' }[]} */
function corpora() {
  const cache = path.join(os.tmpdir(), 'unblock-realcode');
  const rows = fs.readFileSync(path.join(realcode, 'corpora.tsv'), 'utf8').trim().split('\n').slice(1).map((line) => line.split('\t'));
  const extracted = fs.existsSync(cache) ? fs.readdirSync(cache) : [];
  return rows.flatMap(([name, , , paths, sourceType]) => {
    const folder = extracted.find((entry) => entry.startsWith(`${name}-`));
    if (!folder) {
      console.error(`${name}: not extracted (run node ../shared/realcode/score.mjs once); left out`);
      return [];
    }
    return [{ name, dir: path.join(cache, folder, name), paths: paths.split(' '), sourceType: /** @type {any} */ (sourceType) }];
  });
}

/**
 * @param {string} cwd
 * @param {string[]} patterns
 * @param {'module' | 'commonjs'} sourceType
 * @param {Record<string, unknown>} set
 */
async function lint(cwd, patterns, sourceType, set) {
  const eslint = new ESLint({
    cwd,
    overrideConfigFile: true,
    allowInlineConfig: false,
    overrideConfig: [
      { files: ['**/*.js', '**/*.mjs', '**/*.cjs'], languageOptions: { sourceType } },
      { files: ['**/*.ts'], languageOptions: { parser: tsParser } },
      { plugins: { unblock: plugin }, rules: Object.fromEntries(ruleIds.map((id) => [`unblock/${id}`, ['warn', optionsFor(id, set)]])) },
    ],
  });
  const results = await eslint.lintFiles(patterns.map((p) => `${p}/**/*.{js,mjs,cjs,ts}`));
  return results.flatMap((result) => result.messages.map((m) => ({
    file: path.relative(cwd, result.filePath),
    rule: m.ruleId,
    at: `${m.line}:${m.column}-${m.endLine}:${m.endColumn}`,
    message: m.message,
    fix: m.fix ?? null,
    suggestions: (m.suggestions ?? []).map((s) => ({ desc: s.desc, fix: s.fix })),
  })));
}

const output = {};
for (const [setName, set] of Object.entries(OPTION_SETS)) {
  output[`fixtures/${setName}`] = await lint(repoRoot, ['fixtures'], 'module', set);
  for (const corpus of corpora()) output[`${corpus.name}/${setName}`] = await lint(corpus.dir, corpus.paths, corpus.sourceType, set);
}
fs.writeFileSync(out, JSON.stringify(output, null, 1));
for (const [key, messages] of Object.entries(output)) {
  console.log(`${key}: ${messages.length} reports, ${messages.filter((m) => m.fix).length} fixes, ${messages.reduce((n, m) => n + m.suggestions.length, 0)} suggestions`);
}
