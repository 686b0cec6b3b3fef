/**
 * `unblock-bench observe <fixture or folder> [options]`: the command line over runObserve. Prints
 * the ranked table, writes the observations the rules read back (`.unblock/observed.json` next to
 * package.json unless told otherwise) and the JSON and HTML reports asked for; every failure is
 * one line on stderr and a non-zero exit (2: bad usage, 1: a failed run, 130: cancelled).
 */
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BenchError, oneLine } from '../errors.js';
import { createProgress } from '../cli/progress.js';
import { listenForCancel } from '../processes/cancel-signal.js';
import { describeParseError } from '../cli/usage-errors.js';
import { KNOWN_RULES } from '../fixture/options.js';
import { runObserve } from './observe.js';
import { observeSettings } from './settings.js';
import { formatObservation } from './print/print-terminal.js';
import { renderObservationHtml } from './print/print-html.js';
import { defaultObservedFile, mergeObservations, observationJson, writeObservation } from './observed-file.js';

export const OBSERVE_OPTIONS = /** @type {const} */ ({
  json: { type: 'string' },
  html: { type: 'string' },
  observed: { type: 'string' },
  'no-observed': { type: 'boolean' },
  connections: { type: 'string' },
  duration: { type: 'string' },
  warmup: { type: 'string' },
  rule: { type: 'string', multiple: true },
  'threadpool-size': { type: 'string' },
  'listen-timeout': { type: 'string' },
  'request-timeout': { type: 'string' },
  quiet: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
});

export const OBSERVE_USAGE = `Usage: unblock-bench observe <fixture or folder> [options]

Runs the server of a fixture (a folder with a fixture.json, as for the bench) once, instrumented,
loads each of its routes, and reports per finding and route the time lost per request, what the
rules missed, and the functions that ran only at start-up. Then writes .unblock/observed.json next
to package.json, which the rules read back.

Options:
  --json <file>             write the observation as JSON ("-" for stdout)
  --html <file>             write it as an HTML page
  --observed <file>         write the observations for the rules here instead
  --no-observed             do not write observations for the rules
  --connections <n>         concurrent connections (default: the fixture's lowest level)
  --duration <seconds>      observed load per route (default: the fixture's, else 2)
  --warmup <seconds>        unmeasured load per route before it (default 0.5)
  --rule <id>               rules whose reports to link (repeatable; default: all)
  --threadpool-size <n>     UV_THREADPOOL_SIZE of the server (default: the fixture's, else 4)
  --listen-timeout <s>      seconds the server may take to listen (default 10)
  --request-timeout <s>     seconds before a request counts as hung (default 5)
  --quiet                   no progress line
  -h, --help                this text`;

/**
 * @param {string[]} argv the arguments after `observe`
 */
export async function main(argv) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OBSERVE_OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    return fail(describeParseError(error, Object.keys(OBSERVE_OPTIONS)).replace('(see --help)', '(see observe --help)'), 2);
  }
  const { values, positionals } = parsed;
  if (values.help) return void process.stdout.write(`${OBSERVE_USAGE}\n`);
  if (positionals.length === 0) return fail('observe: name a fixture (a folder with a fixture.json) or a folder of fixtures (see observe --help)', 2);
  if (values.observed !== undefined && values['no-observed']) return fail('observe: give --observed <file> or --no-observed, not both', 2);
  try {
    // Bad values fail once, before anything runs (the fixture's own defaults are checked when it loads).
    observeSettings(optionsFrom(values, ''), /** @type {any} */ ({ load: {}, rules: KNOWN_RULES }));
  } catch (error) {
    return fail(`observe: ${oneLine(error)}`, 2);
  }
  const fixtures = await expandFixtures(positionals);
  const cancel = listenForCancel();
  const progress = createProgress(process.stderr);
  const toStdout = values.json === '-';
  /** @type {import('./result.js').Observation[]} */
  const observations = [];
  let failed = false;
  for (const fixture of fixtures) {
    try {
      const observation = await runObserve(optionsFrom(values, fixture), { signal: cancel.signal, onProgress: values.quiet ? undefined : (event) => progress.update(/** @type {any} */ (event)) });
      progress.clear();
      observations.push(observation);
    } catch (error) {
      progress.clear();
      const err = error instanceof BenchError ? error : new BenchError(oneLine(error), { code: 'INTERNAL' });
      process.stderr.write(`unblock-bench: ${path.basename(fixture)}: ${err.message}\n${err.details ? `${err.details}\n` : ''}`);
      failed = true;
      if (err.code === 'ABORTED') {
        process.exitCode = 130;
        break;
      }
    }
  }
  cancel.stop();
  try {
    await writeOutputs(observations, values, toStdout);
  } catch (error) {
    return fail(`cannot write the report: ${oneLine(error)}`, 1);
  }
  if (failed && process.exitCode !== 130) process.exitCode = 1;
}

/**
 * @param {Record<string, any>} values
 * @param {string} fixture
 */
function optionsFrom(values, fixture) {
  return {
    fixture,
    connections: values.connections,
    duration: values.duration,
    warmup: values.warmup,
    rules: values.rule?.flatMap((/** @type {string} */ r) => r.split(',')),
    threadpoolSize: values['threadpool-size'],
    listenTimeout: values['listen-timeout'],
    requestTimeout: values['request-timeout'],
  };
}

/**
 * The observations for the rules (one file per project root), the table, and the reports.
 * @param {import('./result.js').Observation[]} observations
 * @param {Record<string, any>} values
 * @param {boolean} toStdout the JSON goes to stdout, so the table does not
 */
async function writeOutputs(observations, values, toStdout) {
  if (observations.length === 0) return;
  /** @type {Map<string, import('./result.js').Observation[]>} */
  const byRoot = new Map();
  for (const o of observations) byRoot.set(o.projectRoot, [...(byRoot.get(o.projectRoot) ?? []), o]);
  /** @type {Map<import('./result.js').Observation, string>} */
  const writtenTo = new Map();
  if (!values['no-observed']) {
    for (const group of byRoot.values()) {
      const merged = mergeObservations(group);
      const file = values.observed ?? defaultObservedFile(merged);
      await writeObservation(merged, file);
      const shown = path.relative(process.cwd(), file);
      for (const o of group) writtenTo.set(o, shown && !shown.startsWith('..') ? shown : path.resolve(file));
    }
  }
  if (!toStdout) for (const o of observations) process.stdout.write(`${formatObservation(o, { observedFile: writtenTo.get(o) })}\n`);
  const all = byRoot.size === 1 ? mergeObservations(observations) : null;
  if (values.json) {
    const text = all ? observationJson(all, values.json === '-' ? path.join(all.projectRoot, 'observed.json') : values.json) : `${JSON.stringify(observations, null, 2)}\n`;
    if (toStdout) process.stdout.write(text);
    else await writeReport(values.json, text);
  }
  if (values.html) await writeReport(values.html, observations.map(renderObservationHtml).join('\n'));
}

/** @param {string} file @param {string} text */
async function writeReport(file, text) {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  await writeFile(file, text);
}

/**
 * A fixture folder stays; a folder of fixture folders becomes them (as for the bench).
 * @param {string[]} inputs
 */
async function expandFixtures(inputs) {
  const out = [];
  for (const input of inputs) {
    const info = await stat(input).catch(() => null);
    const own = info?.isDirectory() && (await stat(path.join(input, 'fixture.json')).catch(() => null));
    if (!info?.isDirectory() || own) {
      out.push(input);
      continue;
    }
    const children = (await readdir(input, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => path.join(input, d.name)).sort();
    const found = await Promise.all(children.map((child) => stat(path.join(child, 'fixture.json')).catch(() => null)));
    const fixtures = children.filter((_, i) => found[i]);
    out.push(...(fixtures.length > 0 ? fixtures : [input]));
  }
  return out;
}

/**
 * @param {string} message
 * @param {number} code
 */
function fail(message, code) {
  process.stderr.write(`unblock-bench: ${message}\n`);
  process.exitCode = code;
}
