// Where the editor's lint time goes, part by part, on the file measure-lint.mjs uses (a 2,000-line
// TypeScript module, one-line edit per run): typescript-eslint's parse alone; ESLint's Linter run
// through the extension's own lint runner with the parse taken out (the parser hands back a tree
// made beforehand), without rules and with the three Unblock rules; and ts.createSourceFile of the
// same text. Each part is printed as a multiple of createSourceFile. The goal of issue 14 is the
// whole lint at most 3x: the parts without the parse show what any parser, however fast, would
// have to fit beside. Runs this repository's sources, not dist/.
// Usage: node scripts/measure-lint-parts.mjs [--runs 15]
import { createRequire } from 'node:module';
import { Linter } from 'eslint';
import plugin from '../../packages/eslint-plugin-unblock/index.js';
import { createLintRunner } from '../src/lint/run-lint.js';
import { runsOption, median, editedText, machineLine } from './measure-support.mjs';

const require = createRequire(import.meta.url);
/** @type {typeof import('typescript')} */
const ts = require('typescript');
/** @type {typeof import('@typescript-eslint/parser')} */
const tsParser = require('@typescript-eslint/parser');
const { largeTypeScriptFile } = require('./large-typescript-file.cjs');
const runs = runsOption(15);

/** The options ESLint hands the parser, recorded on a real lint so the trees made beforehand match. */
/** @type {any} */
let parserOptions;
/** @type {any} the next tree to hand back instead of parsing */
let ready;
const handingBack = {
  meta: { name: 'pre-parsed' },
  /** @param {string} text @param {any} options */
  parseForESLint(text, options) {
    parserOptions ??= options;
    const tree = ready ?? tsParser.parseForESLint(text, options);
    ready = undefined;
    return tree;
  },
};
const { lintText, ruleIds } = createLintRunner({ Linter, plugin: /** @type {any} */ (plugin), loadTsParser: () => handingBack });
const withRules = { severity: {}, ruleOptions: {} };
const noRules = { severity: Object.fromEntries(ruleIds.map((id) => [id, /** @type {const} */ ('off')])), ruleOptions: {} };
/** @param {string} text @param {typeof withRules} settings */
const lint = (text, settings) => lintText(text, { fileName: 'large.ts', languageId: 'typescript', settings });

const { text, groups } = largeTypeScriptFile(2000);
const reports = lint(text, withRules)?.messages.length;
if (reports !== groups) throw new Error(`expected ${groups} reports, got ${reports}`);

/** @param {() => void} work */
const timed = (work) => {
  const start = performance.now();
  work();
  return performance.now() - start;
};
const times = { parse: /** @type {number[]} */ ([]), eslint: /** @type {number[]} */ ([]), rules: /** @type {number[]} */ ([]), createSourceFile: /** @type {number[]} */ ([]) };
const lines = text.split('\n');
for (let run = 0; run < runs * 2; run++) {
  const edited = editedText(lines, run);
  times.parse.push(timed(() => (ready = tsParser.parseForESLint(edited, parserOptions))));
  times.eslint.push(timed(() => lint(edited, noRules)));
  ready = tsParser.parseForESLint(edited, parserOptions);
  times.rules.push(timed(() => lint(edited, withRules)));
  times.createSourceFile.push(timed(() => ts.createSourceFile(`parse-${run}.ts`, edited, ts.ScriptTarget.Latest, true)));
}
// The first half warms the JIT up, as an editor session would have.
const settled = Object.fromEntries(Object.entries(times).map(([part, values]) => [part, median(values.slice(runs))]));
const unit = settled.createSourceFile;
const row = (/** @type {string} */ label, /** @type {number} */ ms) => `  ${label.padEnd(58)} ${ms.toFixed(1).padStart(6)} ms  ${(ms / unit).toFixed(1).padStart(4)}x`;
console.log(machineLine());
console.log(`parts of one lint after a one-line edit, median of the last ${runs} of ${runs * 2} runs (multiples of ts.createSourceFile):`);
console.log(row('typescript-eslint parse (parseForESLint)', settled.parse));
console.log(row("ESLint's Linter with the parse taken out, no rules", settled.eslint));
console.log(row("ESLint's Linter with the parse taken out, Unblock rules", settled.rules));
console.log(row('  of which the Unblock rules', settled.rules - settled.eslint));
console.log(row('ts.createSourceFile (setParentNodes)', unit));
console.log(`without any parse, the lint is already ${(settled.rules / unit).toFixed(1)}x ts.createSourceFile (goal for the whole lint: <= 3)`);
