#!/usr/bin/env node
/**
 * Report-for-report equivalence of an editor's lints that reuse unchanged units' reports
 * (packages/eslint-plugin-unblock/rules/reuse/) with lints that analyse everything. On the
 * labeled real backends of ../shared/realcode (extracted by its score.mjs), each file is linted as
 * an editor lints an unsaved buffer while someone types: its text on disk first, then a run of
 * seeded edits (typing-edits.js; an edit that does not parse is typed over again), each lint from
 * its absolute path so that the project index answers as in the editor. After every edit the
 * reports of the lint that reused are compared with a lint of the same text without reuse.
 *
 * Usage: node --conditions=unblock-source scripts/equivalence/reuse-equivalence.js [--files N] [--edits N] [--seed N]
 * Prints the differences (0 is the bar), at how many places (statement lists, expressions with awaits)
 * the analysis was skipped, of those asked about in lints that could reuse, and the lints' total
 * time both ways (the lint without reuse runs second, on caches the first one filled: the saving
 * is if anything understated).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import plugin from '../../packages/eslint-plugin-unblock/index.js';
import { setUnitReuse, forgetKeptLints, unitReuseCounts } from '../../packages/eslint-plugin-unblock/rules/reuse/unit-reuse.js';
import { mutate, seededRandom } from './typing-edits.js';

const args = process.argv.slice(2);
const option = (/** @type {string} */ name, /** @type {number} */ fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const filesPerBackend = option('--files', 40);
const editsPerFile = option('--edits', 8);
const random = seededRandom(option('--seed', 23));
const REALCODE = path.join(os.tmpdir(), 'unblock-realcode');

/** @param {import('eslint').Linter.LintMessage} m */
const normalize = (m) => JSON.stringify([m.line, m.column, m.endLine, m.endColumn, m.ruleId, m.message, m.fix ?? null, (m.suggestions ?? []).map((s) => [s.desc, s.fix])]);

/** @param {string} root */
function filesOf(root) {
  return fs.readdirSync(root, { recursive: true }).map(String)
    .filter((name) => /\.(c|m)?[jt]sx?$/.test(name) && !name.endsWith('.d.ts') && !name.split(path.sep).includes('node_modules'))
    .filter((name) => fs.readFileSync(path.join(root, name), 'utf8').includes('await'))
    .sort()
    .slice(0, filesPerBackend);
}

/**
 * @param {Linter} linter
 * @param {string} filename absolute
 * @param {string} text
 */
function lint(linter, filename, text) {
  const typescript = /\.[cm]?tsx?$/.test(filename);
  const config = {
    ...plugin.configs.recommended,
    files: ['**/*.js', '**/*.cjs', '**/*.mjs', '**/*.jsx', '**/*.ts', '**/*.cts', '**/*.mts', '**/*.tsx'],
    languageOptions: typescript
      ? { parser: tsParser, sourceType: /** @type {const} */ ('module'), parserOptions: { ecmaFeatures: { jsx: filename.endsWith('x') } } }
      : { sourceType: filename.endsWith('.cjs') ? /** @type {const} */ ('commonjs') : /** @type {const} */ ('module'), parserOptions: { ecmaFeatures: { jsx: true } } },
  };
  return linter.verify(text, [config], { filename });
}

const backends = fs.existsSync(REALCODE) ? fs.readdirSync(REALCODE).sort() : [];
if (backends.length === 0) {
  console.error(`No backend is extracted under ${REALCODE}: run node ../shared/realcode/score.mjs once.`);
  process.exit(2);
}
let lints = 0;
let differences = 0;
const time = { reuse: 0, fresh: 0 };
for (const dir of backends) {
  const root = path.join(REALCODE, dir, dir.slice(0, dir.lastIndexOf('-')));
  const linter = new Linter({ cwd: root });
  for (const file of filesOf(root)) {
    const filename = path.join(root, file);
    let text = fs.readFileSync(filename, 'utf8');
    forgetKeptLints();
    lint(linter, filename, text);
    lint(linter, filename, text);
    for (let edit = 0; edit < editsPerFile; edit++) {
      const edited = mutate(text, random);
      const startedReuse = performance.now();
      const reused = lint(linter, filename, edited);
      const reuseMs = performance.now() - startedReuse;
      if (reused.some((m) => m.fatal)) continue;
      setUnitReuse(false);
      const startedFresh = performance.now();
      const fresh = lint(linter, filename, edited);
      time.fresh += performance.now() - startedFresh;
      time.reuse += reuseMs;
      setUnitReuse(true);
      lints++;
      text = edited;
      const a = reused.map(normalize).join('\n');
      const b = fresh.map(normalize).join('\n');
      if (a === b) continue;
      differences++;
      console.log(`DIFFERENT ${path.join(dir, file)} after edit ${edit + 1}:\n  reused: ${a.split('\n').filter((l) => !b.includes(l)).join('\n          ')}\n  fresh:  ${b.split('\n').filter((l) => !a.includes(l)).join('\n          ')}`);
    }
  }
  const { skipped, asked } = unitReuseCounts();
  console.log(`${dir}: ${lints} lints after an edit so far, ${differences} different; analysis skipped at ${skipped} of ${asked} places`);
}
console.log(`${differences} differences in ${lints} lints after an edit`);
console.log(`lint time after the edits: ${Math.round(time.reuse)} ms reusing, ${Math.round(time.fresh)} ms without`);
process.exitCode = differences === 0 ? 0 : 1;
