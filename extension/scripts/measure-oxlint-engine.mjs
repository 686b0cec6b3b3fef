// What the editor's lint could cost on oxlint's JS-plugin engine instead of ESLint's Linter: the
// same 2,000-line TypeScript file after a one-line edit, linted in-process by oxlint (Rust parse,
// tokens and scopes handed to the plugin's JavaScript rules) through its public RuleTester, next
// to ts.createSourceFile of the same text, interleaved. Each rule runs as its own RuleTester case,
// so the file is parsed three times: an upper bound for one lint with all three rules.
// oxlint's in-process path needs Node 22 or later (raw transfer of the AST); the oxlint CLI and
// this project's tests run on Node 20 as well.
// Usage: node scripts/measure-oxlint-engine.mjs [--runs 12]
import { createRequire } from 'node:module';
import { runsOption, median, editedText, machineLine } from './measure-support.mjs';

const require = createRequire(import.meta.url);
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(`measure-oxlint-engine: oxlint's in-process engine needs Node 22 or later (this is Node ${process.version}).`);
  process.exit(1);
}
const runs = runsOption(12);

/** @type {typeof import('typescript')} */
const ts = require('typescript');
const { RuleTester } = await import('oxlint/plugins-dev');
// The plugin from this repository (the bundles alias the package name to it; plain Node does not).
const { default: plugin } = await import('../../packages/eslint-plugin-unblock/index.js');
const { largeTypeScriptFile } = require('./large-typescript-file.cjs');

const { text, groups } = largeTypeScriptFile(2000);
/** @type {(() => void) | undefined} */
let pendingCase;
// RuleTester hands each case to `it`; keep it to run (and time) it here instead of in a test runner.
RuleTester.describe = (/** @type {string} */ _name, /** @type {() => void} */ body) => body();
RuleTester.it = (/** @type {string} */ _name, /** @type {() => void} */ body) => { pendingCase = body; };
const tester = new RuleTester();

/** @param {string} code one lint of `code` with each rule; returns the milliseconds */
function lintWithOxlint(code) {
  let total = 0;
  for (const [id, rule] of Object.entries(plugin.rules)) {
    const reported = id === 'no-await-waterfall' ? groups : 0;
    const testCase = { code, filename: 'large.ts' };
    tester.run(id, /** @type {any} */ (rule), reported > 0 ? { valid: [], invalid: [{ ...testCase, errors: reported }] } : { valid: [testCase], invalid: [] });
    const start = performance.now();
    pendingCase?.(); // throws if oxlint's reports differ from the expected count
    total += performance.now() - start;
  }
  return total;
}

const lines = text.split('\n');
const lintTimes = [];
const parseTimes = [];
for (let run = 0; run < runs; run++) {
  const edited = editedText(lines, run);
  lintTimes.push(lintWithOxlint(edited));
  const start = performance.now();
  ts.createSourceFile(`parse-${run}.ts`, edited, ts.ScriptTarget.Latest, true);
  parseTimes.push(performance.now() - start);
}
console.log(machineLine());
console.log(`oxlint engine, three rules (three parses): median ${median(lintTimes).toFixed(1)} ms, min ${Math.min(...lintTimes).toFixed(1)} ms`);
console.log(`ts.createSourceFile of the same text: median ${median(parseTimes).toFixed(1)} ms, min ${Math.min(...parseTimes).toFixed(1)} ms`);
console.log(`ratio (goal <= 3): ${(median(lintTimes) / median(parseTimes)).toFixed(1)} by median, ${(Math.min(...lintTimes) / Math.min(...parseTimes)).toFixed(1)} by min`);
