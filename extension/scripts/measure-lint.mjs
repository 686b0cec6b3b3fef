// Measures what the extension's README reports: loading the lint engine, the lint of a
// 2,000-line TypeScript file after a one-line edit (median of many), and, interleaved with it in
// the same loop, TypeScript's own ts.createSourceFile of the same edited text: the ratio of the
// two is the editor's speed goal (issue 14: at most 3). Uses the built bundles in dist/ (run
// scripts/build.mjs first). Usage: node scripts/measure-lint.mjs [--runs 15] (each series runs twice)
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runsOption, quantile, editedText, machineLine } from './measure-support.mjs';

const require = createRequire(import.meta.url);
/** @type {typeof import('typescript')} */
const ts = require('typescript');
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const runs = runsOption(15);

const { largeTypeScriptFile } = require('./large-typescript-file.cjs');

let t0 = performance.now();
const engine = require(path.join(dist, 'lint-engine.js'));
const engineLoadMs = performance.now() - t0;

const settings = { severity: {}, ruleOptions: {} };
const { text, groups } = largeTypeScriptFile(2000);
t0 = performance.now();
const first = engine.lintText(text, { fileName: 'large.ts', languageId: 'typescript', settings });
const firstLintMs = performance.now() - t0;
if (first.messages.length !== groups) throw new Error(`expected ${groups} reports, got ${first.messages.length}`);

const lines = text.split('\n');
/** Lints after a one-line edit (as typing makes), `runs` times; returns the durations. */
/** CPU time of each lint too: on a shared machine it shows what an idle one would take. */
const cpuTimes = { all: /** @type {number[]} */ ([]), none: /** @type {number[]} */ ([]) };
/** ts.createSourceFile of each edited text, right after its lint: wall and CPU time. */
const parseTimes = { wall: /** @type {number[]} */ ([]), cpu: /** @type {number[]} */ ([]) };
/** @param {() => void} work @returns {{ wall: number, cpu: number }} */
function timed(work) {
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  work();
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu0);
  return { wall, cpu: (used.user + used.system) / 1000 };
}
function measure(/** @type {typeof settings} */ lintSettings, /** @type {number[]} */ cpu) {
  const times = [];
  for (let run = 0; run < runs; run++) {
    const edited = editedText(lines, run);
    const lint = timed(() => engine.lintText(edited, { fileName: 'large.ts', languageId: 'typescript', settings: lintSettings }));
    times.push(lint.wall);
    cpu.push(lint.cpu);
    // setParentNodes as a language service would; the same text, a different file name so no cache helps.
    const parse = timed(() => ts.createSourceFile(`parse-${run}.ts`, edited, ts.ScriptTarget.Latest, true));
    parseTimes.wall.push(parse.wall);
    parseTimes.cpu.push(parse.cpu);
  }
  return times;
}
// Interleaved in halves so a change in machine load hits both alike.
const allOff = { severity: Object.fromEntries(engine.ruleIds.map((id) => [id, 'off'])), ruleOptions: {} };
const times = [...measure(settings, cpuTimes.all)];
const parseOnly = [...measure(allOff, cpuTimes.none)];
times.push(...measure(settings, cpuTimes.all));
parseOnly.push(...measure(allOff, cpuTimes.none));

const fmt = (/** @type {number} */ ms) => `${ms.toFixed(1)} ms`;
console.log(machineLine());
console.log(`loading dist/lint-engine.js: ${fmt(engineLoadMs)} (the TypeScript parser loads on the first TS lint)`);
console.log(`first lint of the 2,000-line TypeScript file (loads the TypeScript parser): ${fmt(firstLintMs)}; parsed by ${engine.lastTypeScriptParse?.() === 'oxc' ? 'oxc-parser (src/lint/oxc-parser/)' : 'typescript-eslint'}`);
console.log(`lint after a one-line edit, ${times.length} runs: median ${fmt(quantile(times, 0.5))}, p90 ${fmt(quantile(times, 0.9))}, min ${fmt(Math.min(...times))}`);
console.log(`  of which parsing + ESLint without any rule: median ${fmt(quantile(parseOnly, 0.5))}, min ${fmt(Math.min(...parseOnly))}`);
console.log(`CPU time per lint (process, incl. GC threads): median ${fmt(quantile(cpuTimes.all, 0.5))}; without rules ${fmt(quantile(cpuTimes.none, 0.5))}`);
const parseMedian = quantile(parseTimes.wall, 0.5);
console.log(`ts.createSourceFile of the same text, interleaved: median ${fmt(parseMedian)}, min ${fmt(Math.min(...parseTimes.wall))}; CPU median ${fmt(quantile(parseTimes.cpu, 0.5))}`);
console.log(`ratio lint / ts.createSourceFile (goal <= 3): ${(quantile(times, 0.5) / parseMedian).toFixed(1)} by median wall time, ${(Math.min(...times) / Math.min(...parseTimes.wall)).toFixed(1)} by min, ${(quantile(cpuTimes.all, 0.5) / quantile(parseTimes.cpu, 0.5)).toFixed(1)} by median CPU time`);
console.log(`machine load average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (2 cores: above ~1.5 the numbers are provisional)`);
