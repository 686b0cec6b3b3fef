// The lint engine bundle (dist/lint-engine.js): ESLint's Linter and eslint-plugin-unblock.
// Loaded on the first lint, so activating the extension stays cheap. The TypeScript parser
// (with the TypeScript compiler, most of the bundle's weight) is evaluated only when the first
// TypeScript document is linted: esbuild turns the require() below into a lazy module call.
// TypeScript is parsed by oxc-parser where it can be (oxc-parser/: the same trees, tokens and scopes
// as typescript-eslint, several times faster), by typescript-eslint everywhere else.
import { Linter } from 'eslint/universal';
import unblock from 'eslint-plugin-unblock';
import { planWorkerOffloads, createProofCollector } from 'eslint-plugin-unblock/tooling';
export { forgetProjectFile } from 'eslint-plugin-unblock/tooling';
import { onLintWarning } from 'eslint-plugin-unblock/tooling';
import { createLintRunner } from './run-lint.js';
// The bench's own predicate for what "Benchmark this function" can measure (the CodeLens follows it).
import { functionBenchMeasures } from 'unblock-bench/measurable';

/** @type {ReturnType<typeof import('./oxc-parser/index.js').createOxcParser> | undefined} */
let tsParser;
const loadTsParser = () => (tsParser ??= require('./oxc-parser/index.js').createOxcParser({ fallback: require('@typescript-eslint/parser'), ts: require('typescript') }));

/** Which parser read the last TypeScript document: 'oxc', 'fallback' (typescript-eslint) or undefined (none yet). */
export const lastTypeScriptParse = () => tsParser?.lastPath();

export const { lintText, docsUrls, summaries, ruleIds } = createLintRunner({ Linter, plugin: unblock, loadTsParser, planWorkerOffloads, onLintWarning, benchMeasures: functionBenchMeasures, createProofCollector });
