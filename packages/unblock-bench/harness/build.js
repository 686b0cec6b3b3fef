import { readFile } from 'node:fs/promises';
import path from 'node:path';

import traverseModule from '@babel/traverse';
import { parseSource } from './extract/parse.js';
import { stripTypes } from './extract/strip-types.js';
import { locateFunction, describeFunction } from './extract/locate.js';
import { collect } from './extract/collect.js';
import { emitHarness } from './emit/emit.js';
import { HarnessRefusal } from './refusal.js';
import { validateLatencyModel, describeLatencyModel, DEFAULT_LATENCY_MODEL, parseLatencyModel, withFixedIterations } from './emit/latency.js';
import { applyPluginFixes } from './emit/apply-fixes.js';

export { HarnessRefusal, validateLatencyModel, describeLatencyModel, parseLatencyModel, DEFAULT_LATENCY_MODEL };

/** @type {typeof import('@babel/traverse').default} */
// @ts-ignore -- CommonJS default export seen from ESM
const traverse = traverseModule.default ?? traverseModule;

const RUNTIME_URL = new URL('./emit/runtime.js', import.meta.url).href;

/**
 * @typedef {{
 *   functionName: string | null,
 *   file: string,
 *   line: number,
 *   model: import('./emit/latency.js').LatencyModel,
 *   modelText: string,
 *   before: { source: string } | null,
 *   after: { source: string, fixed: boolean, messages: string[] } | null,
 *   simulated: string[],
 *   span?: { start: number, end: number },
 *   refusal?: string,
 * }} FunctionHarness `span`: the function's first and last line
 */

/**
 * Parses "path/to/file.js:42" (the CLI's `--function` value).
 * @param {string} spec
 * @returns {{ file: string, line: number }}
 */
export function parseFunctionSpec(spec) {
  const match = /^(.+):(\d+)$/.exec(String(spec ?? ''));
  if (!match || Number(match[2]) < 1) throw new TypeError(`--function expects path/to/file.js:LINE (got "${spec}")`);
  return { file: match[1], line: Number(match[2]) };
}

/**
 * Builds the "before" harness module for the function that contains `line` of `file` (and the
 * "after" module, by applying the plugin's fixes to it). A function the harness cannot isolate gives
 * `refusal` (one sentence) and no sources: never a harness that would produce a wrong number.
 * @param {{ file: string, line: number, latencyModel?: unknown, source?: string, runtimeSpecifier?: string, rules?: string[], probe?: boolean }} options
 *   `probe: true` builds the step-counting variant used to count waits (see latency.js), not a benchmark
 * @returns {Promise<FunctionHarness>}
 */
export async function buildFunctionHarness(options) {
  if (!options || typeof options.file !== 'string' || options.file === '') throw new TypeError('buildFunctionHarness needs { file: string, line: number }');
  if (!Number.isInteger(options.line) || options.line < 1) throw new TypeError(`line must be a positive integer (got ${JSON.stringify(options.line)})`);
  const model = options.probe ? /** @type {any} */ ({ kind: 'steps' }) : withFixedIterations(validateLatencyModel(options.latencyModel));
  const modelText = options.probe ? 'steps (counts waits on the critical path; no time)' : describeLatencyModel(model);
  const file = path.resolve(options.file);
  const base = { functionName: null, file, line: options.line, model, modelText, before: null, after: null, simulated: [] };

  let code = options.source;
  if (code === undefined) {
    try {
      code = await readFile(file, 'utf8');
    } catch (error) {
      return { ...base, refusal: `cannot read ${options.file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}` };
    }
  }
  const parsed = parseSource(code, file);
  if ('error' in parsed) return { ...base, refusal: `the file does not parse: ${parsed.error}` };
  const { ast } = parsed;

  let analysed;
  try {
    analysed = analyse(ast, file, options.line, model, modelText, options.runtimeSpecifier ?? RUNTIME_URL);
  } catch (err) {
    // Babel's scope tracker throws on some recovered errors (a duplicate declaration anywhere in
    // the file); that is a file the harness cannot analyse, not a crash.
    if (err instanceof HarnessRefusal) return { ...base, refusal: err.message };
    return { ...base, refusal: `the file cannot be analysed: ${String(err?.message ?? err).split('\n')[0]}` };
  }
  if ('refusal' in analysed) return { ...base, ...analysed };
  const { functionName, source, collected, span } = analysed;
  const after = await applyPluginFixes(source, { rules: options.rules });
  return {
    ...base,
    functionName,
    span,
    before: { source },
    after,
    simulated: collected.asyncCalls,
  };
}

export { RUNTIME_URL };

/**
 * @param {import('@babel/types').File} ast
 * @param {string} file
 * @param {number} line
 * @param {import('./emit/latency.js').LatencyModel} model
 * @param {string} modelText
 * @param {string} runtimeSpecifier
 */
function analyse(ast, file, line, model, modelText, runtimeSpecifier) {
  const located = locateFunction(ast, line);
  if (!located) return { refusal: `no function contains line ${line} of ${path.basename(file)}` };
  const { start, end } = located.node.loc;
  const error = /** @type {any[]} */ (/** @type {any} */ (ast).errors ?? []).find((e) => e.loc && e.loc.line >= start.line && e.loc.line <= end.line);
  if (error) return { refusal: `the function does not parse: ${String(error.message).replace(/\s*\(\d+:\d+\)$/, '')} (line ${error.loc.line})` };

  // Types are removed before scope analysis so that type-only references never look like data.
  stripTypes(ast);
  traverse.cache.clear();
  const target = locateFunction(ast, line);
  const functionName = describeFunction(target);
  let collected;
  try {
    collected = collect(target);
  } catch (err) {
    if (err instanceof HarnessRefusal) return { functionName, refusal: err.message };
    throw err;
  }
  const { source } = emitHarness({ target, collected, model, modelText, file, line, functionName, runtimeSpecifier });
  return { functionName, source, collected, span: { start: start.line, end: end.line } };
}
