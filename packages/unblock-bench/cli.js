#!/usr/bin/env node
/**
 * unblock-bench: thin command line over the bench-runner API. Parses flags, runs each fixture,
 * prints the reports, and turns every failure into one line on stderr and a non-zero exit.
 */
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import { BenchError, oneLine } from './errors.js';
import { createProgress } from './cli/progress.js';
import { resolveOptions } from './fixture/options.js';
import { runComparison } from './run/run-comparison.js';
import { listenForCancel } from './processes/cancel-signal.js';
import { formatComparison } from './printers/terminal.js';
import { formatJson } from './printers/json.js';
import { formatSummary } from './printers/summary.js';
import { notMeasuredText } from './printers/caveats.js';
import { renderHtml } from './printers/html.js';
import { runFunctionCommand } from './harness/command.js';
import { parseFunctionSpec } from './harness/build.js';
import { parseLatencyModel } from './harness/emit/latency.js';
import { describeParseError } from './cli/usage-errors.js';
import { OPTIONS, USAGE } from './cli/cli-flags.js';

/** Exit code for bad usage (and only for that): nothing was run. */
const USAGE_ERROR = 2;

/**
 * @param {string} message
 * @param {number} code
 */
function fail(message, code) {
  process.stderr.write(`unblock-bench: ${message}\n`);
  process.exitCode = code;
}

/** @param {string} message */
const usage = (message) => fail(message, USAGE_ERROR);

async function main() {
  const args = readArguments();
  if (!args) return;
  const { values, functionSpec } = args;
  const fixtures = functionSpec ? [] : await expandFixtures(args.positionals);
  const options = benchOptionsFrom(values);
  try {
    resolveOptions(options); // bad flags fail once, before any fixture runs
  } catch (error) {
    return usage(oneLine(error));
  }
  const jsonFile = /** @type {string | undefined} */ (values.json);
  const htmlFile = /** @type {string | undefined} */ (values.html);
  const jsonToStdout = jsonFile === '-';
  const quiet = Boolean(values.quiet);
  const cancel = listenForCancel();
  const progress = createProgress(process.stderr);
  /** @type {Run} */
  const run = {
    options,
    hooks: { signal: cancel.signal, onProgress: quiet ? undefined : (event) => progress.update(event) },
    progress,
    diff: !quiet && !values['no-diff'],
    print: (text) => {
      if (!jsonToStdout) process.stdout.write(text);
    },
  };

  /** @type {Entry[]} */
  const entries = [];
  if (functionSpec) await runFunction(run, functionSpec, /** @type {string | undefined} */ (values.latency), entries);
  await runFixtures(run, fixtures, entries);
  const swept = entries.some((e) => (e.result?.runs.length ?? 0) > 1);
  if ((fixtures.length > 1 || swept) && entries.some((e) => e.result)) run.print(`Summary\n${formatSummary(entries)}`);

  await writeReports(entries, jsonFile, htmlFile);
  const aborted = entries.some((e) => e.error?.code === 'ABORTED');
  if (aborted) process.exitCode = 130;
  // Never 0 for something it did not measure: a fixture with nothing to fix fails like a refused one.
  else if (entries.some((e) => e.error || notMeasured(e.result))) process.exitCode = 1;
  cancel.stop();
}

/**
 * @typedef {{ fixture: string, result?: any, error?: { message: string, code: string, details: string } }} Entry
 * @typedef {{
 *   options: Record<string, unknown>,
 *   hooks: { signal: AbortSignal, onProgress?: (event: any) => void },
 *   progress: ReturnType<typeof createProgress>,
 *   diff: boolean,
 *   print: (text: string) => void,
 * }} Run what every fixture or function run shares
 */

/**
 * Parses and checks the command line. Returns nothing when there is nothing to run: help or the
 * version was printed, or a usage error was reported.
 */
function readArguments() {
  let parsed;
  try {
    parsed = parseArgs({ options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    return usage(describeParseError(error, Object.keys(OPTIONS)));
  }
  const { values, positionals } = parsed;
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  if (values.version) {
    const require = createRequire(import.meta.url);
    return void process.stdout.write(`${require('./package.json').version}\n`);
  }
  const functionSpec = /** @type {string | undefined} */ (values.function);
  if (functionSpec && positionals.length > 0) return usage('give either fixtures or --function, not both (see --help)');
  if (functionSpec && values.aa) return usage('--aa goes with fixtures, not --function (see --help)');
  if (!functionSpec && values.latency !== undefined) return usage('--latency goes with --function (see --help)');
  if (!functionSpec && positionals.length === 0) return usage('no fixture given: name a folder with a fixture.json, or benchmark one function with --function <file:LINE> (see --help)');
  try {
    if (functionSpec) parseFunctionSpec(functionSpec);
    if (typeof values.latency === 'string') parseLatencyModel(values.latency);
  } catch (error) {
    return usage(oneLine(error));
  }
  return { values, positionals, functionSpec };
}

/**
 * The bench options from the flags, still as text: resolveOptions checks and converts them.
 * @param {Exclude<ReturnType<typeof readArguments>, void>['values']} values
 */
function benchOptionsFrom(values) {
  return {
    connections: values.connections,
    duration: values.duration,
    rounds: values.rounds,
    warmup: values.warmup,
    threadpoolSize: values['threadpool-size'],
    sweepThreadpool: values['sweep-threadpool'],
    rules: values.rule?.flatMap((r) => r.split(',')),
    listenTimeout: values['listen-timeout'],
    requestTimeout: values['request-timeout'],
    maxOutsideLoad: values['max-outside-load'],
    maxSteal: values['max-steal'],
    maxRepeats: values['max-repeats'],
    bystanderInterval: values['bystander-interval'],
    aa: values.aa === true,
  };
}

/**
 * --function: benchmarks one function; runFunctionCommand builds the whole text to print.
 * @param {Run} run @param {string} functionSpec @param {string | undefined} latency @param {Entry[]} entries
 */
async function runFunction(run, functionSpec, latency, entries) {
  try {
    const { text, exitCode, result } = await runFunctionCommand({ spec: functionSpec, latency, benchOptions: run.options, diff: run.diff }, run.hooks);
    run.progress.clear();
    run.print(text);
    if (result?.status === 'measured') entries.push({ fixture: functionSpec, result });
    if (exitCode !== 0) process.exitCode = exitCode;
  } catch (error) {
    run.progress.clear();
    recordFailure(entries, functionSpec, functionSpec, error);
  }
}

/**
 * Runs the fixtures one after another; a failed one does not stop the others, a cancelled one does.
 * @param {Run} run @param {string[]} fixtures @param {Entry[]} entries
 */
async function runFixtures(run, fixtures, entries) {
  for (const fixture of fixtures) {
    try {
      const result = await runComparison({ ...run.options, fixture }, run.hooks);
      run.progress.clear();
      entries.push({ fixture, result });
      run.print(`${formatComparison(result, { diff: run.diff })}\n`);
      if (notMeasured(result)) process.stderr.write(`unblock-bench: ${path.basename(fixture)}: ${notMeasuredText(result)}\n`);
    } catch (error) {
      run.progress.clear();
      const err = recordFailure(entries, fixture, path.basename(fixture), error);
      if (err.code === 'ABORTED') break;
    }
  }
}

/**
 * A fixture that ran without being measured (the rules found nothing to fix), unless it is a
 * negative control that expects exactly that.
 * @param {any} result
 */
function notMeasured(result) {
  return result?.status === 'nothing-to-fix' && !result.expected;
}

/**
 * One line on stderr (with the error's details) and an error entry for the reports; an error
 * that is not a BenchError is a bug of ours and counts as INTERNAL.
 * @param {Entry[]} entries @param {string} fixture @param {string} label @param {unknown} error
 */
function recordFailure(entries, fixture, label, error) {
  const err = error instanceof BenchError ? error : new BenchError(oneLine(error), { code: 'INTERNAL' });
  entries.push({ fixture, error: { message: err.message, code: err.code, details: err.details } });
  process.stderr.write(`unblock-bench: ${label}: ${err.message}\n${err.details ? `${err.details}\n` : ''}`);
  return err;
}

/**
 * Writes the JSON and HTML reports asked for; a report that cannot be written fails the run.
 * @param {Entry[]} entries @param {string | undefined} jsonFile @param {string | undefined} htmlFile
 */
async function writeReports(entries, jsonFile, htmlFile) {
  try {
    if (jsonFile) {
      const text = formatJson(entries);
      if (jsonFile === '-') process.stdout.write(text);
      else await writeReport(jsonFile, text);
    }
    if (htmlFile) await writeReport(htmlFile, renderHtml(entries));
  } catch (error) {
    fail(`cannot write the report: ${oneLine(error)}`, 1);
  }
}

/**
 * A fixture directory stays as it is; a directory of fixture directories expands to them. A
 * directory with neither stays too: loading it then fails with the message on how to make one.
 * @param {string[]} inputs
 */
async function expandFixtures(inputs) {
  const out = [];
  for (const input of inputs) {
    const info = await stat(input).catch(() => null);
    if (info?.isDirectory() && !(await stat(path.join(input, 'fixture.json')).catch(() => null))) {
      const children = (await readdir(input, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => path.join(input, d.name));
      const found = await Promise.all(children.sort().map((child) => stat(path.join(child, 'fixture.json')).catch(() => null)));
      const fixtures = children.filter((_, i) => found[i]);
      out.push(...(fixtures.length > 0 ? fixtures : [input]));
    } else {
      out.push(input);
    }
  }
  return out;
}

/**
 * @param {string} file
 * @param {string} text
 */
async function writeReport(file, text) {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  await writeFile(file, text);
}

// `unblock-bench observe …` is a command of its own (observe/command.js).
const command = process.argv[2] === 'observe' ? import('./observe/command.js').then((observe) => observe.main(process.argv.slice(3))) : main();
command.catch((error) => {
  fail(`internal error: ${oneLine(error)}`, 1);
});
