import { machineLine, ms, percent, ratio, rps, table } from './format.js';
import { ratioVerdict } from '../verdict.js';

/**
 * One table for many fixtures (`npm run bench`): a row per fixture, thread-pool size and
 * connection level. Failed fixtures and fixtures with nothing to fix get a row saying so.
 * Pure: results in, text out.
 * @param {Array<{ fixture: string, result?: any, error?: { message: string } }>} entries
 * @param {{ markdown?: boolean }} [options]
 * @returns {string}
 */
export function formatSummary(entries, options = {}) {
  const { machine, headers, rows } = summaryRows(entries);
  const head = machine ? `machine: ${machineLine(machine)}\n` : '';
  return `${head}${table(headers, rows, options)}\n`;
}

/**
 * The summary's cells, shared by the text and the HTML printer.
 * @param {Array<{ fixture: string, result?: any, error?: { message: string } }>} entries
 * @returns {{ machine: any, headers: string[], rows: string[][] }}
 */
export function summaryRows(entries) {
  const machine = entries.find((e) => e.result)?.result.machine;
  const headers = ['fixture', 'pool', 'conns', 'req/s before → after', 'after vs before', 'p50 ms', 'p99 ms', 'event loop p99 ms', 'bystander p50 ms', 'ideal (reached)', 'bound after fix', 'wall s'];
  /** @type {string[][]} */
  const rows = [];
  for (const entry of entries) {
    const result = entry.result;
    if (!result) {
      rows.push([entry.fixture, '', '', `error: ${entry.error?.message ?? 'unknown'}`]);
      continue;
    }
    if (result.status === 'nothing-to-fix') {
      rows.push([result.fixture.name, '', '', 'nothing to fix (not benchmarked)', '', '', '', '', '', '', '', result.wallSeconds.toFixed(1)]);
      continue;
    }
    let first = true;
    for (const run of result.runs) {
      for (const level of run.levels) {
        const { before: b, after: a, ideal } = level;
        rows.push([
          first ? result.fixture.name : '',
          String(run.threadpoolSize),
          String(level.connections),
          `${rps(b.rps?.median)} → ${rps(a.rps?.median)}`,
          ratioVerdict(level.ratio.rps).text,
          `${ms(b.latency.p50)} → ${ms(a.latency.p50)}`,
          `${ms(b.latency.p99)} → ${ms(a.latency.p99)}`,
          `${ms(b.eventLoop.p99)} → ${ms(a.eventLoop.p99)}`,
          `${ms(b.bystander.p50)} → ${ms(a.bystander.p50)}`,
          ideal.gain === null ? 'n/a' : `${ratio(ideal.gain)} (${ideal.reached === null ? 'no gain expected' : percent(ideal.reached)})`,
          shortBound(a.bound) + (result.host?.noisy ? ' [noisy host]' : level.noisySlices ? ' [noisy]' : ''),
          first ? result.wallSeconds.toFixed(1) : '',
        ]);
        first = false;
      }
    }
  }
  return { machine, headers, rows };
}

/** @param {string} bound */
function shortBound(bound) {
  return bound.replace(/ \(.*\)$/, '');
}
