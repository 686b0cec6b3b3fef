// Where the editor's lint time goes, part by part, on the file measure-lint.mjs uses (a 2,000-line
// TypeScript module, one-line edit per run): typescript-eslint's parse and the editor's oxc parse
// (src/lint/oxc-parser/) alone, and the share of typescript-eslint's scope analysis in it (the
// scopes ESLint's Linter needs whatever the parser); ESLint's Linter run through the extension's own
// lint runner with the parse taken out (the parser hands back a tree made beforehand), without rules
// and with the three Unblock rules (reusing the last lint's reports where the edit cannot reach, as
// in the editor, and without that reuse); the whole lint with the oxc parser, with the rules and
// with none (the floor no rule can go under, timed as one lint: medians of parts timed apart do not
// add up); a bare walk of the tree; and ts.createSourceFile of the same text. Each part is printed as
// a multiple of createSourceFile, by CPU time (steadier than wall time on a shared machine). The
// goal of issue 23 is the whole lint at most 4x (aim 3x). The last lines say what a lint outside
// ESLint's Linter would cost: the parse, one walk of the tree and the rules' own work. Runs this
// repository's sources, not dist/.
// Usage: node scripts/measure-lint-parts.mjs [--runs 15]
import { createRequire } from 'node:module';
import os from 'node:os';
import { Linter } from 'eslint';
import { visitorKeys } from '@typescript-eslint/visitor-keys';
import { analyze } from '@typescript-eslint/scope-manager';
import plugin from '../../packages/eslint-plugin-unblock/index.js';
import { createLintRunner } from '../src/lint/run-lint.js';
import { createOxcParser } from '../src/lint/oxc-parser/index.js';
import { setUnitReuse } from '../../packages/eslint-plugin-unblock/rules/reuse/unit-reuse.js';
import { runsOption, median, editedText, machineLine } from './measure-support.mjs';

const require = createRequire(import.meta.url);
/** @type {typeof import('typescript')} */
const ts = require('typescript');
/** @type {typeof import('@typescript-eslint/parser')} */
const tsParser = require('@typescript-eslint/parser');
const oxcParser = createOxcParser({ fallback: tsParser, ts });
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
const runner = createLintRunner({ Linter, plugin: /** @type {any} */ (plugin), loadTsParser: () => handingBack });
const oxcRunner = createLintRunner({ Linter, plugin: /** @type {any} */ (plugin), loadTsParser: () => oxcParser });
const withRules = { severity: {}, ruleOptions: {} };
const noRules = { severity: Object.fromEntries(runner.ruleIds.map((id) => [id, /** @type {const} */ ('off')])), ruleOptions: {} };
/**
 * Each runner lints a file of its own name, as an editor lints one document after each edit: the
 * waterfall rule then reuses the last lint's reports for the functions the edit does not reach
 * (packages/eslint-plugin-unblock/rules/reuse/). The row "analysing the whole file" turns that off.
 * @param {typeof runner} chosen @param {string} text @param {typeof withRules} settings
 */
const lint = (chosen, text, settings) => chosen.lintText(text, { fileName: chosen === runner ? 'large.ts' : 'large-oxc.ts', languageId: 'typescript', settings });
/** @param {() => void} work */
const withoutReuse = (work) => {
  setUnitReuse(false);
  try {
    work();
  } finally {
    setUnitReuse(true);
  }
};

const { text, groups } = largeTypeScriptFile(2000);
for (const chosen of [runner, oxcRunner]) {
  const reports = lint(chosen, text, withRules)?.messages.length;
  if (reports !== groups) throw new Error(`expected ${groups} reports, got ${reports}`);
}
if (oxcParser.lastPath() !== 'oxc') console.log('(no raw transfer on this runtime: the oxc rows are typescript-eslint)');

/** CPU time of the process (every thread) while work runs, in ms. @param {() => void} work */
const cpuOf = (work) => {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
};
/** One pass over every node, as any lint must make. @param {any} node */
const walk = (node) => {
  for (const key of visitorKeys[node.type] ?? []) {
    const child = node[key];
    if (Array.isArray(child)) for (const element of child) element && walk(element);
    else if (child && typeof child.type === 'string') walk(child);
  }
};
/** @type {Record<string, number[]>} */
const times = { tsParse: [], oxcParse: [], scopes: [], eslint: [], rules: [], rulesFull: [], oxcLint: [], oxcNoRules: [], walk: [], createSourceFile: [] };
const lines = text.split('\n');
for (let run = 0; run < runs * 2; run++) {
  const edited = editedText(lines, run);
  times.tsParse.push(cpuOf(() => (ready = tsParser.parseForESLint(edited, parserOptions))));
  times.eslint.push(cpuOf(() => lint(runner, edited, noRules)));
  ready = tsParser.parseForESLint(edited, parserOptions);
  times.rules.push(cpuOf(() => lint(runner, edited, withRules)));
  ready = tsParser.parseForESLint(edited, parserOptions);
  times.rulesFull.push(cpuOf(() => withoutReuse(() => lint(runner, edited, withRules))));
  /** @type {any} */
  let tree;
  times.oxcParse.push(cpuOf(() => (tree = oxcParser.parseForESLint(edited, { ...parserOptions }).ast)));
  times.walk.push(cpuOf(() => walk(tree)));
  // The scope manager's share of the oxc parse: the same analysis of the same tree again.
  times.scopes.push(cpuOf(() => analyze(tree, { sourceType: 'module' })));
  times.oxcLint.push(cpuOf(() => lint(oxcRunner, edited, withRules)));
  times.oxcNoRules.push(cpuOf(() => lint(oxcRunner, edited, noRules)));
  times.createSourceFile.push(cpuOf(() => ts.createSourceFile(`parse-${run}.ts`, edited, ts.ScriptTarget.Latest, true)));
}
// The first half warms the JIT up, as an editor session would have.
const settled = Object.fromEntries(Object.entries(times).map(([part, values]) => [part, median(values.slice(runs))]));
const unit = settled.createSourceFile;
const row = (/** @type {string} */ label, /** @type {number} */ ms) => `  ${label.padEnd(62)} ${ms.toFixed(1).padStart(6)} ms  ${(ms / unit).toFixed(1).padStart(4)}x`;
const rulesOnly = settled.rules - settled.eslint;
console.log(machineLine());
console.log(`parts of one lint after a one-line edit, CPU time, median of the last ${runs} of ${runs * 2} runs (multiples of ts.createSourceFile):`);
console.log(row('typescript-eslint parse (parseForESLint)', settled.tsParse));
console.log(row('oxc parse (src/lint/oxc-parser: tree, tokens, comments, scopes)', settled.oxcParse));
console.log(row("  of which typescript-eslint's scope analysis", settled.scopes));
console.log(row("ESLint's Linter with the parse taken out, no rules", settled.eslint));
console.log(row("ESLint's Linter with the parse taken out, Unblock rules", settled.rules));
console.log(row('  of which the Unblock rules', rulesOnly));
console.log(row('  of which the Unblock rules with no reuse (whole file analysed)', settled.rulesFull - settled.eslint));
console.log(row('the whole lint with the oxc parser (what the editor runs)', settled.oxcLint));
console.log(row('the same lint with no rule: the floor for any rules', settled.oxcNoRules));
console.log(row('one bare walk of the tree', settled.walk));
console.log(row('ts.createSourceFile (setParentNodes)', unit));
console.log(`ESLint's Linter alone (parse taken out, no rules) is ${(settled.eslint / unit).toFixed(1)}x ts.createSourceFile: the floor of any lint through it, whatever the parser`);
console.log(`before any rule runs (the oxc parse and the Linter, no rule): ${(settled.oxcNoRules / unit).toFixed(1)}x, of which the scope analysis the Linter needs ${(settled.scopes / unit).toFixed(1)}x`);
const outside = settled.oxcParse + settled.walk + rulesOnly;
console.log(`a lint outside the Linter (oxc parse + one walk + the rules' own work): about ${outside.toFixed(1)} ms, ${(outside / unit).toFixed(1)}x (goal <= 4, aim 3)`);
console.log(`machine load average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (2 cores: above ~1.5 the numbers are provisional)`);
