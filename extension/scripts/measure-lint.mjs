// Measures what the extension's README reports: loading the lint engine, the lint of a
// 2,000-line TypeScript file after a one-line edit (median of many), and loading the
// activation bundle. Uses the built bundles in dist/ (run scripts/build.mjs first).
// Usage: node scripts/measure-lint.mjs [--runs 15]   (each series runs twice)
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg === -1 ? 15 : Number(process.argv[runsArg + 1]);
if (!Number.isInteger(runs) || runs < 3) throw new Error('--runs must be a whole number of at least 3');

const { largeTypeScriptFile } = require('./large-typescript-file.cjs');
/** @param {number[]} values @param {number} q */
const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))];

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
function measure(/** @type {typeof settings} */ lintSettings, /** @type {number[]} */ cpu) {
  const times = [];
  for (let run = 0; run < runs; run++) {
    const edited = [...lines.slice(0, 7), `  // edit ${run}`, ...lines.slice(7)].join('\n');
    const cpu0 = process.cpuUsage();
    t0 = performance.now();
    engine.lintText(edited, { fileName: 'large.ts', languageId: 'typescript', settings: lintSettings });
    times.push(performance.now() - t0);
    const used = process.cpuUsage(cpu0);
    cpu.push((used.user + used.system) / 1000);
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
console.log(`machine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}, Node ${process.version}`);
console.log(`loading dist/lint-engine.js: ${fmt(engineLoadMs)} (the TypeScript parser loads on the first TS lint)`);
console.log(`first lint of the 2,000-line TypeScript file (loads the TypeScript parser): ${fmt(firstLintMs)}`);
console.log(`lint after a one-line edit, ${times.length} runs: median ${fmt(quantile(times, 0.5))}, p90 ${fmt(quantile(times, 0.9))}, min ${fmt(Math.min(...times))}`);
console.log(`  of which parsing + ESLint without any rule: median ${fmt(quantile(parseOnly, 0.5))}, min ${fmt(Math.min(...parseOnly))}`);
console.log(`CPU time per lint (process, incl. GC threads): median ${fmt(quantile(cpuTimes.all, 0.5))}; without rules ${fmt(quantile(cpuTimes.none, 0.5))}`);
