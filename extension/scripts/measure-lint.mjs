// Measures what the extension's README reports: loading the lint engine, and for two files, the
// generated 2,000-line TypeScript module and a real 2,300-line service (real-service-file.mjs),
// the lint after a one-line edit (median of many) with the rules and with every rule off (the floor
// under any rule), and, interleaved with them in the same loop, TypeScript's own
// ts.createSourceFile of the same edited text. Two goals are printed against: the lint at most 3
// times ts.createSourceFile (issue 14), and what the rules add over the no-rule lint at most +25%
// (#43), the latter also block by block (blocks of 10 lints with the rules and without, in turn).
// Uses the built bundles in dist/ (run scripts/build.mjs first).
// Usage: node scripts/measure-lint.mjs [--runs 15] [--real FILE] (2 x runs lints with the rules, as many without)
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runsOption, quantile, median, editedText, machineLine } from './measure-support.mjs';
import { realServiceFile, editLineOf } from './real-service-file.mjs';

const require = createRequire(import.meta.url);
/** @type {typeof import('typescript')} */
const ts = require('typescript');
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const runs = runsOption(15);
/** Lints per block: with rules and without alternate block by block (measureFile). */
const BLOCK_RUNS = 10;

const { largeTypeScriptFile } = require('./large-typescript-file.cjs');

const t0 = performance.now();
const engine = require(path.join(dist, 'lint-engine.js'));
const engineLoadMs = performance.now() - t0;

const settings = { severity: {}, ruleOptions: {} };
const allOff = { severity: Object.fromEntries(engine.ruleIds.map((id) => [id, 'off'])), ruleOptions: {} };
const fmt = (/** @type {number} */ ms) => `${ms.toFixed(1)} ms`;
/** @param {number} part @param {number} whole */
const percentOver = (part, whole) => `${part >= whole ? '+' : ''}${Math.round((100 * (part - whole)) / whole)}%`;

/** @param {() => void} work @returns {{ wall: number, cpu: number }} CPU time too: on a shared machine it shows what an idle one would take */
function timed(work) {
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  work();
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu0);
  return { wall, cpu: (used.user + used.system) / 1000 };
}

/**
 * @typedef {object} Subject
 * @property {string} label what the printout calls it
 * @property {string} fileName the name the editor would lint it under (relative to its workspace folder)
 * @property {string} [cwd] the workspace folder the editor would lint it in (where the project index starts)
 * @property {string} text
 * @property {number} editAt how many lines come before the typed line
 * @property {number} [reports] how many reports its first lint must give (the generated file's)
 */

/**
 * Lints the subject after a one-line edit, 2 x `runs` times with the rules and as many with none, in
 * alternate blocks, each lint followed by ts.createSourceFile of the same text; prints the figures.
 * @param {Subject} subject
 */
function measureFile(subject) {
  const lines = subject.text.split('\n');
  const lint = (/** @type {string} */ text, /** @type {typeof settings} */ lintSettings) => engine.lintText(text, { fileName: subject.fileName, cwd: subject.cwd, languageId: 'typescript', settings: lintSettings });
  const t0 = performance.now();
  const first = lint(subject.text, settings);
  const firstLintMs = performance.now() - t0;
  const fatal = first.messages.find((message) => message.fatal);
  if (fatal) throw new Error(`${subject.label} does not parse: ${fatal.message}`);
  if (subject.reports !== undefined && first.messages.length !== subject.reports) throw new Error(`expected ${subject.reports} reports, got ${first.messages.length}`);
  const withRules = { wall: /** @type {number[]} */ ([]), cpu: /** @type {number[]} */ ([]) };
  const noRule = { wall: /** @type {number[]} */ ([]), cpu: /** @type {number[]} */ ([]) };
  const parse = { wall: /** @type {number[]} */ ([]), cpu: /** @type {number[]} */ ([]) };
  /** Block medians, in the order run: with rules, then without, block after block. */
  const blocks = { withRules: /** @type {Array<{ wall: number, cpu: number }>} */ ([]), noRule: /** @type {Array<{ wall: number, cpu: number }>} */ ([]) };
  let run = 0;
  const block = (/** @type {typeof settings} */ lintSettings, /** @type {typeof withRules} */ into, /** @type {number} */ count) => {
    const own = { wall: /** @type {number[]} */ ([]), cpu: /** @type {number[]} */ ([]) };
    for (let at = 0; at < count; at++, run++) {
      const edited = editedText(lines, run, subject.editAt);
      const one = timed(() => lint(edited, lintSettings));
      for (const [list, value] of /** @type {const} */ ([[into.wall, one.wall], [into.cpu, one.cpu], [own.wall, one.wall], [own.cpu, one.cpu]])) list.push(value);
      // setParentNodes as a language service would; the same text, a different file name so no cache helps.
      const parsed = timed(() => ts.createSourceFile(`parse-${run}.ts`, edited, ts.ScriptTarget.Latest, true));
      parse.wall.push(parsed.wall);
      parse.cpu.push(parsed.cpu);
    }
    return { wall: median(own.wall), cpu: median(own.cpu) };
  };
  // Short blocks, with rules and without in turn: a change in machine load between two blocks next to
  // each other is small, so the ratio of each pair of blocks says more than the ratio of two medians
  // taken minutes apart. The lints of one block follow each other without a pause, as typing does.
  for (let done = 0; done < 2 * runs; done += BLOCK_RUNS) {
    const count = Math.min(BLOCK_RUNS, 2 * runs - done);
    blocks.withRules.push(block(settings, withRules, count));
    blocks.noRule.push(block(allOff, noRule, count));
  }
  printFigures(subject, { firstLintMs, reports: first.messages.length, withRules, noRule, parse, blocks });
}

/**
 * @param {Subject} subject
 * @param {{ firstLintMs: number, reports: number, withRules: { wall: number[], cpu: number[] }, noRule: { wall: number[], cpu: number[] }, parse: { wall: number[], cpu: number[] },
 *   blocks: { withRules: Array<{ wall: number, cpu: number }>, noRule: Array<{ wall: number, cpu: number }> } }} figures
 */
function printFigures(subject, { firstLintMs, reports, withRules, noRule, parse, blocks }) {
  console.log(`\n${subject.label} (${subject.text.split('\n').length} lines, ${reports} reports; a line typed after line ${subject.editAt})`);
  console.log(`first lint (loads the TypeScript parser, and for a real file reads its project): ${fmt(firstLintMs)}; parsed by ${engine.lastTypeScriptParse?.() === 'oxc' ? 'oxc-parser (src/lint/oxc-parser/)' : 'typescript-eslint'}`);
  console.log(`lint after a one-line edit, ${withRules.wall.length} runs: median ${fmt(median(withRules.wall))}, p90 ${fmt(quantile(withRules.wall, 0.9))}, min ${fmt(Math.min(...withRules.wall))}`);
  console.log(`  of which parsing + ESLint without any rule: median ${fmt(median(noRule.wall))}, min ${fmt(Math.min(...noRule.wall))}`);
  console.log(`CPU time per lint (process, incl. GC threads): median ${fmt(median(withRules.cpu))}; without rules ${fmt(median(noRule.cpu))}`);
  console.log(`the rules' share over the no-rule lint (goal <= +25%): ${percentOver(median(withRules.cpu), median(noRule.cpu))} by median CPU time, ${percentOver(median(withRules.wall), median(noRule.wall))} by median wall time`);
  console.log(`  block by block (${blocks.withRules.length} pair${blocks.withRules.length === 1 ? '' : 's'} of blocks of up to ${BLOCK_RUNS} lints, each block's median against the no-rule block after it): ${pairedShare(blocks, 'cpu')} by CPU time, ${pairedShare(blocks, 'wall')} by wall time`);
  const parseMedian = median(parse.wall);
  console.log(`ts.createSourceFile of the same text, interleaved: median ${fmt(parseMedian)}, min ${fmt(Math.min(...parse.wall))}; CPU median ${fmt(median(parse.cpu))}`);
  const ratio = (/** @type {number} */ a, /** @type {number} */ b) => (a / b).toFixed(1);
  console.log(`ratio lint / ts.createSourceFile (goal <= 3): ${ratio(median(withRules.wall), parseMedian)} by median wall time, ${ratio(Math.min(...withRules.wall), Math.min(...parse.wall))} by min, ${ratio(median(withRules.cpu), median(parse.cpu))} by median CPU time; without rules ${ratio(median(noRule.cpu), median(parse.cpu))} by median CPU time`);
}

/**
 * The median of the pairs' ratios, with the lowest and highest.
 * @param {{ withRules: Array<{ wall: number, cpu: number }>, noRule: Array<{ wall: number, cpu: number }> }} blocks
 * @param {'wall' | 'cpu'} measure
 */
function pairedShare(blocks, measure) {
  const ratios = blocks.withRules.map((block, at) => block[measure] / blocks.noRule[at][measure]);
  const over = (/** @type {number} */ ratio) => percentOver(ratio, 1);
  return `${over(median(ratios))} (${over(Math.min(...ratios))} to ${over(Math.max(...ratios))})`;
}

console.log(machineLine());
console.log(`loading dist/lint-engine.js: ${fmt(engineLoadMs)} (the TypeScript parser loads on the first TS lint)`);
const generated = largeTypeScriptFile(2000);
measureFile({ label: 'the generated 2,000-line TypeScript file', fileName: 'large.ts', text: generated.text, editAt: 7, reports: generated.groups });
const real = realServiceFile();
if ('file' in real) {
  const text = fs.readFileSync(real.file, 'utf8');
  // As the extension names a document: relative to its workspace folder (vscode/linting.js lintName).
  measureFile({ label: `a real service, ${real.file}`, fileName: path.relative(real.cwd, real.file), cwd: real.cwd, text, editAt: editLineOf(text.split('\n')) });
} else console.log(`\nthe real service is not measured: ${real.missing}`);
console.log(`\nmachine load average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (2 cores: above ~1.5 the numbers are provisional)`);
