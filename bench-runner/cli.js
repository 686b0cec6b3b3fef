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
import { createProgress } from './progress.js';
import { resolveOptions } from './options.js';
import { runComparison } from './run-comparison.js';
import { stopAllChildren } from './supervisor.js';
import { formatComparison } from './printers/terminal.js';
import { formatJson } from './printers/json.js';
import { formatSummary } from './printers/summary.js';
import { renderHtml } from './printers/html.js';
import { runFunctionCommand } from './harness/command.js';
import { parseFunctionSpec } from './harness/build.js';
import { parseLatencyModel } from './harness/latency.js';
import { describeParseError } from './usage-errors.js';

const USAGE = `Usage: unblock-bench [options] <fixture-dir…>
       unblock-bench [options] --function <file:LINE> [--latency io:10]

Applies the Unblock rules' fixes to each fixture, checks that before and after answer alike,
and measures both under alternating HTTP load. A directory without fixture.json runs every
fixture directory inside it. With --function, benchmarks the function around LINE of a source
file instead, against simulated backends (docs/function-bench.md).

Options:
  --function <file:LINE>     benchmark the function that contains LINE (no fixture needed)
  --latency <model>          latency model for --function: io:10 (default), threadpool:3, or JSON
  --connections <list>       connection levels, e.g. 1,10 (default: fixture.json or 1,10)
  --duration <s>             seconds per measured slice (default 2)
  --rounds <n>               A/B pairs per connection level (default 5)
  --warmup <s>               unmeasured seconds per variant and level (default 1)
  --bystander-interval <ms>  pause between bystander probes (default 25)
  --threadpool-size <n>      UV_THREADPOOL_SIZE for both servers (default: fixture.json or 4)
  --sweep-threadpool <list>  one comparison per pool size, e.g. 2,4,8
  --rule <id>                rule to apply, repeatable (default: the fixture's rules)
  --json <file>              write the JSON report ("-" for stdout)
  --html <file>              write the HTML report with charts
  --no-diff                  do not print the diff of the fix
  --quiet                    no progress, no diff: only the result tables
  --listen-timeout <s>       time a server may take to listen (default 10)
  --request-timeout <s>      time before a request counts as hung (default 5)
  --max-outside-load <cores> outside CPU use that makes a slice repeat or be flagged (default 0.5)
  --max-steal <percent>      CPU time stolen by the hypervisor that makes the host "noisy" (default 5)
  --max-repeats <n>          slices repeated per connection level because of outside load (default 1)
  -h, --help                 show this help
  -v, --version              show the version

Exit codes: 0 every fixture ran or had nothing to fix; 1 a fixture or function failed or was
refused (the others still run); 2 bad usage (unknown flag, bad value, flags that do not go
together), nothing was run; 130 cancelled.`;

const OPTIONS = /** @type {const} */ ({
  function: { type: 'string' },
  latency: { type: 'string' },
  connections: { type: 'string' },
  duration: { type: 'string' },
  rounds: { type: 'string' },
  warmup: { type: 'string' },
  'threadpool-size': { type: 'string' },
  'sweep-threadpool': { type: 'string' },
  rule: { type: 'string', multiple: true },
  json: { type: 'string' },
  html: { type: 'string' },
  'no-diff': { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
  'listen-timeout': { type: 'string' },
  'request-timeout': { type: 'string' },
  'max-outside-load': { type: 'string' },
  'max-steal': { type: 'string' },
  'max-repeats': { type: 'string' },
  'bystander-interval': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
});

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
    return void process.stdout.write(`${require('../package.json').version}\n`);
  }
  const functionSpec = /** @type {string | undefined} */ (values.function);
  if (functionSpec && positionals.length > 0) return usage('give either fixtures or --function, not both (see --help)');
  if (!functionSpec && values.latency !== undefined) return usage('--latency goes with --function (see --help)');
  if (!functionSpec && positionals.length === 0) return usage('no fixture given: name a folder with a fixture.json, or benchmark one function with --function <file:LINE> (see --help)');
  try {
    if (functionSpec) parseFunctionSpec(functionSpec);
    if (typeof values.latency === 'string') parseLatencyModel(values.latency);
  } catch (error) {
    return usage(oneLine(error));
  }

  const fixtures = functionSpec ? [] : await expandFixtures(positionals);
  const options = {
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
  };
  try {
    resolveOptions(options); // bad flags fail once, before any fixture runs
  } catch (error) {
    return usage(oneLine(error));
  }
  const jsonFile = /** @type {string | undefined} */ (values.json);
  const htmlFile = /** @type {string | undefined} */ (values.html);
  const jsonToStdout = jsonFile === '-';
  const quiet = Boolean(values.quiet);
  const print = (/** @type {string} */ text) => {
    if (!jsonToStdout) process.stdout.write(text);
  };

  const controller = new AbortController();
  let interrupts = 0;
  const onSignal = (/** @type {NodeJS.Signals} */ sig) => {
    interrupts += 1;
    controller.abort(sig === 'SIGINT' ? 'Ctrl-C' : sig);
    if (interrupts > 1) stopAllChildren().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const progress = createProgress(process.stderr);
  /** @type {Array<{ fixture: string, result?: any, error?: { message: string, code: string, details: string } }>} */
  const entries = [];
  if (functionSpec) {
    try {
      const { text, exitCode, result } = await runFunctionCommand(
        { spec: functionSpec, latency: /** @type {string | undefined} */ (values.latency), benchOptions: options, diff: !quiet && !values['no-diff'] },
        { signal: controller.signal, onProgress: quiet ? undefined : (event) => progress.update(event) },
      );
      progress.clear();
      print(text);
      if (result?.status === 'measured') entries.push({ fixture: functionSpec, result });
      if (exitCode !== 0) process.exitCode = exitCode;
    } catch (error) {
      progress.clear();
      const err = error instanceof BenchError ? error : new BenchError(oneLine(error), { code: 'INTERNAL' });
      entries.push({ fixture: functionSpec, error: { message: err.message, code: err.code, details: err.details } });
      process.stderr.write(`unblock-bench: ${functionSpec}: ${err.message}\n${err.details ? `${err.details}\n` : ''}`);
    }
  }
  for (const fixture of fixtures) {
    try {
      const result = await runComparison(
        { ...options, fixture },
        { signal: controller.signal, onProgress: quiet ? undefined : (event) => progress.update(event) },
      );
      progress.clear();
      entries.push({ fixture, result });
      print(`${formatComparison(result, { diff: !quiet && !values['no-diff'] })}\n`);
    } catch (error) {
      progress.clear();
      const err = error instanceof BenchError ? error : new BenchError(oneLine(error), { code: 'INTERNAL' });
      entries.push({ fixture, error: { message: err.message, code: err.code, details: err.details } });
      process.stderr.write(`unblock-bench: ${path.basename(fixture)}: ${err.message}\n${err.details ? `${err.details}\n` : ''}`);
      if (err.code === 'ABORTED') break;
    }
  }
  const swept = entries.some((e) => (e.result?.runs.length ?? 0) > 1);
  if ((fixtures.length > 1 || swept) && entries.some((e) => e.result)) print(`Summary\n${formatSummary(entries)}`);

  try {
    if (jsonFile) {
      const text = formatJson(entries);
      if (jsonToStdout) process.stdout.write(text);
      else await writeReport(jsonFile, text);
    }
    if (htmlFile) await writeReport(htmlFile, renderHtml(entries));
  } catch (error) {
    fail(`cannot write the report: ${oneLine(error)}`, 1);
  }
  const aborted = entries.some((e) => e.error?.code === 'ABORTED');
  if (aborted) process.exitCode = 130;
  else if (entries.some((e) => e.error)) process.exitCode = 1;
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
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

main().catch((error) => {
  fail(`internal error: ${oneLine(error)}`, 1);
});
